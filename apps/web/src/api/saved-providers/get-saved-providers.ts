import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedProviderList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { savedProviderKeys } from './keys.ts';

/** GET /api/saved-providers (001 §7): the signed-in user's list, searched on the server. */
export function getSavedProviders(search: string, signal?: AbortSignal): Promise<SavedProviderList> {
  const query = new URLSearchParams({ page_size: '500' });
  if (search.trim()) query.set('search', search.trim());
  return apiRequest<SavedProviderList>(`/api/saved-providers?${query}`, { signal });
}

export function savedProvidersQueryOptions(search: string) {
  return queryOptions({
    queryKey: savedProviderKeys.list(search.trim()),
    queryFn: ({ signal }) => getSavedProviders(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSavedProviders(search = '', enabled = true) {
  return useQuery({ ...savedProvidersQueryOptions(search), enabled });
}
