import { authHeaders, handleUnauthorized, toApiError } from '../client.ts';
import { markServerContact } from '../credentials.ts';
import { networkError } from '../errors.ts';

/**
 * An email attachment's bytes from its `url` (GET with the bearer token; the server audits the read), so it
 * cannot be a plain link.
 */
export async function fetchAttachmentBlob(url: string): Promise<Blob> {
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
