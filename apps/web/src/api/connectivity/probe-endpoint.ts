import { authHeaders, sessionCredentials } from '../client.ts';

// 003 §2.14, §7.7: the connectivity test page calls GET /health, GET / and GET /api/users on a service URL
// the user types. It reports what happened instead of throwing, and never clears the session on a 401:
// it is a diagnostic, not part of the signed-in work.

export interface ProbeResult {
  ok: boolean;
  /** HTTP status, or null when no answer came back. */
  status: number | null;
  statusText: string;
  /** The error text when the request failed before an answer (DNS, refused, CORS, timeout). */
  error: string | null;
  durationMs: number;
  /** The parsed JSON body when the answer was JSON. */
  json: unknown;
}

/** Join a base URL and a path without doubling or losing the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.trim().replace(/\/+$/, '')}${path}`;
}

/**
 * The session goes only to this app's own origin: the URL is free text (and the page's Content-Security-Policy
 * refuses connections to any other origin anyway).
 */
export function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

export async function probeEndpoint(
  url: string,
  options: { withAuth: boolean; timeoutMs?: number; origin?: string },
): Promise<ProbeResult> {
  const started = performance.now();
  const origin = options.origin ?? window.location.origin;
  const headers: Record<string, string> = { Accept: 'application/json, text/html;q=0.9, */*;q=0.5' };
  const withSession = options.withAuth && isSameOrigin(url, origin);
  if (withSession) Object.assign(headers, authHeaders());
  try {
    const response = await fetch(url, {
      headers,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      credentials: withSession ? sessionCredentials() : 'omit',
    });
    let json: unknown = null;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      json = await response.json().catch(() => null);
    } else {
      await response.text().catch(() => '');
    }
    return {
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      error: null,
      durationMs: Math.round(performance.now() - started),
      json,
    };
  } catch (error) {
    return {
      ok: false,
      status: null,
      statusText: '',
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      durationMs: Math.round(performance.now() - started),
      json: null,
    };
  }
}
