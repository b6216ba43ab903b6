import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceRange, ProviderPerformanceList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { providerPerformanceKeys } from './keys.ts';

export type ProviderPerformanceParams = {
  range: PerformanceRange;
  search?: string;
  page?: number;
  page_size?: number;
};

/** GET /api/provider-performance (001 §2.19): figures computed on the server, filtered by range and search. */
export async function getProviderPerformance(
  params: ProviderPerformanceParams,
  signal?: AbortSignal,
): Promise<ProviderPerformanceList> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return apiRequest<ProviderPerformanceList>(`/api/provider-performance?${query}`, { signal });
}

export function providerPerformanceQueryOptions(params: ProviderPerformanceParams) {
  return queryOptions({
    queryKey: [...providerPerformanceKeys.lists(), params] as const,
    queryFn: ({ signal }) => getProviderPerformance(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviderPerformance(params: ProviderPerformanceParams) {
  return useQuery(providerPerformanceQueryOptions(params));
}
