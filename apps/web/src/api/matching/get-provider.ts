import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryProvider } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { matchingKeys } from './keys.ts';

/** GET /api/providers/{id}: one directory provider (the card of a provider chosen from My Providers). */
export function getProvider(id: number, signal?: AbortSignal): Promise<DirectoryProvider> {
  return apiRequest<DirectoryProvider>(`/api/providers/${id}`, { signal });
}

export function useProvider(id: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: matchingKeys.provider(id ?? 0),
      queryFn: ({ signal }) => getProvider(id!, signal),
    }),
    enabled: id !== null,
  });
}
