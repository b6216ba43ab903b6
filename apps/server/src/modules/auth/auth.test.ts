import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: payload as object });

describe('POST /auth/login (003 §4.1, §7.1)', () => {
  it('signs in a demo user and answers the spec shape', async () => {
    const res = await post({ email: 'coordinator@trust.demo', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.requires_2fa).toBe(false);
    // 003 §4.1: every sign-in carries the consent status (the demo accounts have signed the current versions).
    expect(body.consent_status).toMatchObject({ requires_consent: false, all_consents_current: true });
    expect(body.user).toMatchObject({
      email: 'coordinator@trust.demo',
      role: 'case_manager',
      is_active: true,
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.idle_timeout_s).toBe(3600);
    expect(new Date(body.expires_at).getTime() - new Date(body.session_started_at).getTime()).toBe(
      12 * 3_600_000,
    );
  });

  it('accepts the email in any case and with spaces', async () => {
    const res = await post({ email: '  Coordinator@TRUST.demo ', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same message for a wrong password and an unknown email', async () => {
    const wrong = expectEnvelope(
      await post({ email: 'viewer@trust.demo', password: 'nope-nope' }),
      401,
      'unauthorized',
    );
    const unknown = expectEnvelope(
      await post({ email: 'ghost@trust.demo', password: 'nope-nope' }),
      401,
      'unauthorized',
    );
    expect(wrong.detail).toBe('Incorrect email or password');
    expect(unknown.detail).toBe(wrong.detail);
  });

  it('requires email and password and refuses unknown fields', async () => {
    const missing = expectEnvelope(await post({ email: 'a@b.c' }), 400, 'validation_failed');
    expect(missing).toHaveProperty('fields.password');
    const extra = expectEnvelope(
      await post({ email: 'a@b.c', password: 'x', admin: true }),
      400,
      'validation_failed',
    );
    expect(extra).toMatchObject({ fields: { admin: 'Unknown field.' } });
    expectEnvelope(await post({ email: 5, password: [] }), 400, 'validation_failed');
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x"',
    });
    expectEnvelope(res, 400, 'invalid_json');
  });

  it('rate-limits an account after repeated failures, even with the right password', async () => {
    const email = 'manager@trust.demo';
    for (let i = 0; i < 5; i++) expectEnvelope(await post({ email, password: `wrong-${i}` }), 401);
    const limited = await post({ email, password: TEST_PASSWORD });
    const body = expectEnvelope(limited, 429, 'rate_limited');
    expect(body.detail).toMatch(/Too many sign-in attempts/);
    expect(limited.headers['retry-after']).toBe('900');
    // Another account from the same address is not affected by this account's limit.
    expect((await post({ email: 'provider@trust.demo', password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('rate-limits an address that tries many accounts', async () => {
    // Every inject comes from 127.0.0.1; 30 failures across different accounts close that address.
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await post({ email: `nobody${i}@example.com`, password: 'x' })).statusCode);
    expect(codes.at(-1)).toBe(429);
    expectEnvelope(
      await post({ email: 'provider@trust.demo', password: TEST_PASSWORD }),
      429,
      'rate_limited',
    );
  });

  it('records sign-ins and failures in the audit log', async () => {
    const rows = await t.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action IN ('auth.login', 'auth.login_failed')",
    );
    expect(rows.some((r) => r.action === 'auth.login')).toBe(true);
    expect(rows.some((r) => r.action === 'auth.login_failed')).toBe(true);
  });
});

describe('GET /auth/me and POST /auth/logout', () => {
  it('answers the current user with the active organization', async () => {
    const { app } = await buildTestAppOnce();
    const token = await login(app, 'coordinator@trust.demo');
    const res = await app.inject({ url: '/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'coordinator@trust.demo',
      org_role: 'staff',
      active_cbo_id: 1,
    });
  });

  it('answers 401 with the envelope without a token, with a forged token and after logout', async () => {
    const { app } = await buildTestAppOnce();
    expectEnvelope(await app.inject({ url: '/auth/me' }), 401, 'unauthorized');
    expectEnvelope(
      await app.inject({ url: '/auth/me', headers: bearer('forged-token') }),
      401,
      'unauthorized',
    );
    expectEnvelope(await app.inject({ url: '/auth/me', headers: { authorization: 'Basic abc' } }), 401);
    const token = await login(app, 'viewer@trust.demo');
    const out = await app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(out.json()).toEqual({ ok: true });
    expectEnvelope(await app.inject({ url: '/auth/me', headers: bearer(token) }), 401);
  });

  it('stores only a hash of the token', async () => {
    const { app, database } = await buildTestAppOnce();
    const token = await login(app, 'staff@trust.demo');
    const rows = await database.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('ends a session after 60 minutes without activity', async () => {
    const { app, database } = await buildTestAppOnce();
    const token = await login(app, 'system@trust.demo');
    await database.query(
      "UPDATE sessions SET last_seen_at = now() - interval '61 minutes' WHERE user_id = (SELECT id FROM users WHERE email = 'system@trust.demo')",
    );
    const body = expectEnvelope(
      await app.inject({ url: '/auth/me', headers: bearer(token) }),
      401,
      'session_expired',
    );
    expect(body.detail).toBe('Your session has expired. Please sign in again.');
  });

  it('ends a session 12 hours after sign-in however active', async () => {
    const { app, database } = await buildTestAppOnce();
    const token = await login(app, 'orgadmin@trust.demo');
    await database.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = 'orgadmin@trust.demo')",
    );
    expectEnvelope(await app.inject({ url: '/auth/me', headers: bearer(token) }), 401, 'session_expired');
  });

  it('refuses a disabled account', async () => {
    const { app, database } = await buildTestAppOnce();
    const token = await login(app, 'cbo@trust.demo');
    await database.query("UPDATE users SET is_active = false WHERE email = 'cbo@trust.demo'");
    expectEnvelope(await app.inject({ url: '/auth/me', headers: bearer(token) }), 401);
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'cbo@trust.demo', password: TEST_PASSWORD },
    });
    expectEnvelope(res, 403, 'forbidden');
    await database.query("UPDATE users SET is_active = true WHERE email = 'cbo@trust.demo'");
  });
});

// The me/logout tests share one app of their own (the login rate-limit tests above fill this file's address
// budget on the first app).
let second: TestApp | undefined;
async function buildTestAppOnce() {
  second ??= await buildTestApp();
  return second;
}
afterAll(async () => second?.close());
