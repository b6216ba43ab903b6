import { ACTIVE_ORG_HEADER } from '@trust/domain';
import { clearSession, isSignedIn, markServerContact, readActiveCboId } from './credentials.ts';
import { ApiError, networkError } from './errors.ts';

// The one place that talks HTTP to the server (DESIGN.md "The contract"). Same origin: the server serves the
// built app, and the Vite dev server proxies /api, /auth and /health. The session is the HttpOnly cookie the
// server set at sign-in (issue #12); the app never sees the token, it only decides whether a call carries it.

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Send the session cookie and the active organization (default true; only while signed in). Open pages pass
   * false, and their calls carry no session at all.
   */
  auth?: boolean;
  /**
   * Carry and accept the session cookie even when this tab is not marked signed in: the sign-in calls (their
   * answer sets it) and sign-out (its answer clears it).
   */
  withSessionCookie?: boolean;
  signal?: AbortSignal;
}

/** X-CBO-ID for an authenticated call (002 §6: the organization from active_cbo_id), while signed in. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const cboId = readActiveCboId();
  if (isSignedIn() && cboId !== null) headers[ACTIVE_ORG_HEADER] = String(cboId);
  return headers;
}

/**
 * Whether an authenticated call carries the session cookie: only while this browser is signed in. A page that
 * shows the signed-out state then never reads as someone else (a cookie a failed sign-out left behind).
 */
export function sessionCredentials(): RequestCredentials {
  return isSignedIn() ? 'same-origin' : 'omit';
}

interface ErrorBody {
  code?: unknown;
  reason?: unknown;
  detail?: unknown;
  message?: unknown;
  error?: unknown;
  fields?: unknown;
  current?: unknown;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Turn a non-2xx answer into an ApiError; 003 §8: the detail, else 'HTTP {status}: {statusText}'. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as ErrorBody;
  } catch {
    // Not JSON (a proxy's error page, say); fall back to the status line.
  }
  const detail = text(body.detail) ?? text(body.message) ?? text(body.error);
  const fields =
    body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  return new ApiError({
    status: response.status,
    code: text(body.code),
    reason: text(body.reason),
    detail,
    fields,
    current: body.current,
    message: detail ?? `HTTP ${response.status}: ${response.statusText}`,
  });
}

/**
 * Any 401 on a call that carried the session means it is gone: forget it silently and let the app fall back to
 * the signed-out state (003 §8 "Token verification failure clears the session silently"). The server's 401
 * clears the cookie.
 */
export function handleUnauthorized(status: number, sentSession: boolean): void {
  if (status === 401 && sentSession) clearSession();
}

/**
 * A call whose answer or body is not JSON (a file to download, a multipart form) with the session, by the rules of
 * apiRequest: the cookie and X-CBO-ID only while signed in, a 401 clears the session. Answers the Response when
 * it is ok, else throws its ApiError.
 */
export async function fetchWithSession(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<Response> {
  const sentSession = isSignedIn();
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: { ...init.headers, ...authHeaders() },
      body: init.body,
      credentials: sentSession ? 'same-origin' : 'omit',
    });
  } catch {
    throw networkError();
  }
  if (sentSession) markServerContact(Date.now());
  if (!response.ok) {
    handleUnauthorized(response.status, sentSession);
    throw await toApiError(response);
  }
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, withSessionCookie = false, signal } = options;
  const sentSession = auth && isSignedIn();
  const headers: Record<string, string> = { Accept: 'application/json', ...(auth ? authHeaders() : {}) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: sentSession || withSessionCookie ? 'same-origin' : 'omit',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (sentSession) markServerContact(Date.now());

  if (!response.ok) {
    handleUnauthorized(response.status, sentSession);
    throw await toApiError(response);
  }
  if (response.status === 204) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return (await response.text()) as T;
  return (await response.json()) as T;
}
