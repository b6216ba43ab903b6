import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralDocumentDeleteResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { refreshAfterDocumentChange } from './invalidate.ts';

/** DELETE /api/referrals/{id}/documents/{docId} (000 §7, 001 §7). */
export function deleteDocument(referralId: number, docId: number): Promise<ReferralDocumentDeleteResponse> {
  return apiRequest<ReferralDocumentDeleteResponse>(`/api/referrals/${referralId}/documents/${docId}`, {
    method: 'DELETE',
  });
}

export function useDeleteDocument(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (docId: number) => deleteDocument(referralId, docId),
    onSuccess: () => refreshAfterDocumentChange(queryClient, referralId),
  });
}
