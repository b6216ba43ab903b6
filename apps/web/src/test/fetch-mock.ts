import { vi } from 'vitest';

// A fetch stand-in keyed by "METHOD /path" (the query string is ignored). Unknown routes answer 404 so a test
// sees a failure instead of hanging.

export type RouteHandler = (init: RequestInit, url: string) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : '',
    headers: { 'content-type': 'application/json' },
  });
}

export function errorResponse(status: number, detail: string, code = 'error'): Response {
  return jsonResponse(status, { code, detail, message: detail, error: detail });
}

export function mockFetch(routes: Record<string, RouteHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost:3000').pathname;
    const key = `${(init.method ?? 'GET').toUpperCase()} ${path}`;
    const handler = routes[key];
    if (!handler) return errorResponse(404, `No mock for ${key}`, 'not_found');
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The headers a mocked call was made with. */
export function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}

/** Calls of the mock to one route. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return (
      (init?.method ?? 'GET').toUpperCase() === method &&
      new URL(url, 'http://localhost:3000').pathname === path
    );
  });
}

/** A promise the test resolves when it wants (for "while submitting" states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
