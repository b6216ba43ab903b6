import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsQuery, ServiceGaps } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { analyticsKeys, analyticsSearch } from './keys.ts';

/**
 * GET /api/service-gaps (issue #20 item 5): the referrals of a period that ended without service, by need, by
 * county, by reason and by month.
 */
export function getServiceGaps(query: AnalyticsQuery, signal?: AbortSignal): Promise<ServiceGaps> {
  return apiRequest<ServiceGaps>(`/api/service-gaps${analyticsSearch(query)}`, { signal });
}

/** The gaps of a period and scope; nothing is asked while the period is invalid (`null`). */
export function useServiceGaps(query: AnalyticsQuery | null) {
  return useQuery({
    queryKey: query ? analyticsKeys.serviceGaps(query) : [...analyticsKeys.all, 'service-gaps'],
    queryFn: ({ signal }) => getServiceGaps(query as AnalyticsQuery, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
