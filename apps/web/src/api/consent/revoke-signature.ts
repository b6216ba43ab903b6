import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignatureRecord } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { consentHistoryQueryKey } from './get-consent-history.ts';

/** POST /api/consent/signatures/{id}/revoke: revoke one of your own signatures. */
export function revokeSignature(id: number): Promise<SignatureRecord> {
  return apiRequest<SignatureRecord>(`/api/consent/signatures/${id}/revoke`, { method: 'POST' });
}

export function useRevokeSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSignature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentHistoryQueryKey }),
  });
}
