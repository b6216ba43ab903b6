import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunicationList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralSendingKeys } from './keys.ts';

/** GET /api/referral-communications?referral_id&provider_id (001 §7): sends with delivery state and error. */
export function getReferralCommunications(referralId: number, providerId?: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ referral_id: String(referralId) });
  if (providerId !== undefined) query.set('provider_id', String(providerId));
  return apiRequest<CommunicationList>(`/api/referral-communications?${query}`, { signal });
}

/** 001 §9: communications are polled every 15 s, so a queued send turns sent or failed on screen. */
export const COMMUNICATIONS_POLL_MS = 15_000;

export function referralCommunicationsQueryOptions(referralId: number, providerId?: number) {
  return queryOptions({
    queryKey: referralSendingKeys.list(referralId, providerId),
    queryFn: ({ signal }) => getReferralCommunications(referralId, providerId, signal),
    select: (data) => data.communications,
    refetchInterval: COMMUNICATIONS_POLL_MS,
  });
}

export function useReferralCommunications(referralId: number, providerId?: number) {
  return useQuery(referralCommunicationsQueryOptions(referralId, providerId));
}
