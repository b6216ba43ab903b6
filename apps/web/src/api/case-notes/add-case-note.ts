import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseNote, CaseNoteVisibility } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { refreshAfterNoteChange } from './invalidate.ts';

/** `visibility`: 'internal' (the writer's organization only) unless the writer shares it (issue #12). */
export type NewCaseNote = { content: string; content_html: string; visibility: CaseNoteVisibility };

/**
 * POST /api/case-notes (001 §7): a text note. The server takes the author from the session (the spec's fixed
 * user id 1 is not sent) and sanitises the rich text.
 */
export function addCaseNote(referralId: number, note: NewCaseNote): Promise<CaseNote> {
  return apiRequest<CaseNote>('/api/case-notes', {
    method: 'POST',
    body: {
      referral_id: referralId,
      content: note.content,
      content_html: note.content_html,
      visibility: note.visibility,
      is_voice_note: false,
    },
  });
}

export function useAddCaseNote(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NewCaseNote) => addCaseNote(referralId, note),
    onSuccess: () => refreshAfterNoteChange(queryClient, referralId),
  });
}
