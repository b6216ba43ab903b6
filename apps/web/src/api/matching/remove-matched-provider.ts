import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client.ts';
import type { MatchedProvidersChange } from './change-matched-provider.ts';
import { invalidateAfterMatch } from './invalidate.ts';

/** DELETE /api/referrals/{id}/matched-providers/{providerId}: the last one reverts to Pending (001 §4). */
export function removeMatchedProvider(input: {
  referralId: number;
  providerId: number;
}): Promise<MatchedProvidersChange> {
  return apiRequest<MatchedProvidersChange>(
    `/api/referrals/${input.referralId}/matched-providers/${input.providerId}`,
    { method: 'DELETE' },
  );
}

export function useRemoveMatchedProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMatchedProvider,
    onSuccess: () => invalidateAfterMatch(queryClient),
  });
}
