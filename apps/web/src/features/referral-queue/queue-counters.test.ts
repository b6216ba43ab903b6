import { REFERRAL_STATUSES, type ReferralCounts } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { queueCounters } from './queue-counters.tsx';

describe('queue counters (000 §2.3, issue #14)', () => {
  it('add up to Published, whatever the statuses hold', () => {
    const byStatus = Object.fromEntries(REFERRAL_STATUSES.map((s, i) => [s, i + 1])) as Record<
      string,
      number
    >;
    const all = Object.values(byStatus).reduce((n, v) => n + v, 0);
    const assigned = ['matched', 'authorized', 'in_progress', 'completed'].reduce(
      (n, s) => n + byStatus[s]!,
      0,
    );
    const counters = queueCounters({ ...byStatus, all, assigned } as ReferralCounts);
    const [published, ...parts] = counters;
    expect(published).toMatchObject({ label: 'Published', value: all });
    expect(parts.reduce((n, c) => n + (c.value ?? 0), 0)).toBe(all);
    expect(counters.find((c) => c.label === 'Needs re-matching')!.value).toBe(
      byStatus.rejected! + byStatus.expired!,
    );
  });

  it('wait for the data', () => {
    expect(queueCounters(undefined).every((c) => c.value === undefined)).toBe(true);
  });
});
