import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client.ts';
import { directoryKeys } from './keys.ts';

/** GET /directory/services (001 §7): response {services}. */
export function getDirectoryServices(signal?: AbortSignal): Promise<{ services: string[] }> {
  return apiRequest<{ services: string[] }>('/directory/services', { auth: false, signal });
}

export function directoryServicesQueryOptions() {
  return queryOptions({
    queryKey: directoryKeys.services(),
    queryFn: ({ signal }) => getDirectoryServices(signal),
    staleTime: 10 * 60_000,
  });
}

export function useDirectoryServices() {
  return useQuery(directoryServicesQueryOptions());
}
