import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseNoteDeleteResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { refreshAfterNoteChange } from './invalidate.ts';

/** DELETE /api/case-notes/{id} (001 §7). */
export function deleteCaseNote(id: number): Promise<CaseNoteDeleteResponse> {
  return apiRequest<CaseNoteDeleteResponse>(`/api/case-notes/${id}`, { method: 'DELETE' });
}

export function useDeleteCaseNote(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCaseNote,
    onSuccess: () => refreshAfterNoteChange(queryClient, referralId),
  });
}
