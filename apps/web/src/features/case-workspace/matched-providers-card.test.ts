import { type MatchedProviderEntry, toClientReferral } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { makeMatchedReferral, makeReferral } from '../../test/referral-fixtures.ts';
import { providerEntries } from './matched-providers-card.tsx';

function entry(overrides: Partial<MatchedProviderEntry>): MatchedProviderEntry {
  return {
    provider_id: 1,
    provider_name: 'Provider',
    organization_name: 'Provider',
    distance_miles: 2.4,
    services: ['Food Assistance'],
    status: 'sent',
    sent_at: '2026-11-20T10:00:00.000Z',
    communication_method: 'phone',
    contact_value: '(213) 555-0100',
    rank: 1,
    round: 1,
    expires_at: null,
    answered_at: null,
    decline_reason: null,
    ...overrides,
  };
}

describe('providerEntries (000 §2.7 providers list, 001 §3 entries)', () => {
  it('lists every entry of a referral sent to several providers, with its own status', () => {
    const referral = toClientReferral(makeReferral({ status: 'matched' }));
    const rows = providerEntries(referral, [
      entry({ provider_id: 1, organization_name: 'Harbor', status: 'accepted', rank: 1 }),
      entry({ provider_id: 2, organization_name: 'Lakeside', status: 'not_selected', rank: 2 }),
    ]);
    expect(rows.map((r) => [r.provider.name, r.state, r.distanceMiles])).toEqual([
      ['Harbor', 'accepted', 2.4],
      ['Lakeside', 'not_selected', 2.4],
    ]);
  });

  it('falls back to the one matched provider when the referral has no entries', () => {
    const referral = toClientReferral(makeMatchedReferral());
    const rows = providerEntries(referral, []);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.provider.name).toBe(referral.matchedProvider!.name);
  });
});
