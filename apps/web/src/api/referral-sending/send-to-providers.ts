import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendToProvidersRequest, SendToProvidersResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { communicationMethodKeys } from '../communication-methods/keys.ts';
import { invalidateAfterMatch } from '../matching/invalidate.ts';
import { referralSendingKeys } from './keys.ts';

/** POST /api/referrals/{id}/send-to-providers (001 §2.8, §4): each chosen matched provider becomes sent. */
export function sendToProviders(referralId: number, body: SendToProvidersRequest) {
  return apiRequest<SendToProvidersResponse>(`/api/referrals/${referralId}/send-to-providers`, {
    method: 'POST',
    body,
  });
}

export function useSendToProviders(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendToProvidersRequest) => sendToProviders(referralId, body),
    onSuccess: () => {
      // The matched entries changed (matching's screens, the referral) and methods may have been stored.
      void invalidateAfterMatch(queryClient);
      void queryClient.invalidateQueries({ queryKey: referralSendingKeys.all });
      void queryClient.invalidateQueries({ queryKey: communicationMethodKeys.all });
    },
  });
}
