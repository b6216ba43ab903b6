import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnpublishedReferrals } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { matchingKeys } from './keys.ts';

/** GET /api/matching/unpublished: Pending manual referrals and the recently matched providers (001 §2.3). */
export function getUnpublishedReferrals(signal?: AbortSignal): Promise<UnpublishedReferrals> {
  return apiRequest<UnpublishedReferrals>('/api/matching/unpublished', { signal });
}

export function unpublishedReferralsQueryOptions() {
  return queryOptions({
    queryKey: matchingKeys.unpublished(),
    queryFn: ({ signal }) => getUnpublishedReferrals(signal),
  });
}

export function useUnpublishedReferrals() {
  return useQuery(unpublishedReferralsQueryOptions());
}
