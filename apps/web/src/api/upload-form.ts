import { authHeaders, handleUnauthorized, toApiError } from './client.ts';
import { isSignedIn, markServerContact } from './credentials.ts';
import { networkError } from './errors.ts';

/**
 * POSTs a multipart form with the session and reports the upload's progress (0..1): through XMLHttpRequest,
 * since fetch reports none. Resolves with the JSON answer; rejects with an ApiError (the server's refusal, or
 * status 0 when the server could not be reached), by the rules of apiRequest.
 */
export function postFormWithProgress<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    // Same-origin XHR always carries the session cookie; X-CBO-ID names the organization.
    const sentSession = isSignedIn();
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (sentSession) markServerContact(Date.now());
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(networkError());
        }
        return;
      }
      handleUnauthorized(xhr.status, sentSession);
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'text/plain' },
      });
      void toApiError(response).then(reject);
    });
    xhr.addEventListener('error', () => reject(networkError()));
    xhr.addEventListener('abort', () => reject(networkError()));
    // The browser sets the multipart boundary itself; no Content-Type header here.
    xhr.send(form);
  });
}
