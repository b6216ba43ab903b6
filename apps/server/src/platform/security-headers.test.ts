import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestDatabase, expectEnvelope, TEST_PASSWORD } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, tileCspSource } from '../config.ts';
import type { Database } from '../db/client.ts';

// Issue #12 item 9: security headers on every answer, no-store on every API answer, and the browser's session in
// an HttpOnly cookie guarded against cross-site requests. The app here serves a small built web app of its own
// (index.html and a hashed asset) behind TRUST_PROXY, so https can be simulated with X-Forwarded-Proto.

const COORDINATOR = 'coordinator@trust.demo';
const TILE_URL = 'https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png';

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let direct: FastifyInstance;
let dist: string;

async function appWith(env: Record<string, string>) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD: TEST_PASSWORD,
    WEB_DIST_DIR: dist,
    PUBLIC_URL: 'https://trust.example.org',
    MAP_TILE_URL: TILE_URL,
    ...env,
  });
  const built = await buildApp({ config, database, jobs: false, web: true });
  await built.ready();
  return built;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-headers-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  ({ database, drop } = await createTestDatabase());
  app = await appWith({ TRUST_PROXY: 'true' });
  // The same app without TRUST_PROXY: a client's X-Forwarded-Proto is not believed.
  direct = await appWith({ TRUST_PROXY: 'false' });
});

afterAll(async () => {
  await direct?.close();
  await app?.close();
  await drop?.();
  fs.rmSync(dist, { recursive: true, force: true });
});

