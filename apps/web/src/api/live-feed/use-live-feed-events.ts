import { useQueryClient } from '@tanstack/react-query';
import { FEED_EVENTS, feedCardSchema, feedRemoveSchema } from '@trust/domain';
import { useAppEvents } from '../events/use-app-events.ts';
import { type FeedPages, removeCard, upsertCard } from './feed-cache.ts';
import { type FeedReader, liveFeedKeys } from './get-live-feed.ts';

/**
 * 000 §2.6 real-time updates: `feed.upsert` puts a card on top (or replaces it where it is), `feed.remove` takes
 * it away, in the cached pages, within the second the server sends them. A card this user passed stays hidden.
 */
export function useLiveFeedEvents(reader: FeedReader, passed: ReadonlySet<number>): void {
  const queryClient = useQueryClient();
  useAppEvents([FEED_EVENTS.upsert, FEED_EVENTS.remove], (event) => {
    const key = liveFeedKeys.list(reader);
    if (event.type === FEED_EVENTS.remove) {
      const removed = feedRemoveSchema.safeParse(event.data);
      if (removed.success) queryClient.setQueryData<FeedPages>(key, (d) => removeCard(d, removed.data.id));
      return;
    }
    const card = feedCardSchema.safeParse(event.data);
    if (!card.success || passed.has(card.data.id)) return;
    // While the stream reconnects for a new reader, an event meant for the previous one is not shown: a visitor
    // takes masked cards only, a signed-in reader full and claim cards only.
    if ((card.data.detail === 'masked') !== (reader.userId === null)) return;
    queryClient.setQueryData<FeedPages>(key, (d) => upsertCard(d, card.data));
  });
}
