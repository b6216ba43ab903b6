import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchedProviderEntry } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { matchingKeys } from './keys.ts';

/** GET /api/referrals/{id}/matched-providers: the referral's matched provider entries by rank (001 §3). */
export function getMatchedProviders(
  referralId: number,
  signal?: AbortSignal,
): Promise<{ matched_providers: MatchedProviderEntry[] }> {
  return apiRequest(`/api/referrals/${referralId}/matched-providers`, { signal });
}

export function useMatchedProviders(referralId: number) {
  return useQuery(
    queryOptions({
      queryKey: matchingKeys.matchedProviders(referralId),
      queryFn: ({ signal }) => getMatchedProviders(referralId, signal),
    }),
  );
}
