import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseNote, CaseNoteVisibility } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { refreshAfterNoteChange } from './invalidate.ts';

type NoteChange = { content: string; content_html: string; visibility: CaseNoteVisibility };

/** PUT /api/case-notes/{id} (001 §7): new text and rich text for a note, and whom it is shared with. */
export function updateCaseNote(id: number, note: NoteChange): Promise<CaseNote> {
  return apiRequest<CaseNote>(`/api/case-notes/${id}`, { method: 'PUT', body: note });
}

export function useUpdateCaseNote(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...note }: { id: number } & NoteChange) => updateCaseNote(id, note),
    onSuccess: () => refreshAfterNoteChange(queryClient, referralId),
  });
}
