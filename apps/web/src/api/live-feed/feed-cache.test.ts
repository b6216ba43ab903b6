import type { FeedList } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { makeAwaitingCard, makeFeedCard, makeFeedList } from '../../features/live-feed/feed-fixtures.ts';
import { type FeedPages, feedCards, removeCard, upsertCard } from './feed-cache.ts';

function pages(...lists: FeedList[]): FeedPages {
  return { pages: lists, pageParams: lists.map((_, i) => i + 1) };
}

const a = makeFeedCard({ id: 1 });
const b = makeFeedCard({ id: 2 });
const c = makeFeedCard({ id: 3 });

describe('live feed cache (000 §2.6 real-time updates)', () => {
  it('puts a new card on top and counts it', () => {
    const data = pages(makeFeedList([a, b], { total: 3, pending_count: 3 }), makeFeedList([c], { page: 2 }));
    const next = upsertCard(data, makeFeedCard({ id: 9 }))!;
    expect(feedCards(next).map((x) => x.id)).toEqual([9, 1, 2, 3]);
    expect(next.pages[0]).toMatchObject({ total: 4, pending_count: 4 });
  });

  it('replaces a known card where it is, moving it between the counts when its status changes', () => {
    const data = pages(makeFeedList([a, b], { total: 3, pending_count: 3 }), makeFeedList([c], { page: 2 }));
    const edited = upsertCard(data, { ...c, member_name: 'Renamed Person' })!;
    expect(feedCards(edited).map((x) => x.member_name)[2]).toBe('Renamed Person');
    expect(edited.pages[0]).toMatchObject({ total: 3, pending_count: 3 });
    const matched = upsertCard(data, makeAwaitingCard({ id: 2 }))!;
    expect(feedCards(matched).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(matched.pages[0]).toMatchObject({ total: 3, pending_count: 2 });
  });

  it('removes a card from whichever page holds it; unknown ids change nothing', () => {
    const data = pages(makeFeedList([a, b], { total: 3, pending_count: 3 }), makeFeedList([c], { page: 2 }));
    const next = removeCard(data, 3)!;
    expect(feedCards(next).map((x) => x.id)).toEqual([1, 2]);
    expect(next.pages[0]).toMatchObject({ total: 2, pending_count: 2 });
    expect(removeCard(data, 99)).toBe(data);
    expect(removeCard(undefined, 1)).toBeUndefined();
  });

  it('shows a card repeated across pages once', () => {
    const data = pages(makeFeedList([a, b]), makeFeedList([b, c], { page: 2 }));
    expect(feedCards(data).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});
