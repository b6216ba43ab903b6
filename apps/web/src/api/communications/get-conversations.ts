import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ConversationList, POLL_INTERVALS_MS } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { type ConversationParams, communicationKeys, queryString } from './keys.ts';
import { usePollInterval } from './use-poll-interval.ts';

/** GET /api/conversations: the inbox's threads, newest activity first, with the total unread (001 §2.11). */
export function getConversations(
  params: ConversationParams,
  signal?: AbortSignal,
): Promise<ConversationList> {
  return apiRequest<ConversationList>(`/api/conversations${queryString(params)}`, { signal });
}

export function conversationsQueryOptions(params: ConversationParams) {
  return queryOptions({
    queryKey: communicationKeys.conversationList(params),
    queryFn: ({ signal }) => getConversations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConversations(params: ConversationParams, options: { enabled?: boolean } = {}) {
  const refetchInterval = usePollInterval(POLL_INTERVALS_MS.communications);
  return useQuery({
    ...conversationsQueryOptions(params),
    enabled: options.enabled ?? true,
    refetchInterval,
  });
}
