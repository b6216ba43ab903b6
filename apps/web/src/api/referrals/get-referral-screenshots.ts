import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REFERRAL_SCREENSHOTS_PAGE_SIZE, type ReferralScreenshotList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/** The key of a referral's web-form submissions (under the referral keys, refreshed with them). */
export const referralScreenshotsKey = (id: number) => [...referralKeys.all, 'screenshots', id] as const;

/** GET /api/referrals/{id}/screenshots (000 §7): the web-form submission records, newest first, one page. */
export function getReferralScreenshots(
  id: number,
  page: number,
  pageSize = REFERRAL_SCREENSHOTS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<ReferralScreenshotList> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return apiRequest<ReferralScreenshotList>(`/api/referrals/${id}/screenshots?${query}`, { signal });
}

export function referralScreenshotsQueryOptions(
  id: number,
  page: number,
  pageSize = REFERRAL_SCREENSHOTS_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: [...referralScreenshotsKey(id), page, pageSize] as const,
    queryFn: ({ signal }) => getReferralScreenshots(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferralScreenshots(id: number, page: number, pageSize = REFERRAL_SCREENSHOTS_PAGE_SIZE) {
  return useQuery(referralScreenshotsQueryOptions(id, page, pageSize));
}
