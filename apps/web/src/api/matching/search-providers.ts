import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryProvider } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { matchingKeys } from './keys.ts';

export type ProviderPoint = { latitude: number; longitude: number };

/** GET /api/providers/search: by name, city or ZIP, with the distance from the member when known (001 §2.7). */
export function searchProviders(
  q: string,
  point: ProviderPoint | null,
  signal?: AbortSignal,
): Promise<{ providers: DirectoryProvider[]; count: number }> {
  const query = new URLSearchParams({ q });
  if (point) {
    query.set('latitude', String(point.latitude));
    query.set('longitude', String(point.longitude));
  }
  return apiRequest(`/api/providers/search?${query}`, { signal });
}

export function providerSearchQueryOptions(q: string, point: ProviderPoint | null) {
  return queryOptions({
    queryKey: matchingKeys.providerSearch(q, point),
    queryFn: ({ signal }) => searchProviders(q, point, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviderSearch(q: string, point: ProviderPoint | null, enabled = true) {
  return useQuery({ ...providerSearchQueryOptions(q, point), enabled });
}
