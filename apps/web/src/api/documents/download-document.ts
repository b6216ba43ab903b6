import { authHeaders, handleUnauthorized, toApiError } from '../client.ts';
import { markServerContact } from '../credentials.ts';
import { networkError } from '../errors.ts';

/**
 * GET /api/referrals/{id}/documents/{docId} (000 §7, 001 §7): the file as a Blob of its stored type. The call
 * carries the bearer token, so the file cannot be a plain link; `inline` asks for the preview form.
 */
export async function fetchDocumentBlob(
  referralId: number,
  docId: number,
  disposition: 'attachment' | 'inline' = 'attachment',
): Promise<Blob> {
  const headers = authHeaders();
  const sentToken = 'Authorization' in headers;
  const query = disposition === 'inline' ? '?disposition=inline' : '';
  let response: Response;
  try {
    response = await fetch(`/api/referrals/${referralId}/documents/${docId}${query}`, {
      headers,
      credentials: 'same-origin',
    });
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

/** How long a saved file's object URL lives: the browser has started the download well before. */
const REVOKE_AFTER_MS = 30_000;

/** Saves a Blob under `filename` through a temporary link, as a download of the browser. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
