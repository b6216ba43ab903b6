import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@trust/domain';
import { apiRequest } from '../client.ts';

/**
 * GET /api/client-config: the server's settings the app needs at run time (the map's tile server), so one
 * setting serves the app and the server's Content-Security-Policy. Open; read once per page.
 */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiRequest<ClientConfig>('/api/client-config', { auth: false, signal });
}

export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
