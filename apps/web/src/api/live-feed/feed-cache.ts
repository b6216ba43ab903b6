import type { InfiniteData } from '@tanstack/react-query';
import type { FeedCard, FeedList } from '@trust/domain';

// The feed's cached pages changed in place by live events and by the user's own actions (000 §2.6: "New
// referrals will appear here in real-time"), so the query cache stays the one source of what is shown and a
// single event never refetches the whole feed.

export type FeedPages = InfiniteData<FeedList>;

/** Every card once, in page order (offset paging can repeat a card across pages when new ones arrive). */
export function feedCards(data: FeedPages | undefined): FeedCard[] {
  const seen = new Set<number>();
  const cards: FeedCard[] = [];
  for (const page of data?.pages ?? []) {
    for (const card of page.referrals) {
      if (seen.has(card.id)) continue;
      seen.add(card.id);
      cards.push(card);
    }
  }
  return cards;
}

function findCard(data: FeedPages, id: number): FeedCard | undefined {
  for (const page of data.pages) {
    const card = page.referrals.find((c) => c.id === id);
    if (card) return card;
  }
  return undefined;
}

/** The header shows the counts of the first page; a card coming or going moves them. */
function recount(pages: FeedList[], total: number, pending: number): FeedList[] {
  const [first, ...rest] = pages;
  if (!first || (total === 0 && pending === 0)) return pages;
  return [
    {
      ...first,
      total: Math.max(0, first.total + total),
      pending_count: Math.max(0, first.pending_count + pending),
    },
    ...rest,
  ];
}

const isPending = (card: FeedCard) => card.status === 'pending';

/** A card to show: replaced where it is, or new on top of the first page. */
export function upsertCard(data: FeedPages | undefined, card: FeedCard): FeedPages | undefined {
  if (!data) return data;
  const before = findCard(data, card.id);
  if (before) {
    const pages = data.pages.map((p) => ({
      ...p,
      referrals: p.referrals.map((c) => (c.id === card.id ? card : c)),
    }));
    // A card that moved between Pending and awaiting an answer moves between the counts too.
    const pending = Number(isPending(card)) - Number(isPending(before));
    return { ...data, pages: recount(pages, 0, pending) };
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const pages = [{ ...first, referrals: [card, ...first.referrals] }, ...rest];
  return { ...data, pages: recount(pages, 1, isPending(card) ? 1 : 0) };
}

/** A card to take away (claimed, answered, deleted, passed); unknown ids change nothing. */
export function removeCard(data: FeedPages | undefined, id: number): FeedPages | undefined {
  if (!data) return data;
  const card = findCard(data, id);
  if (!card) return data;
  const pages = data.pages.map((p) => ({ ...p, referrals: p.referrals.filter((c) => c.id !== id) }));
  return { ...data, pages: recount(pages, -1, isPending(card) ? -1 : 0) };
}
