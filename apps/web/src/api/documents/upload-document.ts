import { useQueryClient } from '@tanstack/react-query';
import type { ReferralDocument } from '@trust/domain';
import { useCallback, useState } from 'react';
import { authHeaders, handleUnauthorized, toApiError } from '../client.ts';
import { isSignedIn, markServerContact } from '../credentials.ts';
import { networkError } from '../errors.ts';
import { refreshAfterDocumentChange } from './invalidate.ts';

/**
 * POST /api/referrals/{id}/documents (000 §7, 001 §7) as multipart/form-data, field "file". The upload goes
 * through XMLHttpRequest because fetch reports no upload progress; `onProgress` receives 0..1. The uploader is
 * the signed-in user (the spec's fixed `uploaded_by` 1 is not sent). Rejects with an ApiError: the server's
 * refusal (its status and text), or status 0 when the server could not be reached.
 */
export function uploadDocument(
  referralId: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ReferralDocument> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/referrals/${referralId}/documents`);
    // Same-origin XHR always carries the session cookie; X-CBO-ID names the organization.
    const headers = authHeaders();
    const sentSession = isSignedIn();
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (sentSession) markServerContact(Date.now());
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ReferralDocument);
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
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('referral_id', String(referralId));
    xhr.send(form);
  });
}

/** The upload with its progress (0..1, null when none is running); the list refreshes once it is stored. */
export function useUploadDocument(referralId: number | null) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useCallback(
    async (file: File): Promise<ReferralDocument> => {
      if (referralId === null) throw new Error('No referral selected');
      setProgress(0);
      try {
        const document = await uploadDocument(referralId, file, setProgress);
        await refreshAfterDocumentChange(queryClient, referralId);
        return document;
      } finally {
        setProgress(null);
      }
    },
    [queryClient, referralId],
  );
  return { upload, progress, uploading: progress !== null };
}
