import { claimFeedCard, type FeedCard, type FeedList, maskFeedCard } from '@trust/domain';

// Made-up live-feed cards for web tests (spec/README.md: no sample data of the original product).

export function makeFeedCard(overrides: Partial<FeedCard> = {}): FeedCard {
  return {
    id: 201,
    referral_number: '5930174826',
    status: 'pending',
    detail: 'full',
    masked: false,
    member_name: 'Teodora Brannigan',
    medicaid_id: 'CA556677889',
    phone_number: '(213) 555-0162',
    zip_code: '90033',
    city: 'Los Angeles',
    state: 'CA',
    preferred_language: 'Spanish',
    availability: 'Weekdays 9am-5pm',
    age_band: '45–64',
    sdoh_needs: ['Housing Assistance'],
    housing_subcategories: ['Housing navigation'],
    transportation_subcategories: [],
    urgency: 'Immediate',
    urgency_level: 'Emergency',
    primary_diagnosis: 'Congestive heart failure',
    referring_provider: 'Dr. Ines Valcourt',
    referred_by: 'Golden Valley Health Plan',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    matched_provider_id: null,
    acceptance_status: null,
    expires_at: null,
    ...overrides,
  };
}

/** A card matched to provider 55 of the reader's organization, waiting for its answer. */
export function makeAwaitingCard(overrides: Partial<FeedCard> = {}): FeedCard {
  return makeFeedCard({
    id: 301,
    referral_number: '7712004439',
    status: 'matched',
    member_name: 'Ansel Whitcombe',
    medicaid_id: 'CA110022334',
    urgency_level: 'Urgent',
    matched_provider_id: 55,
    acceptance_status: 'pending',
    expires_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    ...overrides,
  });
}

export function maskedCard(overrides: Partial<FeedCard> = {}): FeedCard {
  return maskFeedCard(makeFeedCard(overrides));
}

/** Another organization's referral as a signed-in reader gets it: the claim card the server makes. */
export function claimCard(overrides: Partial<FeedCard> = {}): FeedCard {
  return claimFeedCard(makeFeedCard(overrides));
}

export function makeFeedList(
  referrals: FeedCard[],
  overrides: Partial<FeedList> = {},
  viewer: Partial<FeedList['viewer']> = {},
): FeedList {
  const pending = referrals.filter((c) => c.status === 'pending').length;
  return {
    referrals,
    pending_count: pending,
    total: referrals.length,
    page: 1,
    page_size: 50,
    viewer: { signed_in: true, provider_id: 55, organization_id: 3, ...viewer },
    ...overrides,
  };
}
