import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  TEST_PASSWORD,
  type TestApp,
} from '../../../../test/helpers.ts';

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
    expect(wrong).toMatchObject({ reason: 'auth.invalid_credentials' });
    expect(unknown).toMatchObject({ reason: 'auth.invalid_credentials' });
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

  it('rate-limits an account from one address after 5 failures, even with the right password', async () => {
    const email = 'manager@trust.demo';
    for (let i = 0; i < 5; i++) expectEnvelope(await post({ email, password: `wrong-${i}` }), 401);
    const limited = await post({ email, password: TEST_PASSWORD });
    const body = expectEnvelope(limited, 429, 'rate_limited');
    expect(body.detail).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(body).toMatchObject({ reason: 'auth.too_many_attempts' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Another account from the same address is not affected by this account's limit...
    expect((await post({ email: 'provider@trust.demo', password: TEST_PASSWORD })).statusCode).toBe(200);
    // ...nor is this account from another address (issue #12: the limit is per account and address).
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '192.0.2.44',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
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
    expect(expectEnvelope(res, 403, 'forbidden')).toMatchObject({ reason: 'auth.account_disabled' });
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

// Issue #12 "Brute force past the limit": counted and checked in one atomic step, per account and address, and
// never turned against the real user. Every request names its client address (light-my-request's
// remoteAddress); these tests have an app of their own.
describe('sign-in limits under attack (issue #12, NIST SP 800-63B §5.2.2)', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await buildTestApp();
  });
  afterAll(async () => a?.close());

  const from = (remoteAddress: string, payload: { email: string; password: string }, headers = {}) =>
    a.app.inject({ method: 'POST', url: '/auth/login', remoteAddress, headers, payload });
  const failuresChecked = async (email: string, ip?: string) => {
    const [row] = await a.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login_failed'
          AND actor_user_id = (SELECT id FROM users WHERE email = $1) AND ($2::text IS NULL OR ip = $2)`,
      [email, ip ?? null],
    );
    return row!.n;
  };

  it('checks exactly 5 of 40 parallel wrong passwords from one address; the real user still signs in elsewhere', async () => {
    const email = 'staff@trust.demo';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => from('203.0.113.10', { email, password: `guess-${i}` })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 401)).toHaveLength(5);
    expect(statuses.filter((c) => c === 429)).toHaveLength(35);
    expect(await failuresChecked(email, '203.0.113.10')).toBe(5);
    for (const r of answers.filter((x) => x.statusCode === 429)) {
      expectEnvelope(r, 429, 'rate_limited');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // From the attacker's address even the right password waits...
    expectEnvelope(await from('203.0.113.10', { email, password: TEST_PASSWORD }), 429, 'rate_limited');
    // ...but the real user, from an address the account never used, is not locked out.
    expect((await from('198.51.100.77', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('checks exactly 30 of 40 parallel wrong passwords across accounts from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        from('203.0.113.20', { email: `nobody${i}@example.com`, password: 'guess' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(30);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(10);
    const [row] = await a.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login_failed' AND ip = '203.0.113.20'",
    );
    expect(row!.n).toBe(30);
    // That address is closed for every account; other addresses are not.
    expectEnvelope(
      await from('203.0.113.20', { email: 'viewer@trust.demo', password: TEST_PASSWORD }),
      429,
      'rate_limited',
    );
    expect(
      (await from('203.0.113.21', { email: 'viewer@trust.demo', password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('does not count successful sign-ins toward the address limit', async () => {
    for (let i = 0; i < 35; i++) {
      expect(
        (await from('203.0.113.30', { email: 'coordinator@trust.demo', password: TEST_PASSWORD })).statusCode,
      ).toBe(200);
    }
  });

  it('slows an account down after 10 failures from unknown addresses, never from a known address or a trusted device', async () => {
    const email = 'system@trust.demo';
    // The real user signed in from the office before: that address is known for 30 days.
    expect((await from('198.51.100.5', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    // A botnet: each guess from another address, so no pair or address limit applies.
    for (let i = 1; i <= 10; i++) {
      expectEnvelope(await from(`192.0.2.${i}`, { email, password: `guess-${i}` }), 401);
    }
    const [counter] = await a.database.query<{ count: number }>(
      'SELECT count FROM attempt_counters WHERE key = $1',
      [`login:account:${email}`],
    );
    expect(counter!.count).toBe(10);
    // The 11th must come at least 1 s after the 10th (2^0 s; the 10th is made "just now" so that the test does
    // not depend on how fast this machine is), the next 2 s, 4 s… at most 60 s.
    await a.database.query('UPDATE attempt_counters SET last_attempt_at = now() WHERE key = $1', [
      `login:account:${email}`,
    ]);
    const slowed = await from('192.0.2.11', { email, password: 'guess-11' });
    expect(expectEnvelope(slowed, 429, 'rate_limited').detail).toBe(
      'Too many sign-in attempts. Please wait 1 second and try again.',
    );
    expect(slowed.headers['retry-after']).toBe('1');
    await a.database.query('UPDATE attempt_counters SET count = 60, last_attempt_at = now() WHERE key = $1', [
      `login:account:${email}`,
    ]);
    const capped = await from('192.0.2.12', { email, password: TEST_PASSWORD });
    expect(expectEnvelope(capped, 429).detail).toBe(
      'Too many sign-in attempts. Please wait 1 minute and try again.',
    );
    expect(capped.headers['retry-after']).toBe('60');
    expect(await failuresChecked(email)).toBe(10);

    // The known address is not slowed by any of it, and its success ends the series.
    expect((await from('198.51.100.5', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expectEnvelope(await from('192.0.2.13', { email, password: 'guess-13' }), 401);
  });

  it('lets a trusted device through from a new address while the account is slowed down', async () => {
    const email = 'secure@trust.demo';
    const start = await from('198.51.100.9', { email, password: TEST_PASSWORD });
    expect(start.json().requires_2fa).toBe(true);
    const [sms] = await a.database.query<{ body_text: string }>(
      `SELECT o.body_text FROM outbound_messages o JOIN users u ON u.id = o.user_id
        WHERE u.email = $1 AND o.channel = 'sms' ORDER BY o.id DESC LIMIT 1`,
      [email],
    );
    const code = /\b(\d{6})\b/.exec(sms!.body_text)![1];
    const verified = await a.app.inject({
      method: 'POST',
      url: '/auth/login/verify-2fa',
      remoteAddress: '198.51.100.9',
      payload: { email, code, remember_device: true },
    });
    const deviceToken = verified.json().device_token as string;
    // Many failures from everywhere else.
    await a.database.query(
      'INSERT INTO attempt_counters (key, count, window_started_at, last_attempt_at) VALUES ($1, 99, now(), now())',
      [`login:account:${email}`],
    );
    expectEnvelope(await from('192.0.2.99', { email, password: TEST_PASSWORD }), 429, 'rate_limited');
    const onDevice = await from(
      '192.0.2.99',
      { email, password: TEST_PASSWORD },
      { 'x-device-token': deviceToken },
    );
    expect(onDevice.statusCode).toBe(200);
    expect(onDevice.json()).toMatchObject({ requires_2fa: false, token_type: 'bearer' });
  });

  it('answers a wrong email like a wrong password, limits included', async () => {
    const wrong = await Promise.all(
      Array.from({ length: 7 }, () =>
        from('203.0.113.40', { email: 'manager@trust.demo', password: 'nope' }),
      ),
    );
    const unknown = await Promise.all(
      Array.from({ length: 7 }, () => from('203.0.113.41', { email: 'ghost@trust.demo', password: 'nope' })),
    );
    const summary = (rs: typeof wrong) => rs.map((r) => `${r.statusCode} ${r.json().detail}`).sort();
    expect(summary(unknown)).toEqual(summary(wrong));
  });
});
