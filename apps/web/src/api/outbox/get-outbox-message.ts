import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboundMessage } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/outbox/{id}: one sent email or SMS in full (platform operators). */
export function getOutboxMessage(id: number, signal?: AbortSignal): Promise<OutboundMessage> {
  return apiRequest<OutboundMessage>(`/api/outbox/${id}`, { signal });
}

export function outboxMessageQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['outbox', 'message', id] as const,
    queryFn: ({ signal }) => getOutboxMessage(id, signal),
  });
}

export function useOutboxMessage(id: number | null) {
  return useQuery({ ...outboxMessageQueryOptions(id ?? 0), enabled: id !== null });
}
