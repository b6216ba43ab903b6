import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/dashboard/stats: the caller's and the active organization's referral figures (003 §2.4). */
export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest<DashboardStats>('/api/dashboard/stats', { signal });
}

export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'stats'] as const,
    queryFn: ({ signal }) => getDashboardStats(signal),
    staleTime: 30_000,
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
