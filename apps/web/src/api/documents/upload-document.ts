import { useQueryClient } from '@tanstack/react-query';
import type { ReferralDocument } from '@trust/domain';
import { useCallback, useState } from 'react';
import { postFormWithProgress } from '../upload-form.ts';
import { refreshAfterDocumentChange } from './invalidate.ts';

/**
 * POST /api/referrals/{id}/documents (000 §7, 001 §7) as multipart/form-data, field "file", with the upload's
 * progress (`onProgress` receives 0..1). The uploader is
 * the signed-in user (the spec's fixed `uploaded_by` 1 is not sent). Rejects with an ApiError: the server's
 * refusal (its status and text), or status 0 when the server could not be reached.
 */
export function uploadDocument(
  referralId: number,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ReferralDocument> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('referral_id', String(referralId));
  return postFormWithProgress<ReferralDocument>(`/api/referrals/${referralId}/documents`, form, onProgress);
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
