import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformImpact } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { analyticsKeys } from './keys.ts';

/** GET /api/impact (003 §2.3, issue #20): the landing page's Platform Impact figures; open, sent without a session. */
export function getPlatformImpact(signal?: AbortSignal): Promise<PlatformImpact> {
  return apiRequest<PlatformImpact>('/api/impact', { auth: false, signal });
}

export function platformImpactQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.impact(),
    queryFn: ({ signal }) => getPlatformImpact(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePlatformImpact() {
  return useQuery(platformImpactQueryOptions());
}
