import { describe, expect, it, vi } from 'vitest';
import { signedInMarker, storeSession } from '../../test/fixtures.ts';
import { backoffDelay, subscribeToEvents } from './subscribe.ts';

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

describe('subscribeToEvents', () => {
  it('doubles the delay up to the maximum, with jitter below it', () => {
    expect(backoffDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 1)).toBe(8000);
    expect(backoffDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(0, 1000, 30_000, () => 0)).toBe(800);
  });

  it('sends the session cookie (never a token, never in the URL), delivers events and reconnects from the last id', async () => {
    storeSession();
    localStorage.setItem('active_cbo_id', '5');
    const frames = [
      'id: a1\ndata: {"id":"a1","type":"referral.created","at":"2026-01-01T00:00:00Z","data":{"n":1}}\n\n' +
        'data: {"id":"a2","type":"other","at":"2026-01-01T00:00:00Z","data":null}\n\n',
      'id: a3\ndata: {"id":"a3","type":"referral.created","at":"2026-01-01T00:00:01Z","data":{"n":2}}\n\n',
    ];
    const calls: { url: string; headers: Headers; credentials: RequestCredentials | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, headers: new Headers(init.headers), credentials: init.credentials });
        const body = frames[calls.length - 1];
        if (body === undefined) return new Promise<Response>(() => {});
        return new Response(streamOf(body), {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
        });
      }),
    );
    const received: unknown[] = [];
    const stop = subscribeToEvents({
      onEvent: (event) => received.push(event.data),
      types: ['referral.created'],
      minDelayMs: 1,
      maxDelayMs: 2,
    });
    await vi.waitFor(() => expect(received).toEqual([{ n: 1 }, { n: 2 }]));
    stop();
    expect(calls[0]?.url).toBe('/api/events');
    expect(calls[0]?.credentials).toBe('same-origin');
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(calls[0]?.headers.get('X-CBO-ID')).toBe('5');
    expect(calls[1]?.headers.get('Last-Event-ID')).toBe('a1');
  });

  it('stops and clears the session on a 401', async () => {
    storeSession();
    const fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const statuses: string[] = [];
    subscribeToEvents({ onEvent: () => {}, onStatus: (s) => statuses.push(s), minDelayMs: 1 });
    await vi.waitFor(() => expect(statuses).toContain('closed'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(signedInMarker()).toBeNull();
  });

  it('leaves the cookie out while this tab is signed out, so a visitor gets only public events', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    const stop = subscribeToEvents({ onEvent: () => {} });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    stop();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('omit');
  });
});
