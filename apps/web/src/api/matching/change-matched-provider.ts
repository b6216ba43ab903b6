import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchingReferral } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { invalidateAfterMatch } from './invalidate.ts';

export type MatchedProvidersChange = { referral: MatchingReferral; message: string };

/** PUT /api/referrals/{id}/matched-providers/{providerId}: another provider, pending, takes its place (001 §4). */
export function changeMatchedProvider(input: {
  referralId: number;
  providerId: number;
  newProviderId: number;
}): Promise<MatchedProvidersChange> {
  return apiRequest<MatchedProvidersChange>(
    `/api/referrals/${input.referralId}/matched-providers/${input.providerId}`,
    { method: 'PUT', body: { provider_id: input.newProviderId } },
  );
}

export function useChangeMatchedProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMatchedProvider,
    onSuccess: () => invalidateAfterMatch(queryClient),
  });
}
