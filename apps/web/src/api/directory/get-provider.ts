import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryProvider } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { directoryKeys } from './keys.ts';

/** GET /directory/providers/{id} (001 §7), with the distance from an optional point. */
export function getDirectoryProvider(
  id: number,
  from?: { latitude: number; longitude: number } | null,
  signal?: AbortSignal,
): Promise<DirectoryProvider> {
  const query = from ? `?latitude=${from.latitude}&longitude=${from.longitude}` : '';
  // Signed in, the session goes along: the active organization may open a provider it added by hand (issue #12).
  return apiRequest<DirectoryProvider>(`/directory/providers/${id}${query}`, { signal });
}

export function directoryProviderQueryOptions(
  id: number,
  from?: { latitude: number; longitude: number } | null,
) {
  return queryOptions({
    queryKey: [...directoryKeys.provider(id), from ?? null] as const,
    queryFn: ({ signal }) => getDirectoryProvider(id, from, signal),
  });
}

/** The full record behind a card (the detail modal), fetched when one is open. */
export function useDirectoryProvider(
  id: number | null,
  from?: { latitude: number; longitude: number } | null,
) {
  return useQuery({ ...directoryProviderQueryOptions(id ?? 0, from), enabled: id !== null && id > 0 });
}
