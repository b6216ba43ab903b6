import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS, type SmsConversation } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { queryString } from '../communications/keys.ts';
import { usePollInterval } from '../communications/use-poll-interval.ts';
import { type SmsThreadParams, smsKeys } from './keys.ts';

/**
 * GET /api/sms/conversations?referral_id&provider_id (001 §7), or by thread: the messages oldest first, the
 * number and whether it opted out. Reading marks the thread's inbound messages read on the server.
 */
export function getSmsConversation(params: SmsThreadParams, signal?: AbortSignal): Promise<SmsConversation> {
  return apiRequest<SmsConversation>(`/api/sms/conversations${queryString(params)}`, { signal });
}

export function smsConversationQueryOptions(params: SmsThreadParams) {
  return queryOptions({
    queryKey: smsKeys.conversation(params),
    queryFn: ({ signal }) => getSmsConversation(params, signal),
  });
}

/** 001 §9: polled every 10 s, only while the live stream is down. */
export function useSmsConversation(params: SmsThreadParams, enabled = true) {
  const refetchInterval = usePollInterval(POLL_INTERVALS_MS.sms);
  return useQuery({ ...smsConversationQueryOptions(params), enabled, refetchInterval });
}
