import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery, Metrics } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { analyticsKeys, analyticsSearch } from './keys.ts';

/**
 * GET /api/metrics (003 §3 Metrics, §7.6; issue #20): the System Metrics of a period, for the active
 * organization or (platform operators) the whole network.
 */
export function getMetrics(query: AnalyticsQuery, signal?: AbortSignal): Promise<Metrics> {
  return apiRequest<Metrics>(`/api/metrics${analyticsSearch(query)}`, { signal });
}

/** The metrics of a period and scope; nothing is asked while the period is invalid (`null`). */
export function useMetrics(query: AnalyticsQuery | null) {
  return useQuery({
    queryKey: query ? analyticsKeys.metrics(query) : [...analyticsKeys.all, 'metrics'],
    queryFn: ({ signal }) => getMetrics(query as AnalyticsQuery, signal),
    enabled: query !== null,
    // Another period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
