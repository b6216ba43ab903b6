import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseNoteList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { caseNoteKeys } from './keys.ts';

/** GET /api/case-notes?referral_id= (001 §7): the referral's notes, newest first, one page. */
export function getCaseNotes(
  referralId: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<CaseNoteList> {
  const query = new URLSearchParams({
    referral_id: String(referralId),
    page: String(page),
    page_size: String(pageSize),
  });
  return apiRequest<CaseNoteList>(`/api/case-notes?${query}`, { signal });
}

export function caseNotesQueryOptions(referralId: number, page: number, pageSize: number) {
  return queryOptions({
    queryKey: caseNoteKeys.list(referralId, page, pageSize),
    queryFn: ({ signal }) => getCaseNotes(referralId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCaseNotes(referralId: number, page: number, pageSize: number) {
  return useQuery(caseNotesQueryOptions(referralId, page, pageSize));
}
