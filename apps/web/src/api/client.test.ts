import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { storeSession } from '../test/fixtures.ts';
import { apiRequest } from './client.ts';
import { ApiError } from './errors.ts';

describe('apiRequest', () => {
  it('sends the bearer token and the active organization as X-CBO-ID', async () => {
    storeSession('tok-1');
    localStorage.setItem('active_cbo_id', '42');
    const fetchMock = mockFetch({ 'GET /api/things': () => jsonResponse(200, { ok: true }) });
    await expect(apiRequest('/api/things')).resolves.toEqual({ ok: true });
    const headers = new Headers(callsTo(fetchMock, 'GET', '/api/things')[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('X-CBO-ID')).toBe('42');
  });

  it('sends neither header for an open call, and no X-CBO-ID without a token', async () => {
    localStorage.setItem('active_cbo_id', '42');
    const fetchMock = mockFetch({ 'GET /api/open': () => jsonResponse(200, {}) });
    await apiRequest('/api/open');
    storeSession('tok-1');
    await apiRequest('/api/open', { auth: false });
    for (const [, init] of callsTo(fetchMock, 'GET', '/api/open')) {
      const headers = new Headers(init?.headers);
      expect(headers.get('Authorization')).toBeNull();
      expect(headers.get('X-CBO-ID')).toBeNull();
    }
  });

  it('clears the token and session start on a 401 of an authenticated call, keeping the organization', async () => {
    storeSession('tok-1');
    localStorage.setItem('active_cbo_id', '42');
    mockFetch({
      'GET /api/things': () => errorResponse(401, 'Your session has expired. Please sign in again.'),
    });
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('session_start')).toBeNull();
    expect(localStorage.getItem('active_cbo_id')).toBe('42');
  });

  it('keeps the session on a 401 of a call made without the token (a wrong password)', async () => {
    storeSession('tok-1');
    mockFetch({ 'POST /auth/login': () => errorResponse(401, 'Incorrect email or password') });
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(localStorage.getItem('auth_token')).toBe('tok-1');
  });

  it('keeps the session on a 403', async () => {
    storeSession('tok-1');
    mockFetch({ 'GET /api/things': () => errorResponse(403, 'Your role does not allow this action.') });
    await expect(apiRequest('/api/things')).rejects.toMatchObject({
      status: 403,
      detail: 'Your role does not allow this action.',
    });
    expect(localStorage.getItem('auth_token')).toBe('tok-1');
  });

  it('turns a network failure into the backend-unavailable text (003 §8)', async () => {
    mockFetch({
      'GET /health': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await apiRequest('/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).detail).toBe(
      'Backend service is not available. Please try again later or contact support.',
    );
  });

  it("reads 'HTTP {status}: {statusText}' when the answer has no detail", async () => {
    mockFetch({ 'GET /x': () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(apiRequest('/x')).rejects.toMatchObject({ message: 'HTTP 502: Bad Gateway', detail: null });
  });

  it('sends a JSON body', async () => {
    const fetchMock = mockFetch({ 'POST /api/x': () => jsonResponse(200, {}) });
    await apiRequest('/api/x', { method: 'POST', body: { a: 1 } });
    const init = callsTo(fetchMock, 'POST', '/api/x')[0]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });
});
