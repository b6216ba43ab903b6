import { fetchWithSession } from '../client.ts';

/**
 * A call recording or a voicemail's audio (the `recording_url` of 001 §3 Call and Voicemail) as a Blob. The
 * server wants the session and the active organization and audits the read, and an <audio> element cannot send
 * a header, so the bytes are fetched here and played through an object URL.
 */
export async function fetchRecordingBlob(url: string): Promise<Blob> {
  return (await fetchWithSession(url)).blob();
}
