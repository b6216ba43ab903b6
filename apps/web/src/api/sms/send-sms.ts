import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsSend, SmsSendResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { communicationKeys } from '../communications/keys.ts';
import { smsKeys } from './keys.ts';

/**
 * POST /api/sms/send (001 §7): queued through the SMS adapter; `success` false with `error` when the server
 * took the message but the SMS service refused it at once.
 */
export function sendSms(body: SmsSend): Promise<SmsSendResponse> {
  return apiRequest<SmsSendResponse>('/api/sms/send', { method: 'POST', body });
}

export function useSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSms,
    // 001 §7 "refetched 1 s after a send": the thread and the lists refetch at once instead.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: smsKeys.conversations() }),
        queryClient.invalidateQueries({ queryKey: communicationKeys.all }),
      ]),
  });
}
