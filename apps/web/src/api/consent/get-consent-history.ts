import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentHistory } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/consent/history (003 §7.2) of the signed-in session: {status, signatures}. */
export function getConsentHistory(signal?: AbortSignal): Promise<ConsentHistory> {
  return apiRequest<ConsentHistory>('/api/consent/history', { signal });
}

/**
 * The same call for the consent dialog, with the session cookie whether or not the app is marked signed in:
 * during sign-in the session exists (the server holds it to the consent calls) before the app counts it.
 */
export function getPendingConsentHistory(): Promise<ConsentHistory> {
  return apiRequest<ConsentHistory>('/api/consent/history', { auth: false, withSessionCookie: true });
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
