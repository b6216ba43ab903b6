import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInMarker, storeSession } from '../../test/fixtures.ts';
import { createSseParser } from './sse-parser.ts';
import { subscribeToEvents } from './subscribe.ts';

// Issue #12: the server closes a stream whose session ended (logout elsewhere, idle, reset) or whose rights
// changed. The browser reopens it no sooner than the server's `retry:`, and the reopening's 401 signs it out;
// a server that keeps closing is not hammered.

function closingStream(text: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a stream closed by the server', () => {
  it('takes the retry of a frame without data (the server opens with `retry:` and a comment)', () => {
    const retries: number[] = [];
    const feed = createSseParser(
      () => {},
      (ms) => retries.push(ms),
    );
    feed('retry: 3000\n: connected\n\n');
    expect(retries).toEqual([3000]);
  });

  it("is reopened after the server's retry, and the 401 of the ended session signs the tab out", async () => {
    storeSession();
    const times: number[] = [];
    const fetchMock = vi.fn(async () => {
      times.push(Date.now());
      if (times.length === 1) return closingStream('retry: 60\n: connected\n\n');
      return new Response('{"code":"unauthorized"}', { status: 401 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const statuses: string[] = [];
    subscribeToEvents({ onEvent: () => {}, onStatus: (s) => statuses.push(s), minDelayMs: 1 });
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('closed'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // 60 ms less at most 20 % jitter; timers may fire a millisecond early.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(47);
    expect(signedInMarker()).toBeNull();
    await new Promise((r) => setTimeout(r, 150));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is retried ever more slowly when the server keeps closing it at once', async () => {
    const times: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        times.push(Date.now());
        return closingStream('retry: 20\n: connected\n\n');
      }),
    );
    const stop = subscribeToEvents({ onEvent: () => {} });
    await vi.waitFor(() => expect(times.length).toBeGreaterThanOrEqual(5), { timeout: 5000 });
    stop();
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Doubling with jitter of at most 20 %: each wait is longer than the one before.
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThan(gaps[i - 1]!);
  });
});
