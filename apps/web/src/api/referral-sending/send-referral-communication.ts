import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralCommunicationCreate, SendResult } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { communicationMethodKeys } from '../communication-methods/keys.ts';
import { referralSendingKeys } from './keys.ts';

/** POST /api/referral-communications (001 §3 payload, §7): a real send through the SMS or email adapter. */
export function sendReferralCommunication(body: ReferralCommunicationCreate) {
  return apiRequest<SendResult>('/api/referral-communications', { method: 'POST', body });
}

export function useSendReferralCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReferralCommunication,
    onSuccess: (_result, body) => {
      void queryClient.invalidateQueries({ queryKey: referralSendingKeys.all });
      // A fallback contact becomes a stored method on its first send.
      void queryClient.invalidateQueries({ queryKey: communicationMethodKeys.ofProvider(body.provider_id) });
    },
  });
}
