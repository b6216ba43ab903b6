import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralDocumentList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { documentKeys } from './keys.ts';

/** GET /api/referrals/{id}/documents (000 §7, 001 §7): the referral's documents, newest first, one page. */
export function getDocuments(
  referralId: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ReferralDocumentList> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return apiRequest<ReferralDocumentList>(`/api/referrals/${referralId}/documents?${query}`, { signal });
}

export function documentsQueryOptions(referralId: number, page: number, pageSize: number) {
  return queryOptions({
    queryKey: documentKeys.list(referralId, page, pageSize),
    queryFn: ({ signal }) => getDocuments(referralId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(referralId: number | null, page: number, pageSize: number) {
  return useQuery({
    ...documentsQueryOptions(referralId ?? 0, page, pageSize),
    enabled: referralId !== null,
  });
}
