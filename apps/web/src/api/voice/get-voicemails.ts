import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS, type VoicemailList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { usePollInterval } from '../communications/use-poll-interval.ts';
import { type VoicemailParams, voiceKeys } from './keys.ts';

/** GET /api/voicemails?referral_id&provider_id (001 §7): voicemails newest first, with the unread count. */
export function getVoicemails(params: VoicemailParams, signal?: AbortSignal): Promise<VoicemailList> {
  const query = new URLSearchParams();
  if (params.provider_id) query.set('provider_id', String(params.provider_id));
  if (params.referral_id) query.set('referral_id', String(params.referral_id));
  const search = query.toString();
  return apiRequest<VoicemailList>(`/api/voicemails${search ? `?${search}` : ''}`, { signal });
}

export function voicemailsQueryOptions(params: VoicemailParams) {
  return queryOptions({
    queryKey: voiceKeys.voicemailList(params),
    queryFn: ({ signal }) => getVoicemails(params, signal),
  });
}

/** Live events refresh it; while the stream is down it is polled at the 001 §9 communications interval (15 s). */
export function useVoicemails(params: VoicemailParams) {
  const refetchInterval = usePollInterval(POLL_INTERVALS_MS.communications);
  return useQuery({ ...voicemailsQueryOptions(params), refetchInterval });
}
