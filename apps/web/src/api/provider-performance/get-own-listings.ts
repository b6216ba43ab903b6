import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnListings } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { providerPerformanceKeys } from './keys.ts';

/** GET /api/provider-performance/own-listings: the active organization's provider listings (capacity panel). */
export async function getOwnListings(signal?: AbortSignal): Promise<OwnListings> {
  return apiRequest<OwnListings>('/api/provider-performance/own-listings', { signal });
}

export function ownListingsQueryOptions() {
  return queryOptions({
    queryKey: providerPerformanceKeys.ownListings(),
    queryFn: ({ signal }) => getOwnListings(signal),
  });
}

export function useOwnListings() {
  return useQuery(ownListingsQueryOptions());
}
