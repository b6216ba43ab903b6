import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentDocumentVersion } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/consent/documents: every published version (administrators). */
export function getAllDocuments(signal?: AbortSignal): Promise<ConsentDocumentVersion[]> {
  return apiRequest<ConsentDocumentVersion[]>('/api/consent/documents', { signal });
}

export const allDocumentsQueryKey = ['consent', 'documents', 'all'] as const;

export function allDocumentsQueryOptions() {
  return queryOptions({ queryKey: allDocumentsQueryKey, queryFn: ({ signal }) => getAllDocuments(signal) });
}

export function useAllDocuments() {
  return useQuery(allDocumentsQueryOptions());
}
