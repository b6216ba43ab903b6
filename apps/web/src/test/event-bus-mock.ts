import { act } from '@testing-library/react';
import type { AppEvent } from '@trust/domain';
import type { EventsStatus } from '../api/events/subscribe.ts';

// The page's one shared event stream (api/events/event-bus.ts), replaced by a bus the test drives. A test file
// swaps it in with one line, then emits the events it needs:
//
//   vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));
//   import { emitEvent } from '../../test/event-bus-mock.ts';
//
// setup.ts resets it after every test.

type Listener = (event: AppEvent) => void;

const listeners = new Set<Listener>();
let status: EventsStatus = 'open';

export function listenToEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function eventsStatus(): EventsStatus {
  return status;
}

export function subscribeEventsStatus(): () => void {
  return () => {};
}

/** Delivers one event to every listening screen, as the server's stream would. */
export function emitEvent(type: string, data: unknown): void {
  act(() => {
    for (const listener of [...listeners])
      listener({ id: crypto.randomUUID(), type, at: new Date().toISOString(), data });
  });
}

/** The stream's state as screens read it ('open' unless a test says otherwise). */
export function setEventsStatus(next: EventsStatus): void {
  status = next;
}

export function resetEventBus(): void {
  listeners.clear();
  status = 'open';
}
