import type { AppEvent } from '@trust/domain';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { eventsStatus, listenToEvents, subscribeEventsStatus } from './event-bus.ts';
import type { EventsStatus } from './subscribe.ts';

/**
 * Runs `onEvent` for each live event of the given types while the component is mounted (one shared stream for
 * the page; see event-bus.ts). The latest `onEvent` is used without re-subscribing.
 */
export function useAppEvents(types: readonly string[], onEvent: (event: AppEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = types.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return listenToEvents((event) => {
      if (wanted.has(event.type)) handler.current(event);
    });
  }, [key]);
}

/** Whether the live stream is open; screens fall back to polling while it is not (DESIGN.md "Real-time"). */
export function useEventsStatus(): EventsStatus {
  // Drawn ahead at build time (src/prerender) for a page that is about to open its stream: 'connecting'.
  return useSyncExternalStore(subscribeEventsStatus, eventsStatus, () => 'connecting');
}
