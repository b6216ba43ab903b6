import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REFERRAL_MESSAGES_PAGE_SIZE, type ReferralMessageList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/**
 * The key of a referral's messages. It starts with the referral keys, so a change made here (status, contact)
 * refreshes it with the rest; a live 'referral.changed' event refreshes it through this key.
 */
export const referralMessagesKey = (id: number) => [...referralKeys.all, 'messages', id] as const;

/** GET /api/referrals/{id}/messages: what the product sent about the referral, newest first, one page. */
export function getReferralMessages(
  id: number,
  page: number,
  pageSize = REFERRAL_MESSAGES_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<ReferralMessageList> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return apiRequest<ReferralMessageList>(`/api/referrals/${id}/messages?${query}`, { signal });
}

export function referralMessagesQueryOptions(
  id: number,
  page: number,
  pageSize = REFERRAL_MESSAGES_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: [...referralMessagesKey(id), page, pageSize] as const,
    queryFn: ({ signal }) => getReferralMessages(id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferralMessages(id: number, page: number, pageSize = REFERRAL_MESSAGES_PAGE_SIZE) {
  return useQuery(referralMessagesQueryOptions(id, page, pageSize));
}
