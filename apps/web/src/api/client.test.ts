import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { signedInMarker, storeSession } from '../test/fixtures.ts';
import { apiRequest, fetchWithSession } from './client.ts';
import { ApiError } from './errors.ts';

describe('apiRequest', () => {
  it('sends the session cookie and the active organization as X-CBO-ID, never a bearer token', async () => {
    storeSession();
    localStorage.setItem('active_cbo_id', '42');
    const fetchMock = mockFetch({ 'GET /api/things': () => jsonResponse(200, { ok: true }) });
    await expect(apiRequest('/api/things')).resolves.toEqual({ ok: true });
    const init = callsTo(fetchMock, 'GET', '/api/things')[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('X-CBO-ID')).toBe('42');
  });

  it('sends no session and no X-CBO-ID for an open call, nor for any call while signed out', async () => {
    localStorage.setItem('active_cbo_id', '42');
    const fetchMock = mockFetch({ 'GET /api/open': () => jsonResponse(200, {}) });
    await apiRequest('/api/open');
    storeSession();
    await apiRequest('/api/open', { auth: false });
    for (const [, init] of callsTo(fetchMock, 'GET', '/api/open')) {
      expect(init?.credentials).toBe('omit');
      const headers = new Headers(init?.headers);
      expect(headers.get('Authorization')).toBeNull();
      expect(headers.get('X-CBO-ID')).toBeNull();
    }
  });

  it('lets a sign-in call receive the cookie although the tab is not signed in yet', async () => {
    const fetchMock = mockFetch({ 'POST /auth/login/verify-2fa': () => jsonResponse(200, {}) });
    await apiRequest('/auth/login/verify-2fa', {
      method: 'POST',
      body: {},
      auth: false,
      withSessionCookie: true,
    });
    expect(callsTo(fetchMock, 'POST', '/auth/login/verify-2fa')[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('forgets the session on a 401 of an authenticated call, keeping the organization', async () => {
    storeSession();
    localStorage.setItem('active_cbo_id', '42');
    mockFetch({
      'GET /api/things': () => errorResponse(401, 'Your session has expired. Please sign in again.'),
    });
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(signedInMarker()).toBeNull();
    expect(localStorage.getItem('session_start')).toBeNull();
    expect(localStorage.getItem('active_cbo_id')).toBe('42');
  });

  it('keeps the session on a 401 of a call made without it (a wrong password)', async () => {
    storeSession('marker-1');
    mockFetch({ 'POST /auth/login': () => errorResponse(401, 'Incorrect email or password') });
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(signedInMarker()).toBe('marker-1');
  });

  it('keeps the session on a 403', async () => {
    storeSession('marker-1');
    mockFetch({ 'GET /api/things': () => errorResponse(403, 'Your role does not allow this action.') });
    await expect(apiRequest('/api/things')).rejects.toMatchObject({
      status: 403,
      detail: 'Your role does not allow this action.',
    });
    expect(signedInMarker()).toBe('marker-1');
  });

  it('fetches files with the session the same way, and a 401 there signs out too', async () => {
    storeSession();
    localStorage.setItem('active_cbo_id', '7');
    const fetchMock = mockFetch({
      'GET /api/file': () => new Response('bytes', { status: 200 }),
      'GET /api/gone': () => errorResponse(401, 'Please sign in to continue.'),
    });
    const response = await fetchWithSession('/api/file');
    expect(await response.text()).toBe('bytes');
    const init = callsTo(fetchMock, 'GET', '/api/file')[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('X-CBO-ID')).toBe('7');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    await expect(fetchWithSession('/api/gone')).rejects.toMatchObject({ status: 401 });
    expect(signedInMarker()).toBeNull();
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
