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

const FORGOT_ANSWER =
  'If an account exists for that email address, we sent a link to reset its password. The link expires in 1 hour.';

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const forgot = (email: string) => post('/api/auth/forgot-password', { email });
const reset = (payload: Record<string, unknown>) => post('/api/auth/reset-password', payload);
const me = (token: string) => t.app.inject({ url: '/auth/me', headers: bearer(token) });

async function resetEmails(email: string) {
  return t.database.query<{ body_text: string; to_address: string }>(
    "SELECT body_text, to_address FROM outbound_messages WHERE category = 'password_reset' AND lower(to_address) = $1 ORDER BY id DESC",
    [email],
  );
}

async function resetToken(email: string): Promise<string> {
  const [row] = await resetEmails(email);
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(row?.body_text ?? '');
  if (!match) throw new Error(`no reset email for ${email}`);
  return match[1]!;
}

const signIn = (email: string, password: string) => post('/auth/login', { email, password });

describe('POST /api/auth/forgot-password', () => {
  it('sends a reset link valid 1 hour to a known address', async () => {
    const res = await forgot(' Provider@Trust.demo ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_ANSWER });
    const [email] = await resetEmails('provider@trust.demo');
    expect(email!.body_text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
    expect(email!.body_text).toContain('expires in 1 hour');
    const [row] = await t.database.query<{ minutes: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM password_resets ORDER BY id DESC LIMIT 1',
    );
    expect(row!.minutes).toBe(60);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = await t.database.query('SELECT count(*)::int AS n FROM outbound_messages');
    const res = await forgot('ghost@example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_ANSWER });
    expect(await t.database.query('SELECT count(*)::int AS n FROM outbound_messages')).toEqual(before);
  });

  it('takes about the same time for known and unknown addresses', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await forgot(email);
      return performance.now() - start;
    };
    const known = await time('system@trust.demo');
    const unknown = await time('nobody@example.org');
    // Both answers are held to the same floor, which covers the extra work of a known address.
    expect(known).toBeGreaterThanOrEqual(240);
    expect(unknown).toBeGreaterThanOrEqual(240);
  });

  it('refuses a malformed address with the spec message', async () => {
    const res = expectEnvelope(await forgot('not-an-email'), 400, 'validation_failed');
    expect(res.detail).toBe('Please enter a valid email address');
  });

  it('sends at most 5 links per account in 15 minutes, with the same answer', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await forgot('viewer@trust.demo');
      expect(res.json()).toEqual({ message: FORGOT_ANSWER });
    }
    expect(await resetEmails('viewer@trust.demo')).toHaveLength(5);
  });

  it('sends at most 5 links when 12 requests for one account race (issue #12)', async () => {
    await Promise.all(Array.from({ length: 12 }, () => forgot('cbo@trust.demo')));
    expect(await resetEmails('cbo@trust.demo')).toHaveLength(5);
    const [limited] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'password.reset_rate_limited'",
    );
    expect(limited!.n).toBeGreaterThanOrEqual(7);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('answers the 003 §5 rules with their messages', async () => {
    const missing = expectEnvelope(await reset({ new_password: 'Another-pass-1' }), 400, 'validation_failed');
    expect(missing.detail).toBe('Invalid reset token');
    const short = expectEnvelope(await reset({ reset_token: 'x', new_password: 'short' }), 400);
    expect(short).toMatchObject({ fields: { new_password: 'Password must be at least 8 characters long' } });
    const mismatch = expectEnvelope(
      await reset({ reset_token: 'x', new_password: 'Another-pass-1', confirm_password: 'other' }),
      400,
    );
    expect(mismatch.detail).toBe('Passwords do not match');
    const unknown = expectEnvelope(
      await reset({ reset_token: 'unknown', new_password: 'Another-pass-1' }),
      400,
    );
    expect(unknown.detail).toBe('Failed to reset password. The link may have expired.');
  });

  it('sets the new password once and ends every session of the user', async () => {
    const session = await login(t.app, 'manager@trust.demo');
    await forgot('manager@trust.demo');
    const token = await resetToken('manager@trust.demo');
    const res = await reset({ reset_token: token, new_password: 'Fresh-Password-9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password Reset Successfully!' });

    expectEnvelope(await me(session), 401);
    expectEnvelope(await signIn('manager@trust.demo', TEST_PASSWORD), 401);
    expect((await signIn('manager@trust.demo', 'Fresh-Password-9')).statusCode).toBe(200);
    const audits = await t.database.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'password.reset'",
    );
    expect(audits).toEqual([{ n: 1 }]);

    const again = expectEnvelope(await reset({ reset_token: token, new_password: 'Third-Password-9' }), 400);
    expect(again.detail).toBe('This reset link has already been used. Request a new link.');
    expect(again).toMatchObject({ reason: 'password.reset_link_used' });
  });

  it('refuses a link older than 1 hour', async () => {
    await forgot('coordinator@trust.demo');
    const token = await resetToken('coordinator@trust.demo');
    await t.database.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 second', created_at = now() - interval '61 minutes' WHERE user_id = (SELECT id FROM users WHERE email = 'coordinator@trust.demo')",
    );
    const res = expectEnvelope(await reset({ reset_token: token, new_password: 'Fresh-Password-9' }), 400);
    expect(res.detail).toBe('This reset link has expired. Request a new link.');
    expect(res).toMatchObject({ reason: 'password.reset_link_expired' });
    expect((await signIn('coordinator@trust.demo', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 429 after 20 unknown tokens from one address; real links from elsewhere still work (issue #12)', async () => {
    const guess = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: '203.0.113.60',
        payload: { reset_token: `guess-${i}-${'x'.repeat(30)}`, new_password: 'Guessed-pass-1' },
      });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => guess(i)));
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(20);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(5);
    const body = expectEnvelope(limited[0]!, 429, 'rate_limited');
    expect(body.detail).toBe(
      'Too many invalid or expired links from your network. Please wait 15 minutes and try again.',
    );
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(890);

    await forgot('system@trust.demo');
    const token = await resetToken('system@trust.demo');
    const res = await reset({ reset_token: token, new_password: 'Fresh-Password-9' });
    expect(res.statusCode).toBe(200);
  });

  it('lets a reset end the slow-down of the account (failures from unknown addresses)', async () => {
    await t.database.query(
      "INSERT INTO attempt_counters (key, count, window_started_at, last_attempt_at) VALUES ('login:account:provider@trust.demo', 80, now(), now())",
    );
    await forgot('provider@trust.demo');
    const token = await resetToken('provider@trust.demo');
    expect((await reset({ reset_token: token, new_password: 'Fresh-Password-9' })).statusCode).toBe(200);
    const rows = await t.database.query(
      "SELECT 1 FROM attempt_counters WHERE key = 'login:account:provider@trust.demo'",
    );
    expect(rows).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '192.0.2.200',
      payload: { email: 'provider@trust.demo', password: 'Fresh-Password-9' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password (003 §5, §8)', () => {
  const change = (token: string | undefined, payload: Record<string, unknown>) =>
    post('/api/auth/change-password', payload, token);

  it('needs a session', async () => {
    expectEnvelope(
      await change(undefined, { current_password: TEST_PASSWORD, new_password: 'x'.repeat(9) }),
      401,
    );
  });

  it('answers each rule with the spec message; a wrong current password is a 400 that keeps the session', async () => {
    const token = await login(t.app, 'cbo@trust.demo');
    const short = expectEnvelope(
      await change(token, { current_password: TEST_PASSWORD, new_password: 'short' }),
      400,
    );
    expect(short.detail).toBe('New password must be at least 8 characters long');
    const same = expectEnvelope(
      await change(token, { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD }),
      400,
    );
    expect(same.detail).toBe('New password must be different from current password');
    const mismatch = expectEnvelope(
      await change(token, {
        current_password: TEST_PASSWORD,
        new_password: 'Brand-new-pass-1',
        confirm_password: 'x',
      }),
      400,
    );
    expect(mismatch.detail).toBe('New passwords do not match');
    const wrong = expectEnvelope(
      await change(token, { current_password: 'not-my-password', new_password: 'Brand-new-pass-1' }),
      400,
    );
    expect(wrong.detail).toBe('Current password is incorrect');
    expect((await me(token)).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await login(t.app, 'orgadmin@trust.demo');
    const token = await login(t.app, 'orgadmin@trust.demo');
    const res = await change(token, { current_password: TEST_PASSWORD, new_password: 'Brand-new-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully!' });
    expect((await me(token)).statusCode).toBe(200);
    expectEnvelope(await me(other), 401);
    expect((await signIn('orgadmin@trust.demo', 'Brand-new-pass-1')).statusCode).toBe(200);
    const audits = await t.database.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'password.changed'",
    );
    expect(audits).toEqual([{ n: 1 }]);
  });

  it('refuses more than 5 wrong current passwords in 15 minutes', async () => {
    const token = await login(t.app, 'staff@trust.demo');
    for (let i = 0; i < 5; i++) {
      expectEnvelope(
        await change(token, { current_password: `wrong-${i}`, new_password: 'Brand-new-pass-1' }),
        400,
      );
    }
    const limited = expectEnvelope(
      await change(token, { current_password: TEST_PASSWORD, new_password: 'Brand-new-pass-1' }),
      429,
      'rate_limited',
    );
    expect(limited.detail).toBe(
      'Too many incorrect current passwords. Please wait 15 minutes and try again.',
    );
  });

  it('checks at most 5 of 20 parallel wrong current passwords (issue #12)', async () => {
    const token = await login(t.app, 'viewer@trust.demo');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        change(token, { current_password: `wrong-${i}`, new_password: 'Brand-new-pass-1' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(15);
    const [row] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log
        WHERE action = 'password.change_failed' AND actor_user_id = (SELECT id FROM users WHERE email = $1)`,
      ['viewer@trust.demo'],
    );
    expect(row!.n).toBe(5);
  });
});
