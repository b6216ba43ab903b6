import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseNote, CaseNoteVisibility } from '@trust/domain';
import { fetchWithSession } from '../client.ts';
import { fetchRecordingBlob } from '../voice/fetch-recording.ts';
import { refreshAfterNoteChange } from './invalidate.ts';

/**
 * A voice note to save (001 §2.17, issue #19): the recording (WebM/Opus from MediaRecorder), the language spoken
 * (001 §9), whom it is shared with, and `content` only when the author typed the text because the server could
 * not transcribe it (then the server keeps the recording and does not transcribe).
 */
export type NewVoiceNote = {
  audio: Blob;
  language: string;
  visibility: CaseNoteVisibility;
  content?: string;
};

/** The file name the recording is sent under, from its type (the server tells the type by the bytes). */
function fileNameOf(audio: Blob): string {
  const type = audio.type.split(';')[0]?.trim() ?? '';
  const extension = type === 'audio/ogg' ? 'ogg' : type === 'audio/mp4' ? 'm4a' : 'webm';
  return `voice-note.${extension}`;
}

/**
 * POST /api/case-notes/voice, multipart/form-data: the fields first, then the recording. 201 with the note; a 422
 * when no speech was recognised (nothing saved) or no engine serves the language, 503 when the engine is down.
 */
export async function addVoiceNote(referralId: number, note: NewVoiceNote): Promise<CaseNote> {
  const form = new FormData();
  form.append('referral_id', String(referralId));
  form.append('language', note.language);
  form.append('visibility', note.visibility);
  const typed = note.content?.trim();
  if (typed) form.append('content', typed);
  form.append('audio', note.audio, fileNameOf(note.audio));
  // The browser sets the multipart boundary itself; no Content-Type header here.
  const response = await fetchWithSession('/api/case-notes/voice', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  return (await response.json()) as CaseNote;
}

export function useAddVoiceNote(referralId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NewVoiceNote) => addVoiceNote(referralId, note),
    onSuccess: () => refreshAfterNoteChange(queryClient, referralId),
  });
}

/**
 * GET /api/case-notes/{id}/audio: a voice note's recording as a Blob (the server wants the session and audits
 * the read; an <audio> element cannot send those headers, so it plays through an object URL).
 */
export function fetchNoteAudio(noteId: number): Promise<Blob> {
  return fetchRecordingBlob(`/api/case-notes/${noteId}/audio`);
}
