import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralResponseStatus } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/**
 * GET /api/referrals/{id}/status?provider_id= (000 §3.5, §7): the state of the matched provider's answer and of
 * the member-details email (sent / pending / failed / none).
 */
export function getReferralStatus(
  id: number,
  providerId: number | null,
  signal?: AbortSignal,
): Promise<ReferralResponseStatus> {
  const query = providerId === null ? '' : `?provider_id=${providerId}`;
  return apiRequest<ReferralResponseStatus>(`/api/referrals/${id}/status${query}`, { signal });
}

/**
 * Under the referral's detail key, so whatever refreshes the referral (its mutations, the live
 * 'referral.changed' event of useReferralUpdates) refreshes this too.
 */
export function referralStatusQueryOptions(id: number, providerId: number | null) {
  return queryOptions({
    queryKey: [...referralKeys.detail(id), 'status', providerId] as const,
    queryFn: ({ signal }) => getReferralStatus(id, providerId, signal),
  });
}

export function useReferralStatus(id: number | null, providerId: number | null, enabled = true) {
  return useQuery({
    ...referralStatusQueryOptions(id ?? 0, providerId),
    enabled: enabled && id !== null && id > 0,
    // 000 §8 "Status fetch failure: only logged": the panel falls back to the referral's own flags.
    retry: false,
  });
}
