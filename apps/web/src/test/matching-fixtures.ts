import type { MatchCandidate, MatchedProviderEntry, MatchingReferral } from '@trust/domain';

/** A referral as the matching screens receive it. */
export function makeMatchingReferral(overrides: Partial<MatchingReferral> = {}): MatchingReferral {
  return {
    id: 41,
    referral_number: '4821093756',
    member_name: 'Imani Okonkwo Reyes',
    medicaid_id: 'CA918273645',
    zip_code: '94601',
    city: 'Oakland',
    state: 'CA',
    latitude: 37.77,
    longitude: -122.22,
    primary_diagnosis: 'Type 2 diabetes',
    sdoh_needs: ['Food Assistance'],
    urgency: 'Within 24h',
    urgency_level: 'Urgent',
    preferred_language: 'English',
    status: 'pending',
    status_label: 'Pending',
    use_matching_engine: false,
    created_at: '2026-11-20T10:00:00.000Z',
    matched_at: null,
    auto_matched_at: null,
    match_method: null,
    matched_provider_id: null,
    matched_provider_name: null,
    matched_providers: [],
    ...overrides,
  };
}

export function makeCandidate(overrides: Partial<MatchCandidate> = {}): MatchCandidate {
  return {
    rank: 1,
    name: 'Bayview Food Pantry',
    cbo_id: 501,
    score: 0.84,
    organization_type: 'Food Bank',
    distance_miles: 1.2,
    services: ['Food Assistance'],
    reasons: [
      {
        factor: 'distance',
        label: 'Distance',
        value: 0.98,
        weight: 0.3,
        detail: '1.2 miles from the member',
      },
      {
        factor: 'services',
        label: 'Services',
        value: 1,
        weight: 0.3,
        detail: 'Serves 1 of 1 needs: Food Assistance',
      },
      { factor: 'language', label: 'Language', value: 1, weight: 0.1, detail: 'Speaks English' },
      { factor: 'capacity', label: 'Capacity', value: 1, weight: 0.1, detail: 'Accepting referrals' },
      { factor: 'quality', label: 'Data quality', value: 0.85, weight: 0.05, detail: 'Data quality 85/100' },
      {
        factor: 'acceptance',
        label: 'Acceptance rate',
        value: 0.5,
        weight: 0.075,
        detail: 'No past outcomes yet',
      },
      {
        factor: 'member_confirmed',
        label: 'Member-confirmed',
        value: 0.8,
        weight: 0.075,
        detail: '3 of 3 members confirmed they were helped',
      },
    ],
    feedback: null,
    ...overrides,
  };
}

/** One matched provider on a referral, not yet sent. */
export function makeMatchedProviderEntry(
  overrides: Partial<MatchedProviderEntry> = {},
): MatchedProviderEntry {
  return {
    provider_id: 1,
    provider_name: 'Provider',
    organization_name: 'Provider',
    distance_miles: 1,
    services: [],
    status: 'pending',
    sent_at: null,
    communication_method: null,
    contact_value: null,
    rank: 1,
    round: 1,
    expires_at: null,
    answered_at: null,
    decline_reason: null,
    ...overrides,
  };
}
