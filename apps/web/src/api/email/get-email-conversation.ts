import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EmailConversation, POLL_INTERVALS_MS } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { queryString } from '../communications/keys.ts';
import { usePollInterval } from '../communications/use-poll-interval.ts';
import { type EmailThreadParams, emailKeys } from './keys.ts';

/** GET /api/email/conversations?referral_id&provider_id (001 §7), or by thread: the emails oldest first. */
export function getEmailConversation(
  params: EmailThreadParams,
  signal?: AbortSignal,
): Promise<EmailConversation> {
  return apiRequest<EmailConversation>(`/api/email/conversations${queryString(params)}`, { signal });
}

export function emailConversationQueryOptions(params: EmailThreadParams) {
  return queryOptions({
    queryKey: emailKeys.conversation(params),
    queryFn: ({ signal }) => getEmailConversation(params, signal),
  });
}

/** 001 §9: polled every 30 s, only while the live stream is down. */
export function useEmailConversation(params: EmailThreadParams, enabled = true) {
  const refetchInterval = usePollInterval(POLL_INTERVALS_MS.email);
  return useQuery({ ...emailConversationQueryOptions(params), enabled, refetchInterval });
}
