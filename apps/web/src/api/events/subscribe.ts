import { type AppEvent, appEventSchema } from '@trust/domain';
import { authHeaders, handleUnauthorized, sessionCredentials } from '../client.ts';
import { createSseParser } from './sse-parser.ts';

// GET /api/events as Server-Sent Events (DESIGN.md "Real-time"). Read with fetch rather than EventSource, which
// cannot send the active organization (X-CBO-ID) nor leave the session cookie out when this tab is signed out.
// The connection is re-opened with exponential backoff and resumes from the last event id.

export type EventsStatus = 'connecting' | 'open' | 'closed';

export interface SubscribeOptions {
  onEvent: (event: AppEvent) => void;
  /** Only these event types reach onEvent (all when absent). */
  types?: readonly string[];
  onStatus?: (status: EventsStatus) => void;
  /** Backoff bounds in milliseconds (the server's `retry:` field raises the minimum). */
  minDelayMs?: number;
  maxDelayMs?: number;
  url?: string;
}

/** Delay before reconnect attempt `attempt` (0-based): doubling from min to max, with up to 20 % jitter. */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random = Math.random): number {
  const base = Math.min(maxMs, minMs * 2 ** attempt);
  return Math.round(base * (0.8 + 0.2 * random()));
}

/** A stream open at least this long counts as a good connection: the next reconnect waits the minimum again. */
const STABLE_MS = 10_000;

/** Start listening; the returned function stops for good. */
export function subscribeToEvents(options: SubscribeOptions): () => void {
  const { onEvent, types, onStatus, url = '/api/events', maxDelayMs = 30_000 } = options;
  let minDelayMs = options.minDelayMs ?? 1000;
  const controller = new AbortController();
  let lastEventId: string | null = null;
  let attempt = 0;
  /** When the current stream opened (null while none is open). */
  let openedAt: number | null = null;
  let stopped = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  const parse = createSseParser(
    (message) => {
      if (message.id !== null) lastEventId = message.id;
      let payload: unknown;
      try {
        payload = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = appEventSchema.safeParse(payload);
      if (!parsed.success) return;
      if (types && !types.includes(parsed.data.type)) return;
      onEvent(parsed.data);
    },
    // The server's `retry:` raises the minimum delay: a stream it closes (its session ended) is reopened no
    // sooner, and that reopening answers 401 (signed out) or brings the new rights.
    (ms) => {
      minDelayMs = ms;
    },
  );

  const connectOnce = async (): Promise<'retry' | 'stop'> => {
    onStatus?.('connecting');
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...authHeaders() };
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    const credentials = sessionCredentials();
    const response = await fetch(url, { headers, credentials, signal: controller.signal, cache: 'no-store' });
    if (!response.ok || !response.body) {
      handleUnauthorized(response.status, credentials !== 'omit');
      // A client error will not fix itself by retrying, except a 429 or a 408.
      const permanent =
        response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status);
      return permanent ? 'stop' : 'retry';
    }
    onStatus?.('open');
    openedAt = Date.now();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'retry';
      parse(value);
    }
  };

  const run = async () => {
    while (!stopped) {
      let outcome: 'retry' | 'stop' = 'retry';
      try {
        outcome = await connectOnce();
      } catch {
        // Network drop or abort; the loop decides.
      }
      // The backoff starts over only after a stream that stayed open a while: one the server keeps closing
      // right away is retried ever more slowly, not every few seconds.
      if (openedAt !== null && Date.now() - openedAt >= STABLE_MS) attempt = 0;
      openedAt = null;
      if (stopped || outcome === 'stop') break;
      await wait(backoffDelay(attempt, minDelayMs, maxDelayMs));
      attempt += 1;
    }
    onStatus?.('closed');
  };

  void run();
  return () => {
    stopped = true;
    controller.abort();
  };
}
