import { useQuery } from '@tanstack/react-query';
import type { DashboardTrend, DashboardView } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/dashboard/trend: referrals created in each of the last 12 months by current status. */
export function getDashboardTrend(view: DashboardView, signal?: AbortSignal): Promise<DashboardTrend> {
  return apiRequest<DashboardTrend>(`/api/dashboard/trend?view=${view}`, { signal });
}

export function useDashboardTrend(view: DashboardView) {
  return useQuery({
    queryKey: ['dashboard', 'trend', view] as const,
    queryFn: ({ signal }) => getDashboardTrend(view, signal),
    staleTime: 60_000,
  });
}
