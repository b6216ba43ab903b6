import { describe, expect, it } from 'vitest';
import { memberDeleteConfirmation, referralMemberListQuerySchema } from './referral-members.ts';

describe('member profiles query (000 §2.8)', () => {
  it('defaults to the first page of 24, every status', () => {
    expect(referralMemberListQuerySchema.parse({})).toEqual({ page: 1, page_size: 24, status: 'all' });
  });

  it('takes status labels and maps auto-matched to matched', () => {
    expect(referralMemberListQuerySchema.parse({ status: 'In Progress' }).status).toBe('in_progress');
    expect(referralMemberListQuerySchema.parse({ status: 'Auto-Matched' }).status).toBe('matched');
    expect(referralMemberListQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(referralMemberListQuerySchema.safeParse({ page_size: 101 }).success).toBe(false);
  });
});

describe('member delete confirmation (000 §2.8)', () => {
  it('names the count of pending referrals', () => {
    expect(memberDeleteConfirmation('Ana Ruiz', 1)).toBe(
      'Are you sure you want to delete 1 pending referral for Ana Ruiz? Referrals in any other status are kept.',
    );
    expect(memberDeleteConfirmation('Ana Ruiz', 3)).toContain('delete 3 pending referrals for Ana Ruiz?');
  });
});
