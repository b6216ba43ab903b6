import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LandingStats } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/stats/landing (003 §2.3): open, so it is sent without a token. */
export function getLandingStats(signal?: AbortSignal): Promise<LandingStats> {
  return apiRequest<LandingStats>('/api/stats/landing', { auth: false, signal });
}

export function landingStatsQueryOptions() {
  return queryOptions({
    queryKey: ['stats', 'landing'] as const,
    queryFn: ({ signal }) => getLandingStats(signal),
    staleTime: 60_000,
  });
}

export function useLandingStats() {
  return useQuery(landingStatsQueryOptions());
}
