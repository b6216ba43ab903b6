import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchedProviderEntry, MatchingReferral } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { invalidateAfterMatch } from './invalidate.ts';

export type AutoMatchResult = { matched_providers: MatchedProviderEntry[]; referral: MatchingReferral };

/** POST /api/referrals/{id}/auto-match (001 §7): the 4 nearest suitable providers within 50 miles. */
export function autoMatchReferral(id: number): Promise<AutoMatchResult> {
  return apiRequest<AutoMatchResult>(`/api/referrals/${id}/auto-match`, { method: 'POST' });
}

export function useAutoMatchReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: autoMatchReferral,
    onSuccess: () => invalidateAfterMatch(queryClient),
  });
}
