import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FEED_PAGE_SIZE_DEFAULT, type FeedList } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from '../referrals/keys.ts';

/**
 * Who is reading the feed: the server answers masked cards to a visitor; to a user full cards of the active
 * organization's own and matched referrals and claim cards of the others, with that user's passes and the
 * organization's awaiting cards; each reader keeps a cache of its own.
 */
export type FeedReader = { userId: number | null; orgId: number | null };

// Under 'referrals' so that a change made elsewhere through the referral calls (accept, reject) refreshes the
// feed too; live events update it in place (feed-cache.ts) without a refetch.
export const liveFeedKeys = {
  all: [...referralKeys.all, 'live-feed'] as const,
  list: (reader: FeedReader) => [...liveFeedKeys.all, reader] as const,
  /** The ids this reader passed in this session (never under 'referrals': no invalidation may clear them). */
  passed: (reader: FeedReader) => ['live-feed-passed', reader] as const,
};

/** GET /api/live-feed (000 §2.6): open; the bearer, when stored, is sent and decides what the server shows. */
export function getLiveFeedPage(page: number, pageSize: number, signal?: AbortSignal): Promise<FeedList> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return apiRequest<FeedList>(`/api/live-feed?${query}`, { signal });
}

/** 000 §2.6: every 15 s while the live stream is not open (DESIGN.md "Real-time": polling as the fallback). */
export const FEED_POLL_MS = 15_000;

export function liveFeedQueryOptions(reader: FeedReader, pageSize = FEED_PAGE_SIZE_DEFAULT) {
  return infiniteQueryOptions({
    queryKey: liveFeedKeys.list(reader),
    queryFn: ({ pageParam, signal }) => getLiveFeedPage(pageParam, pageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last: FeedList, pages: FeedList[]) => {
      const loaded = pages.reduce((n, p) => n + p.referrals.length, 0);
      return last.referrals.length > 0 && loaded < last.total ? last.page + 1 : undefined;
    },
  });
}

export function useLiveFeed(reader: FeedReader, options: { enabled: boolean; poll: boolean }) {
  return useInfiniteQuery({
    ...liveFeedQueryOptions(reader),
    enabled: options.enabled,
    refetchInterval: options.poll ? FEED_POLL_MS : false,
  });
}
