import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OtfRtfList } from '@trust/domain';
import { apiRequest } from '../client.ts';

export const otfRtfKeys = {
  all: ['otf-rtf'] as const,
  list: (page: number, pageSize: number) => [...otfRtfKeys.all, 'list', { page, pageSize }] as const,
};

/** GET /api/otf-rtf: the active organization's OTF/RTF submissions, newest first, one page. */
export function getOtfRtfSubmissions(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<OtfRtfList> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return apiRequest<OtfRtfList>(`/api/otf-rtf?${query}`, { signal });
}

export function otfRtfQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: otfRtfKeys.list(page, pageSize),
    queryFn: ({ signal }) => getOtfRtfSubmissions(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOtfRtfSubmissions(page: number, pageSize: number) {
  return useQuery(otfRtfQueryOptions(page, pageSize));
}
