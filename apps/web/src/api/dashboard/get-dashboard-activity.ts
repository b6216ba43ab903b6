import { useInfiniteQuery } from '@tanstack/react-query';
import { DASHBOARD_ACTIVITY_LIMIT_DEFAULT, type DashboardActivity, type DashboardView } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { useAppEvents } from '../events/use-app-events.ts';

/** GET /api/dashboard/activity: one page of Recent Activity (003 §2.4), newest first. */
export function getDashboardActivity(
  input: { view: DashboardView; limit?: number; before?: string | null },
  signal?: AbortSignal,
): Promise<DashboardActivity> {
  const query = new URLSearchParams({
    view: input.view,
    limit: String(input.limit ?? DASHBOARD_ACTIVITY_LIMIT_DEFAULT),
  });
  if (input.before) query.set('before', input.before);
  return apiRequest<DashboardActivity>(`/api/dashboard/activity?${query}`, { signal });
}

/**
 * Recent Activity of one view, page by page (Show more reads the next older page). Any change to a referral
 * of the organization (`referral.changed` on the live stream) reads it again.
 */
export function useDashboardActivity(view: DashboardView) {
  const query = useInfiniteQuery({
    queryKey: ['dashboard', 'activity', view] as const,
    queryFn: ({ pageParam, signal }) => getDashboardActivity({ view, before: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before,
    staleTime: 30_000,
  });
  useAppEvents(['referral.changed'], () => void query.refetch({ cancelRefetch: false }));
  return query;
}
