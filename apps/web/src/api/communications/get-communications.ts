import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CommunicationPage, POLL_INTERVALS_MS } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { type CommunicationParams, communicationKeys, queryString } from './keys.ts';
import { usePollInterval } from './use-poll-interval.ts';

/**
 * GET /api/communications?provider_id&referral_id&method&page (001 §7): the records of every channel (SMS,
 * email, calls, voicemails, web forms), either direction, newest first, one page.
 */
export function getCommunications(
  params: CommunicationParams,
  signal?: AbortSignal,
): Promise<CommunicationPage> {
  return apiRequest<CommunicationPage>(`/api/communications${queryString(params)}`, { signal });
}

export function communicationsQueryOptions(params: CommunicationParams) {
  return queryOptions({
    queryKey: communicationKeys.recordList(params),
    queryFn: ({ signal }) => getCommunications(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** 001 §9: polled every 15 s, only while the live stream is down. */
export function useCommunications(params: CommunicationParams) {
  const refetchInterval = usePollInterval(POLL_INTERVALS_MS.communications);
  return useQuery({ ...communicationsQueryOptions(params), refetchInterval });
}
