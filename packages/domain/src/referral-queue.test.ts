import { describe, expect, it } from 'vitest';
import { referralListQuerySchema } from './referral-queue.ts';

describe('list query', () => {
  it('defaults and bounds', () => {
    expect(referralListQuerySchema.parse({})).toEqual({
      page: 1,
      page_size: 50,
      status: 'all',
      urgency: 'all',
      method: 'all',
      scope: 'all',
    });
    expect(referralListQuerySchema.parse({ status: 'In Progress', urgency: 'Within 24h' })).toMatchObject({
      status: 'in_progress',
      urgency: 'Within 24h',
    });
    expect(referralListQuerySchema.safeParse({ page_size: 201 }).success).toBe(false);
    expect(referralListQuerySchema.safeParse({ page: 0 }).success).toBe(false);
    expect(referralListQuerySchema.safeParse({ method: 'robot' }).success).toBe(false);
  });
});
