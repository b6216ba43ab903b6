import { useQuery } from '@tanstack/react-query';
import type { ApiClientList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { apiClientsKeys } from './keys.ts';

/** GET /api/api-clients (issue #21): the active organization's API clients, never their secrets. */
export function getApiClients(signal?: AbortSignal): Promise<ApiClientList> {
  return apiRequest<ApiClientList>('/api/api-clients', { signal });
}

/** The organization's API clients; only its admins may ask (`enabled` false for anyone else). */
export function useApiClients(enabled = true) {
  return useQuery({
    queryKey: apiClientsKeys.list(),
    queryFn: ({ signal }) => getApiClients(signal),
    enabled,
  });
}
