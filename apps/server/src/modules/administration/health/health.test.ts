import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('GET /health (003 §7.5, §7.7)', () => {
  it('answers status, database, version, uptime and the providers count, without a session', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM providers');
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: t.database.kind,
      database_ok: true,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      providers_count: row!.n,
      // The LISTEN connection (PGlite's in-process listener is always up); see platform/events-listener.test.ts.
      events: { listening: true, down_since: null, reconnects: 0 },
    });
    expect(res.json().uptime_s).toBeGreaterThanOrEqual(0);
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe('GET /health at scale (issue #22)', () => {
  it('counts the providers at most every 30 s (a scan at millions), while still asking the database each time', async () => {
    const first = (await t.app.inject({ url: '/health' })).json();
    await t.database.query(
      "INSERT INTO providers (name, organization_type, services, languages) VALUES ('Health Count Probe', 'FQHC', '{}', '{}')",
    );
    const second = (await t.app.inject({ url: '/health' })).json();
    expect(second).toMatchObject({ database_ok: true, providers_count: first.providers_count });
  });
});

describe('GET /api/stats/landing (003 §2.3)', () => {
  it('counts referrals, providers and the auto-matched percent from the database', async () => {
    const res = await t.app.inject({ url: '/api/stats/landing' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.query<{ r: number; p: number; a: number }>(
      "SELECT (SELECT count(*)::int FROM referrals) r, (SELECT count(*)::int FROM providers) p, (SELECT count(*)::int FROM referrals WHERE match_method = 'auto') a",
    );
    expect(res.json()).toEqual({
      referrals_count: row!.r,
      providers_count: row!.p,
      auto_matched_count: row!.a,
      auto_matched_percent: Math.round((row!.a / row!.r) * 100),
    });
  });
});

describe('the HTTP platform', () => {
  it('lists every route in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/health',
      '/api/stats/landing',
      '/auth/login',
      '/auth/me',
      '/auth/logout',
      '/api/cbos/users/me/organizations',
      '/api/cbos/users/me/active-cbo',
      '/api/users',
      '/api/events',
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.paths['/auth/me'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/auth/login'].post.security).toBeUndefined();
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('answers unknown routes with a 404 envelope', async () => {
    expectEnvelope(await t.app.inject({ url: '/api/nothing-here' }), 404, 'not_found');
    expectEnvelope(await t.app.inject({ method: 'DELETE', url: '/whatever' }), 404, 'not_found');
  });

  it('refuses oversize bodies with 413 and other content types with 415', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(2_000_000), password: 'x' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expectEnvelope(res, 413, 'payload_too_large');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectEnvelope(xml, 415, 'unsupported_media_type');
  });
});
