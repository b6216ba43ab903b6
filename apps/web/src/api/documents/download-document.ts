import { fetchWithSession } from '../client.ts';

/**
 * GET /api/referrals/{id}/documents/{docId} (000 §7, 001 §7): the file as a Blob of its stored type. The call
 * carries the session and the active organization, so the file cannot be a plain link; `inline` asks for the
 * preview form.
 */
export async function fetchDocumentBlob(
  referralId: number,
  docId: number,
  disposition: 'attachment' | 'inline' = 'attachment',
): Promise<Blob> {
  const query = disposition === 'inline' ? '?disposition=inline' : '';
  return (await fetchWithSession(`/api/referrals/${referralId}/documents/${docId}${query}`)).blob();
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
