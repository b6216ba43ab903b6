import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboundChannel, OutboxList } from '@trust/domain';
import { apiRequest } from '../client.ts';

export type OutboxParams = { page: number; page_size: number; channel?: OutboundChannel | undefined };

/** GET /api/outbox: every email and SMS sent, newest first, paged (platform operators). */
export function getOutbox(params: OutboxParams, signal?: AbortSignal): Promise<OutboxList> {
  const query = new URLSearchParams({ page: String(params.page), page_size: String(params.page_size) });
  if (params.channel) query.set('channel', params.channel);
  return apiRequest<OutboxList>(`/api/outbox?${query}`, { signal });
}

export const outboxQueryKey = ['outbox', 'list'] as const;

export function outboxQueryOptions(params: OutboxParams) {
  return queryOptions({
    queryKey: [...outboxQueryKey, params],
    queryFn: ({ signal }) => getOutbox(params, signal),
    placeholderData: keepPreviousData,
    // New messages arrive while the page is open (a code just sent): look again every 10 seconds.
    refetchInterval: 10_000,
  });
}

export function useOutbox(params: OutboxParams) {
  return useQuery(outboxQueryOptions(params));
}