function directives(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = directives(res);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('script-src-attr')).toBe("'none'");
  expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
  expect(csp.get('img-src')).toBe("'self' data: blob: https://*.tiles.example.org:8443");
  expect(csp.get('connect-src')).toBe("'self'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'self'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

function expectNoStore(res: LightMyRequestResponse) {
  expect(res.headers['cache-control']).toMatch(/\bno-store\b/);
}

async function signIn(target = app, headers: Record<string, string> = {}) {
  const res = await target.inject({
    method: 'POST',
    url: '/auth/login',
    headers,
    payload: { email: COORDINATOR, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

/** `name=value` of the session cookie a sign-in set, as the browser would send it back. */
function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = setCookies(res).find((c) => /^(__Host-)?tm_session=[^;]+/.test(c));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie.split(';')[0]!;
}

describe('security headers on every answer', () => {
  it('the web app: index.html revalidated, hashed assets cached for a year, both with the policy', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page);
    expect(page.headers['cache-control']).toBe('no-cache');
    const screen = await app.inject({ url: '/queue/12' });
    expectSecurityHeaders(screen);
    expect(screen.headers['cache-control']).toBe('no-cache');

    const asset = await app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('API answers, errors included, are no-store', async () => {
    const cases: [string, string, number][] = [
      ['GET', '/api/stats/landing', 200],
      ['GET', '/api/client-config', 200],
      ['GET', '/health', 200],
      ['GET', '/auth/me', 401],
      ['GET', '/api/referrals', 401],
      ['GET', '/api/no-such-thing', 404],
      ['POST', '/api/no-such-thing', 404],
      ['GET', '/directory/services', 200],
    ];
    for (const [method, url, status] of cases) {
      const res = await app.inject({ method: method as 'GET', url });
      expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} ${status}`);
      expectSecurityHeaders(res);
      expectNoStore(res);
    }
    const badJson = await app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectEnvelope(badJson, 400, 'invalid_json');
    expectSecurityHeaders(badJson);
    expectNoStore(badJson);
  });

  it('a signed-in answer and a 304 of the API docs are no-store too', async () => {
    const cookie = sessionCookieOf(await signIn());
    const me = await app.inject({ url: '/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expectSecurityHeaders(me);
    expectNoStore(me);

    const css = await app.inject({ url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    expectNoStore(css);
    const etag = css.headers.etag;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      url: '/api/docs/static/swagger-ui.css',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expectNoStore(again);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the event stream carries them in the head it writes itself', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/api/events`, { signal: controller.signal });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('cache-control')).toMatch(/\bno-store\b/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      controller.abort();
    }
  });

  it('HSTS only when the request came over TLS, as told by a trusted proxy', async () => {
    const viaProxy = await app.inject({
      url: '/api/stats/landing',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const page = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    const refused = await app.inject({ url: '/auth/me', headers: { 'x-forwarded-proto': 'https' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['strict-transport-security']).toBe('max-age=31536000');

    expect(
      (await app.inject({ url: '/api/stats/landing' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const untrusted = await direct.inject({
      url: '/api/stats/landing',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the map tile host: one setting for the app and the policy', () => {
  it('GET /api/client-config gives the tile URL and attribution, open to anyone', async () => {
    const res = await app.inject({ url: '/api/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      map: {
        tile_url: TILE_URL,
        tile_attribution:
          '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      },
    });
  });

  it('derives the CSP source from the template, and refuses a template that is not one', () => {
    expect(tileCspSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileCspSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileCspSource('http://tiles-{s}.maps.example.com:8080/t/{z}/{x}/{y}.png')).toBe(
      'http://*.maps.example.com:8080',
    );
    expect(loadConfig({}).mapTiles.cspSource).toBe('https://*.tile.openstreetmap.org');
    for (const bad of [
      'javascript:alert(1)//{z}{x}{y}',
      'https://tiles.example.org/{z}/{x}.png',
      'not a url',
    ]) {
      expect(() => loadConfig({ MAP_TILE_URL: bad })).toThrow(ConfigError);
    }
  });
});

describe('the browser session lives in an HttpOnly cookie', () => {
  it('sign-in sets it HttpOnly, SameSite=Strict, Path=/, for at most the session; Secure over https', async () => {
    const res = await signIn();
    // API clients keep the spec's contract.
    expect(res.json().access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^tm_session=[A-Za-z0-9_-]{40,}; /);
    const attributes = cookie!.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict']));
    expect(attributes).not.toContain('Secure');
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie!)?.[1]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    // The cookie holds the same session as the bearer token of the answer.
    expect(sessionCookieOf(res)).toBe(`tm_session=${res.json().access_token}`);

    const overTls = await signIn(app, { 'x-forwarded-proto': 'https' });
    const [secure] = setCookies(overTls);
    expect(secure).toMatch(/^__Host-tm_session=[A-Za-z0-9_-]{40,}; /);
    expect(secure!.split('; ')).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Secure']),
    );
    expect(secure).not.toMatch(/Domain=/i);
  });

  it('the two-factor sign-in sets it with the session, not the password step', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'secure@trust.demo', password: TEST_PASSWORD },
    });
    expect(first.json().requires_2fa).toBe(true);
    expect(setCookies(first)).toEqual([]);
    const [row] = await database.query<{ body_text: string }>(
      `SELECT o.body_text FROM outbound_messages o JOIN users u ON u.id = o.user_id
        WHERE u.email = 'secure@trust.demo' AND o.channel = 'sms' ORDER BY o.id DESC LIMIT 1`,
    );
    const code = /\b(\d{6})\b/.exec(row?.body_text ?? '')?.[1];
    const verified = await app.inject({
      method: 'POST',
      url: '/auth/login/verify-2fa',
      payload: { email: 'secure@trust.demo', code, remember_device: false },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookieOf(verified);
    const me = await app.inject({ url: '/auth/me', headers: { cookie } });
    expect(me.json().email).toBe('secure@trust.demo');
  });

  it('authenticates reads, and changes from this app’s own pages', async () => {
    const cookie = sessionCookieOf(await signIn());
    const me = await app.inject({ url: '/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(COORDINATOR);
    const queue = await app.inject({ url: '/api/referrals', headers: { cookie } });
    expect(queue.statusCode).toBe(200);
    // Cross-site GETs are reads: SameSite=Strict keeps the cookie off them in a browser anyway.
    expect(
      (await app.inject({ url: '/auth/me', headers: { cookie, 'sec-fetch-site': 'cross-site' } })).statusCode,
    ).toBe(200);

    const orgs = await app.inject({ url: '/api/cbos/users/me/organizations', headers: { cookie } });
    const orgId = (orgs.json() as { cbo_id: number }[])[0]!.cbo_id;
    const switchOrg = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/cbos/users/me/active-cbo',
        headers: { cookie, ...headers },
        payload: { cbo_id: orgId },
      });
    expect(
      (await switchOrg({ 'sec-fetch-site': 'same-origin', origin: 'https://trust.example.org' })).statusCode,
    ).toBe(200);
    // The Host the request was sent to counts as this server too (a LAN address, the Vite dev proxy).
    expect((await switchOrg({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(200);
    expect((await switchOrg({})).statusCode).toBe(200);
  });

  it('refuses a cross-site change made with the cookie, and writes nothing', async () => {
    const signedIn = await signIn();
    const cookie = sessionCookieOf(signedIn);
    const count = async () =>
      (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM referrals'))[0]!.n;
    const before = await count();
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://trust.example.org.evil.example' },
    ];
    for (const headers of attempts) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/referrals',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: { first_name: 'Mallory' },
      });
      expectEnvelope(res, 403, 'cross_site');
      expectSecurityHeaders(res);
      expectNoStore(res);
    }
    expect(await count()).toBe(before);

    // Sign-out is a change too: refused, the session lives on.
    const logout = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expectEnvelope(logout, 403, 'cross_site');
    expect((await app.inject({ url: '/auth/me', headers: { cookie } })).statusCode).toBe(200);

    // A bearer token is not ambient, so an API client's request is not a forgery whatever its headers say.
    const token = signedIn.json().access_token as string;
    const orgs = await app.inject({ url: '/api/cbos/users/me/organizations', headers: bearer(token) });
    const api = await app.inject({
      method: 'POST',
      url: '/api/cbos/users/me/active-cbo',
      headers: { ...bearer(token), origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      payload: { cbo_id: (orgs.json() as { cbo_id: number }[])[0]!.cbo_id },
    });
    expect(api.statusCode).toBe(200);
  });

  it('sign-out ends the session and clears the cookie; a dead cookie is cleared by the 401', async () => {
    const cookie = sessionCookieOf(await signIn());
    const logout = await app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(setCookies(logout)).toContainEqual(
      expect.stringMatching(/^tm_session=; Path=\/; Max-Age=0; HttpOnly/),
    );
    const after = await app.inject({ url: '/auth/me', headers: { cookie } });
    expectEnvelope(after, 401);
    expect(setCookies(after)).toContainEqual(expect.stringMatching(/^tm_session=; .*Max-Age=0/));
    // Open routes ignore it, and tell the browser to forget it as well.
    const open = await app.inject({ url: '/api/stats/landing', headers: { cookie } });
    expect(open.statusCode).toBe(200);
    expect(setCookies(open)).toContainEqual(expect.stringMatching(/^tm_session=; .*Max-Age=0/));
    // The __Host- cookie is cleared with the Secure attribute it needs.
    const secureCookie = sessionCookieOf(await signIn(app, { 'x-forwarded-proto': 'https' }));
    const secureLogout = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: secureCookie, 'x-forwarded-proto': 'https' },
    });
    expect(setCookies(secureLogout)).toContainEqual(
      expect.stringMatching(/^__Host-tm_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict; Secure$/),
    );
  });

  it('the bearer token still works for API clients, and wins over a cookie', async () => {
    const token = (await signIn()).json().access_token as string;
    const me = await app.inject({ url: '/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const other = sessionCookieOf(
      await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'viewer@trust.demo', password: TEST_PASSWORD },
      }),
    );
    const both = await app.inject({ url: '/auth/me', headers: { ...bearer(token), cookie: other } });
    expect(both.json().email).toBe(COORDINATOR);
  });
});
