import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignatureRecord } from '@trust/domain';
import { meQueryKey } from '../auth/get-me.ts';
import { apiRequest } from '../client.ts';
import { consentHistoryQueryKey } from './get-consent-history.ts';

/** POST /api/consent/signatures/{id}/revoke: revoke one of your own signatures. */
export function revokeSignature(id: number): Promise<SignatureRecord> {
  return apiRequest<SignatureRecord>(`/api/consent/signatures/${id}/revoke`, { method: 'POST' });
}

/**
 * Revoking a current document's signature holds the session for consent at once (issue #12): GET /auth/me asked
 * again says `consent_required`, which opens the Consent Update Required dialog.
 */
export function useRevokeSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSignature,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consentHistoryQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
