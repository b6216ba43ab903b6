import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralAcceptResponse, ReferralRejectResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/** POST /api/referrals/{id}/accept (000 §7): the matched provider accepts; the server emails it the member details. */
export function acceptReferral(id: number, providerId: number) {
  return apiRequest<ReferralAcceptResponse>(`/api/referrals/${id}/accept`, {
    method: 'POST',
    body: { provider_id: providerId },
  });
}

/** POST /api/referrals/{id}/reject (000 §7): the matched provider declines, with a reason. */
export function rejectReferral(id: number, providerId: number, reason: string) {
  return apiRequest<ReferralRejectResponse>(`/api/referrals/${id}/reject`, {
    method: 'POST',
    body: { provider_id: providerId, reason },
  });
}

export function useAcceptReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, providerId }: { id: number; providerId: number }) => acceptReferral(id, providerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

export function useRejectReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, providerId, reason }: { id: number; providerId: number; reason: string }) =>
      rejectReferral(id, providerId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
