import type { TranscriptionResult } from '@trust/domain';
import { fetchWithSession } from '../client.ts';

/**
 * POST /api/speech/transcriptions (multipart: `audio`, `language`): one recorded segment to text. Rejects with
 * the server's ApiError (422 no engine for the language, 503 engine down or slow, 413 / 415 recording refused).
 */
export async function transcribeAudio(audio: Blob, language: string): Promise<TranscriptionResult> {
  const form = new FormData();
  const extension = audio.type.includes('ogg') ? 'ogg' : audio.type.includes('mp4') ? 'm4a' : 'webm';
  form.append('audio', audio, `segment.${extension}`);
  form.append('language', language);
  const response = await fetchWithSession('/api/speech/transcriptions', {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
  });
  return (await response.json()) as TranscriptionResult;
}
