import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnrollmentDocument, EnrollmentDocumentList, EnrollmentItemDeleteResponse } from '@trust/domain';
import { apiRequest, fetchWithSession } from '../client.ts';
import { saveBlob } from '../documents/download-document.ts';
import { enrollmentKeys } from './keys.ts';

// Documents of an enrollment (002 §2 "Upload Document", §7): listed, uploaded as multipart (enrollment_id,
// document_type, then the file, so the server checks the enrollment before it stores a byte), downloaded with the
// session, deleted.

/** GET /api/enrollments/{id}/documents. */
export function useEnrollmentDocuments(enrollmentId: number | null) {
  return useQuery({
    queryKey: enrollmentKeys.records(enrollmentId ?? 0, 'documents'),
    queryFn: ({ signal }) =>
      apiRequest<EnrollmentDocumentList>(`/api/enrollments/${enrollmentId}/documents?page_size=500`, {
        signal,
      }),
    enabled: enrollmentId !== null,
  });
}

/** POST /api/enrollments/documents/ (multipart/form-data). */
export async function uploadEnrollmentDocument(
  enrollmentId: number,
  documentType: string,
  file: File,
): Promise<EnrollmentDocument> {
  const form = new FormData();
  form.append('enrollment_id', String(enrollmentId));
  form.append('document_type', documentType);
  form.append('file', file, file.name);
  const response = await fetchWithSession('/api/enrollments/documents/', {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
  });
  return (await response.json()) as EnrollmentDocument;
}

export function useUploadEnrollmentDocument(enrollmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentType, file }: { documentType: string; file: File }) =>
      uploadEnrollmentDocument(enrollmentId, documentType, file),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: enrollmentKeys.records(enrollmentId, 'documents') }),
  });
}

/** GET /api/enrollments/documents/{id}/download, saved under its name. */
export async function downloadEnrollmentDocument(document: Pick<EnrollmentDocument, 'id' | 'file_name'>) {
  const response = await fetchWithSession(`/api/enrollments/documents/${document.id}/download`);
  saveBlob(await response.blob(), document.file_name);
}

/** DELETE /api/enrollments/documents/{id}. */
export function useDeleteEnrollmentDocument(enrollmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<EnrollmentItemDeleteResponse>(`/api/enrollments/documents/${id}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: enrollmentKeys.records(enrollmentId, 'documents') }),
  });
}
