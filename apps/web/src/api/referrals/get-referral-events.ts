import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralEvent } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/** GET /api/referrals/{id}/events: the history the workspace timeline is built from, newest first. */
export async function getReferralEvents(id: number, signal?: AbortSignal): Promise<ReferralEvent[]> {
  const body = await apiRequest<{ events: ReferralEvent[] }>(`/api/referrals/${id}/events`, { signal });
  return body.events;
}

export function referralEventsQueryOptions(id: number) {
  return queryOptions({
    queryKey: referralKeys.events(id),
    queryFn: ({ signal }) => getReferralEvents(id, signal),
  });
}

export function useReferralEvents(id: number | null) {
  return useQuery({ ...referralEventsQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
