import { authHeaders, handleUnauthorized, toApiError } from '../client.ts';
import { markServerContact } from '../credentials.ts';
import { networkError } from '../errors.ts';

/**
 * A call recording or a voicemail's audio (the `recording_url` of 001 §3 Call and Voicemail) as a Blob. The
 * server wants the bearer token and audits the read, and an <audio> element cannot send a header, so the bytes
 * are fetched here and played through an object URL.
 */
export async function fetchRecordingBlob(url: string): Promise<Blob> {
  const headers = authHeaders();
  const sentToken = 'Authorization' in headers;
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (sentToken) markServerContact(Date.now());
  if (!response.ok) {
    handleUnauthorized(response.status, sentToken);
    throw await toApiError(response);
  }
  return response.blob();
}
