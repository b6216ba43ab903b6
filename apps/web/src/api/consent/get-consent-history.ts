import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentHistory } from '@trust/domain';
import { apiRequest, toApiError } from '../client.ts';
import { networkError } from '../errors.ts';

/** GET /api/consent/history (003 §7.2), bearer from the stored token: {status, signatures}. */
export function getConsentHistory(signal?: AbortSignal): Promise<ConsentHistory> {
  return apiRequest<ConsentHistory>('/api/consent/history', { signal });
}

/** The same call with an explicit token (the consent dialog during sign-in, before the token is stored). */
export async function getConsentHistoryWithToken(token: string): Promise<ConsentHistory> {
  let response: Response;
  try {
    response = await fetch('/api/consent/history', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as ConsentHistory;
}

export const consentHistoryQueryKey = ['consent', 'history'] as const;

export function consentHistoryQueryOptions() {
  return queryOptions({
    queryKey: consentHistoryQueryKey,
    queryFn: ({ signal }) => getConsentHistory(signal),
  });
}

export function useConsentHistory(enabled = true) {
  return useQuery({ ...consentHistoryQueryOptions(), enabled });
}
