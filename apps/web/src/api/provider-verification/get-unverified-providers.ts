import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UnverifiedProviderList } from '@trust/domain';
import { apiRequest } from '../client.ts';

export type UnverifiedParams = { page: number; page_size: number; search: string };

/** Query keys of provider verification: a verification refreshes every page of the list. */
export const providerVerificationKeys = {
  all: ['provider-verification'] as const,
  list: (params: UnverifiedParams) => [...providerVerificationKeys.all, 'list', params] as const,
};

/** GET /api/providers/unverified: providers added by hand awaiting verification (platform operators). */
export function getUnverifiedProviders(
  params: UnverifiedParams,
  signal?: AbortSignal,
): Promise<UnverifiedProviderList> {
  const query = new URLSearchParams({ page: String(params.page), page_size: String(params.page_size) });
  if (params.search) query.set('search', params.search);
  return apiRequest<UnverifiedProviderList>(`/api/providers/unverified?${query}`, { signal });
}

export function unverifiedProvidersQueryOptions(params: UnverifiedParams) {
  return queryOptions({
    queryKey: providerVerificationKeys.list(params),
    queryFn: ({ signal }) => getUnverifiedProviders(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUnverifiedProviders(params: UnverifiedParams) {
  return useQuery(unverifiedProvidersQueryOptions(params));
}
