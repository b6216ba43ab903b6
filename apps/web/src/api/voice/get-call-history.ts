import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallHistory, POLL_INTERVALS_MS } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { usePollInterval } from '../communications/use-poll-interval.ts';
import { type CallHistoryParams, voiceKeys } from './keys.ts';

/** GET /api/call-history?referral_id&provider_id&page (001 §7): calls, newest first, one page. */
export function getCallHistory(params: CallHistoryParams, signal?: AbortSignal): Promise<CallHistory> {
  const query = new URLSearchParams();
  if (params.provider_id) query.set('provider_id', String(params.provider_id));
  if (params.referral_id) query.set('referral_id', String(params.referral_id));
  if (params.page && params.page > 1) query.set('page', String(params.page));
  const search = query.toString();
  return apiRequest<CallHistory>(`/api/call-history${search ? `?${search}` : ''}`, { signal });
}

export function callHistoryQueryOptions(params: CallHistoryParams) {
  return queryOptions({
    queryKey: voiceKeys.callHistory(params),
    queryFn: ({ signal }) => getCallHistory(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Live events refresh it; while the stream is down it is polled at the 001 §9 communications interval (15 s). */
export function useCallHistory(params: CallHistoryParams) {
  const refetchInterval = usePollInterval(POLL_INTERVALS_MS.communications);
  return useQuery({ ...callHistoryQueryOptions(params), refetchInterval });
}
