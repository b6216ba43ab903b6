import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationStats } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/cbos/{id}/stats (002 §7). */
export function getOrganizationStats(id: number, signal?: AbortSignal) {
  return apiRequest<OrganizationStats>(`/api/cbos/${id}/stats`, { signal });
}

export function organizationStatsQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['orgs', 'stats', id] as const,
    queryFn: ({ signal }) => getOrganizationStats(id, signal),
    staleTime: 30_000,
  });
}

export function useOrganizationStats(id: number | null) {
  return useQuery({ ...organizationStatsQueryOptions(id ?? 0), enabled: id !== null });
}
