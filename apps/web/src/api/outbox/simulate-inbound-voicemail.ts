import { useMutation } from '@tanstack/react-query';
import type { Voicemail } from '@trust/domain';
import { fetchWithSession } from '../client.ts';

export type SimulatedVoicemail = { from_phone: string; audio: File; transcription?: string | null };

/**
 * POST /api/outbox/inbound/voicemail (platform operators, local drivers only), multipart/form-data: the
 * caller's number, the `audio` file and an optional transcription, as if the provider had left a voicemail;
 * 201 with the stored voicemail (001 §3).
 * The file goes last: the server reads the fields that come before it. A 422 says the real voice service is
 * configured.
 */
export async function simulateInboundVoicemail(input: SimulatedVoicemail): Promise<Voicemail> {
  const form = new FormData();
  form.append('from_phone', input.from_phone);
  const transcription = input.transcription?.trim();
  if (transcription) form.append('transcription', transcription);
  form.append('audio', input.audio, input.audio.name);

  // The browser sets the multipart boundary itself; no Content-Type header here.
  const response = await fetchWithSession('/api/outbox/inbound/voicemail', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  });
  return (await response.json()) as Voicemail;
}

export function useSimulateInboundVoicemail() {
  return useMutation({ mutationFn: simulateInboundVoicemail });
}
