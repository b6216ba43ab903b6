import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ClientReferral, type Referral, toClientReferral } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/** GET /api/referrals/{id} (000 §7): the full record in the client shape; the server audits the read. */
export async function getReferral(id: number, signal?: AbortSignal): Promise<ClientReferral> {
  return toClientReferral(await apiRequest<Referral>(`/api/referrals/${id}`, { signal }));
}

export function referralQueryOptions(id: number) {
  return queryOptions({
    queryKey: referralKeys.detail(id),
    queryFn: ({ signal }) => getReferral(id, signal),
  });
}

export function useReferral(id: number | null) {
  return useQuery({ ...referralQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
