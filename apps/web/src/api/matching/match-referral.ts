import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualMatchRequest, ManualMatchResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { invalidateAfterMatch } from './invalidate.ts';

/** PUT /api/referrals/{id}/match (001 §7): match a Pending referral to one provider by hand. */
export function matchReferral(input: { referralId: number; body: ManualMatchRequest }) {
  return apiRequest<ManualMatchResponse>(`/api/referrals/${input.referralId}/match`, {
    method: 'PUT',
    body: input.body,
  });
}

export function useMatchReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: matchReferral,
    onSuccess: () => invalidateAfterMatch(queryClient),
  });
}
