import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseNote } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { refreshAfterNoteChange } from './invalidate.ts';

/** PUT /api/case-notes/{id} (001 §7): new text and rich text for a note. */
export function updateCaseNote(
  id: number,
  note: { content: string; content_html: string },
): Promise<CaseNote> {
  return apiRequest<CaseNote>(`/api/case-notes/${id}`, { method: 'PUT', body: note });
}

export function useUpdateCaseNote(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...note }: { id: number; content: string; content_html: string }) =>
      updateCaseNote(id, note),
    onSuccess: () => refreshAfterNoteChange(queryClient, referralId),
  });
}
