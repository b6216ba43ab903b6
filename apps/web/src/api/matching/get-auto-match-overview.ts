import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoMatchOverview } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { matchingKeys } from './keys.ts';

/** GET /api/matching/auto-match: the Auto-Match Referrals screen and its Algorithm Status (001 §2.9). */
export function getAutoMatchOverview(signal?: AbortSignal): Promise<AutoMatchOverview> {
  return apiRequest<AutoMatchOverview>('/api/matching/auto-match', { signal });
}

export function autoMatchOverviewQueryOptions() {
  return queryOptions({
    queryKey: matchingKeys.autoMatch(),
    queryFn: ({ signal }) => getAutoMatchOverview(signal),
  });
}

export function useAutoMatchOverview() {
  return useQuery(autoMatchOverviewQueryOptions());
}
