import { useQuery } from '@tanstack/react-query';
import type { ImportMonthlyCost, ImportRecommendation, ImportTrend } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { importKeys } from './keys.ts';

// The Analytics tab's calls (002 §7 "Provider import"): a month's costs, a schedule's trend, its recommendation.

/** GET /api/import/costs/monthly?billing_period=YYYY-MM. */
export function useMonthlyCosts(period: string) {
  return useQuery({
    queryKey: importKeys.monthly(period),
    queryFn: ({ signal }) =>
      apiRequest<ImportMonthlyCost>(
        `/api/import/costs/monthly?${new URLSearchParams({ billing_period: period })}`,
        { signal },
      ),
  });
}

/** GET /api/import/costs/schedule/{id}/trend?months=6. */
export function useScheduleTrend(id: number, months: number) {
  return useQuery({
    queryKey: importKeys.trend(id, months),
    queryFn: ({ signal }) =>
      apiRequest<ImportTrend>(`/api/import/costs/schedule/${id}/trend?months=${months}`, { signal }),
  });
}

/**
 * GET /api/import/schedules/{id}/optimal-time: a weekday and hour from the schedule's recorded runs. A 422 says
 * it has fewer than 5 runs yet (the error's detail says so); not retried.
 */
export function useOptimalTime(id: number) {
  return useQuery({
    queryKey: importKeys.optimalTime(id),
    queryFn: ({ signal }) =>
      apiRequest<ImportRecommendation>(`/api/import/schedules/${id}/optimal-time`, { signal }),
    retry: false,
  });
}
