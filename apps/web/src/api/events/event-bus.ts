import { type AppEvent, RESYNC_EVENT } from '@trust/domain';
import { readActiveCboId, readSignedIn, subscribeCredentials } from '../credentials.ts';
import { notifyResync } from './resync.ts';
import { type EventsStatus, subscribeToEvents } from './subscribe.ts';

// One Server-Sent Events connection for the whole page, shared by every screen that listens: browsers allow
// only six connections per origin over HTTP/1.1, so a stream per component would starve the page's own calls.
// It opens with the first listener, closes with the last, and reconnects when the signed-in user or the active
// organization changes (they decide which events the server sends).

type Listener = (event: AppEvent) => void;
type StatusListener = (status: EventsStatus) => void;

const listeners = new Set<Listener>();
const statusListeners = new Set<StatusListener>();
let stop: (() => void) | null = null;
let stopWatchingCredentials: (() => void) | null = null;
let connectedAs: string | null = null;
// The page opens the stream as its first screen starts listening: until then it is about to connect (a screen
// that shows the state says "Connecting…", not "Offline", while the app starts).
let status: EventsStatus = 'connecting';

function identity(): string {
  return `${readSignedIn() ?? ''}|${readActiveCboId() ?? ''}`;
}

function setStatus(next: EventsStatus) {
  status = next;
  for (const listener of statusListeners) listener(next);
}

function connect() {
  stop?.();
  connectedAs = identity();
  stop = subscribeToEvents({
    onEvent: (event) => {
      if (event.type === RESYNC_EVENT) notifyResync();
      for (const listener of listeners) listener(event);
    },
    onStatus: setStatus,
  });
}

function disconnect() {
  stop?.();
  stop = null;
  stopWatchingCredentials?.();
  stopWatchingCredentials = null;
  connectedAs = null;
  setStatus('closed');
}

/** Listen to every event of the shared stream; returns the function that stops listening. */
export function listenToEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (!stop) {
    connect();
    stopWatchingCredentials = subscribeCredentials(() => {
      if (stop && identity() !== connectedAs) connect();
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/** The shared stream's state ('open' while events flow); screens poll only while it is not open. */
export function eventsStatus(): EventsStatus {
  return status;
}

export function subscribeEventsStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
