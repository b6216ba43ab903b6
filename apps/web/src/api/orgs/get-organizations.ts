import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationList } from '@trust/domain';
import { apiRequest } from '../client.ts';

export interface OrganizationListParams {
  page: number;
  pageSize: number;
  search?: string;
  status?: 'active' | 'inactive' | '';
}

/** GET /api/cbos (002 §7): searched, filtered and paged on the server. */
export function getOrganizations(params: OrganizationListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(params.page), page_size: String(params.pageSize) });
  if (params.search?.trim()) query.set('search', params.search.trim());
  if (params.status) query.set('status', params.status);
  return apiRequest<OrganizationList>(`/api/cbos?${query}`, { signal });
}

export const organizationsQueryKey = ['orgs', 'list'] as const;

export function organizationsQueryOptions(params: OrganizationListParams) {
  return queryOptions({
    queryKey: [...organizationsQueryKey, params] as const,
    queryFn: ({ signal }) => getOrganizations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrganizations(params: OrganizationListParams) {
  return useQuery(organizationsQueryOptions(params));
}
