import { ACTIVE_ORG_HEADER } from '@trust/domain';
import { clearSession, markServerContact, readActiveCboId, readToken } from './credentials.ts';
import { ApiError, networkError } from './errors.ts';

// The one place that talks HTTP to the server (DESIGN.md "The contract"). Same origin: the server serves the
// built app, and the Vite dev server proxies /api, /auth and /health.

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token and the active organization (default true). Login and open pages pass false. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** Authorization and X-CBO-ID for an authenticated call (002 §6: token from auth_token, org from active_cbo_id). */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const cboId = readActiveCboId();
  if (token && cboId !== null) headers[ACTIVE_ORG_HEADER] = String(cboId);
  return headers;
}

interface ErrorBody {
  code?: unknown;
  detail?: unknown;
  message?: unknown;
  error?: unknown;
  fields?: unknown;
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
    detail,
    fields,
    message: detail ?? `HTTP ${response.status}: ${response.statusText}`,
  });
}

/**
 * Any 401 on a call that carried the token means the session is gone: forget it silently and let the app
 * fall back to the signed-out state (003 §8 "Token verification failure clears the session silently").
 */
export function handleUnauthorized(status: number, sentToken: boolean): void {
  if (status === 401 && sentToken) clearSession();
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...(auth ? authHeaders() : {}) };
  const sentToken = 'Authorization' in headers;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (sentToken) markServerContact(Date.now());

  if (!response.ok) {
    handleUnauthorized(response.status, sentToken);
    throw await toApiError(response);
  }
  if (response.status === 204) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return (await response.text()) as T;
  return (await response.json()) as T;
}
