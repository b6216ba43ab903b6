import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchReferralResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { matchingKeys } from './keys.ts';

/** POST /match_referral: ranked candidates with their score and reasons (001 §2.3 AI match results). */
export function rankMatches(referralId: number, signal?: AbortSignal): Promise<MatchReferralResponse> {
  return apiRequest<MatchReferralResponse>('/match_referral', {
    method: 'POST',
    body: { referral_id: referralId },
    signal,
  });
}

export function rankMatchesQueryOptions(referralId: number) {
  return queryOptions({
    queryKey: matchingKeys.ranking(referralId),
    queryFn: ({ signal }) => rankMatches(referralId, signal),
  });
}

export function useRankMatches(referralId: number | null) {
  return useQuery({ ...rankMatchesQueryOptions(referralId ?? 0), enabled: referralId !== null });
}
