import { type ReferralEvent, toClientReferral } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { makeMatchedReferral, makeReferral } from '../../test/referral-fixtures.ts';
import { detailsTimeline } from './details-timeline.ts';

function event(type: string, at: string, overrides: Partial<ReferralEvent> = {}): ReferralEvent {
  return {
    id: Math.floor(Math.random() * 1e6),
    referral_id: 101,
    type,
    from_status: null,
    to_status: null,
    actor_user_id: null,
    actor_name: null,
    details: {},
    at,
    ...overrides,
  };
}

describe('detailsTimeline (000 §2.4 Timeline: created, matched, answered)', () => {
  it('has only the creation for a Pending referral', () => {
    expect(detailsTimeline(toClientReferral(makeReferral()), [])).toEqual([
      { key: 'created', label: 'Created', at: '2026-11-20T15:30:00.000Z' },
    ]);
  });

  it('takes the latest match from the history and the deadline while the answer is awaited', () => {
    const r = toClientReferral(makeMatchedReferral());
    const events = [
      event('status_changed', '2026-11-21T08:00:00.000Z', { to_status: 'matched' }),
      event('claimed', '2026-11-21T09:00:00.000Z'),
      event('created', '2026-11-20T15:30:00.000Z'),
    ];
    expect(detailsTimeline(r, events)).toEqual([
      { key: 'created', label: 'Created', at: '2026-11-20T15:30:00.000Z' },
      {
        key: 'matched',
        label: 'Matched',
        at: '2026-11-21T09:00:00.000Z',
        note: 'Bayview Family Resource Center',
      },
      { key: 'answered', label: 'Response due', at: '2026-11-28T09:00:00.000Z' },
    ]);
  });

  it('shows the answer: accepted, rejected or expired', () => {
    const accepted = toClientReferral(
      makeMatchedReferral({
        status: 'accepted',
        acceptance_status: 'accepted',
        accepted_at: '2026-11-22T10:00:00.000Z',
      }),
    );
    expect(detailsTimeline(accepted, []).at(-1)).toEqual({
      key: 'answered',
      label: 'Accepted by provider',
      at: '2026-11-22T10:00:00.000Z',
    });
    const rejected = toClientReferral(
      makeMatchedReferral({
        status: 'rejected',
        acceptance_status: 'rejected',
        rejected_at: '2026-11-22T11:00:00.000Z',
      }),
    );
    expect(detailsTimeline(rejected, []).at(-1)).toMatchObject({
      label: 'Rejected by provider',
      at: '2026-11-22T11:00:00.000Z',
    });
    const expired = toClientReferral(
      makeMatchedReferral({ status: 'pending', acceptance_status: 'expired' }),
    );
    expect(detailsTimeline(expired, [event('expired', '2026-11-28T09:03:00.000Z')]).at(-1)).toMatchObject({
      label: 'Expired without a response',
      at: '2026-11-28T09:03:00.000Z',
    });
  });
});
