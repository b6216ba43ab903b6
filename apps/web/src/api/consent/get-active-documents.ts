import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentDocument, ConsentDocumentType } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/consent/documents/active (003 §7.2): open, the current version of each document. */
export function getActiveDocuments(signal?: AbortSignal): Promise<ConsentDocument[]> {
  return apiRequest<ConsentDocument[]>('/api/consent/documents/active', { auth: false, signal });
}

export const activeDocumentsQueryKey = ['consent', 'documents', 'active'] as const;

export function activeDocumentsQueryOptions() {
  return queryOptions({
    queryKey: activeDocumentsQueryKey,
    queryFn: ({ signal }) => getActiveDocuments(signal),
    staleTime: 0,
  });
}

export function useActiveDocuments(enabled = true) {
  return useQuery({ ...activeDocumentsQueryOptions(), enabled });
}

export function useActiveDocument(type: ConsentDocumentType) {
  const query = useActiveDocuments();
  return { ...query, document: query.data?.find((d) => d.document_type === type) ?? null };
}
