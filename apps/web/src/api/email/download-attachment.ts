import { fetchWithSession } from '../client.ts';

/**
 * An email attachment's bytes from its `url` (GET with the session and the active organization; the server
 * audits the read), so it cannot be a plain link.
 */
export async function fetchAttachmentBlob(url: string): Promise<Blob> {
  return (await fetchWithSession(url)).blob();
}
