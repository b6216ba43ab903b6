// A server process whose LISTEN connection dropped did not deliver the events published meanwhile; when it is
// back it sends `resync` on every open stream (issue #12) and the page refetches what it shows. Kept apart from
// the event bus so that the app shell can listen without opening a stream (and tests that replace the bus
// keep this).

type Listener = () => void;

const listeners = new Set<Listener>();

/** Runs `listener` on every `resync` the shared stream receives; returns the function that stops it. */
export function onResync(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the event bus when a `resync` event arrives. */
export function notifyResync(): void {
  for (const listener of listeners) listener();
}
