import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES, GAP_KINDS } from './analytics.ts';
import { REFERRAL_QUEUE_MESSAGES, referralListQuerySchema } from './referral-queue.ts';

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

describe('Service Gaps filters (issue #20)', () => {
  it('takes a need, a county, a gap kind or unmet, and a period', () => {
    expect(
      referralListQuerySchema.parse({
        need: ' Housing Assistance ',
        county_fips: '06037',
        gap: 'not_served',
        from: '2026-01-01',
        to: '2026-01-31',
      }),
    ).toMatchObject({
      need: 'Housing Assistance',
      county_fips: '06037',
      gap: 'not_served',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    for (const gap of [...GAP_KINDS, 'unmet']) {
      expect(referralListQuerySchema.parse({ gap }).gap).toBe(gap);
    }
    // One day: from = to.
    expect(referralListQuerySchema.safeParse({ from: '2026-03-05', to: '2026-03-05' }).success).toBe(true);
    expect(referralListQuerySchema.parse({}).gap).toBeUndefined();
  });

  it('refuses an unknown gap, a bad county, a bad date and a reversed period, with clear messages', () => {
    const issue = (input: Record<string, unknown>) => {
      const result = referralListQuerySchema.safeParse(input);
      expect(result.success).toBe(false);
      return result.error!.issues[0]!;
    };
    expect(issue({ gap: 'lost' })).toMatchObject({
      path: ['gap'],
      message: REFERRAL_QUEUE_MESSAGES.gapInvalid,
    });
    expect(REFERRAL_QUEUE_MESSAGES.gapInvalid).toBe(
      'gap must be one of declined, expired, cancelled, not_served, unmatched, unmet.',
    );
    for (const county_fips of ['6037', '060370', 'ab123']) {
      expect(issue({ county_fips })).toMatchObject({
        path: ['county_fips'],
        message: REFERRAL_QUEUE_MESSAGES.countyInvalid,
      });
    }
    expect(issue({ need: '  ' }).path).toEqual(['need']);
    expect(issue({ from: '2026-02-30' })).toMatchObject({
      path: ['from'],
      message: ANALYTICS_MESSAGES.dateInvalid,
    });
    expect(issue({ to: '01/31/2026' }).path).toEqual(['to']);
    expect(issue({ from: '2026-02-01', to: '2026-01-31' })).toMatchObject({
      path: ['to'],
      message: ANALYTICS_MESSAGES.endBeforeStart,
    });
  });
});
