import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';

// 003 §7.5 POST /api/users: a platform operator adds a person to an organization under the invitation's rules.

let t: TestApp;
let plan: number;
let operator: string;
let orgAdmin: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  operator = await login(t.app, 'admin@trust.demo');
  orgAdmin = await login(t.app, 'orgadmin@trust.demo');
  staff = await login(t.app, 'coordinator@trust.demo');
});
afterAll(async () => t?.close());

const create = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

/** The password link of the newest account email sent to an address, read from the outbox as a person would. */
async function passwordLink(email: string): Promise<string> {
  const [row] = await t.database.query<{ body_text: string }>(
    "SELECT body_text FROM outbound_messages WHERE category = 'invitation' AND to_address = $1 ORDER BY id DESC LIMIT 1",
    [email],
  );
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(row?.body_text ?? '');
  if (!match) throw new Error(`no account email for ${email}`);
  return match[1]!;
}

describe('POST /api/users (003 §7.5)', () => {
  it('creates the user with the membership and role, emails a password link, answers no secret, audits', async () => {
    const res = await create(operator, {
      name: 'Nora Newhire',
      email: 'Nora.Newhire@Example.org',
      role: 'cbo_staff',
      organization_id: plan,
      org_role: 'manager',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      user: {
        name: 'Nora Newhire',
        email: 'nora.newhire@example.org',
        role: 'cbo_staff',
        email_verified: false,
        is_active: true,
        last_login: null,
        phone_number: null,
      },
      organization_id: plan,
      org_role: 'manager',
    });
    expect(res.body).not.toMatch(/token|password_hash|reset-password/i);
    const membership = await one<{ role: string }>(
      t,
      'SELECT role FROM memberships WHERE user_id = $1 AND organization_id = $2',
      [body.user.id, plan],
    );
    expect(membership.role).toBe('manager');
    const audit = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.created' AND entity_id = $1 AND organization_id = $2",
      [String(body.user.id), plan],
    );
    expect(audit.n).toBe(1);

    // Nobody can sign in until the person chooses a password with the emailed link.
    const token = await passwordLink('nora.newhire@example.org');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { reset_token: token, new_password: 'Chosen-Password-2026!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nora.newhire@example.org', password: 'Chosen-Password-2026!' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('defaults the product role to case_manager and the organization role to staff; a phone is the second factor', async () => {
    const res = await create(operator, {
      name: 'Dee Fault',
      email: 'dee.fault@example.org',
      phone_number: '(555) 010-4455',
      organization_id: plan,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      user: { role: 'case_manager', phone_number: '(555) 010-4455' },
      org_role: 'staff',
    });
  });

  it('409 for an address that has an account, whatever its case', async () => {
    const res = await create(operator, {
      name: 'Casey Again',
      email: 'COORDINATOR@trust.demo',
      organization_id: plan,
    });
    expectEnvelope(res, 409);
    expect(res.json().reason).toBe('user.email_taken');
  });

  it('400 for bad input: missing or bad fields, a password, unknown fields, the system role', async () => {
    const good = { name: 'Bad Input', email: 'bad.input@example.org', organization_id: plan };
    const cases: unknown[] = [
      {},
      { ...good, name: '' },
      { ...good, email: 'not-an-email' },
      { ...good, organization_id: '1' },
      { ...good, org_role: 'owner' },
      { ...good, role: 'system' },
      { ...good, phone_number: '12' },
      { ...good, password: 'Secret-2026!' },
    ];
    for (const payload of cases) expectEnvelope(await create(operator, payload), 400);
    const none = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM users WHERE email = 'bad.input@example.org'",
    );
    expect(none.n).toBe(0);
  });

  it('404 for an unknown organization', async () => {
    expectEnvelope(
      await create(operator, { name: 'Lost', email: 'lost@example.org', organization_id: 99_999_999 }),
      404,
    );
  });

  it("403 for anyone but a platform operator, an organization's admin included; 401 without a session", async () => {
    const payload = { name: 'Not Allowed', email: 'not.allowed@example.org', organization_id: plan };
    expect((await create(orgAdmin, payload)).json().reason).toBe('user.operators_only');
    expectEnvelope(await create(orgAdmin, payload), 403);
    expectEnvelope(await create(staff, payload), 403);
    expectEnvelope(await create(null, payload), 401);
    const none = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM users WHERE email = 'not.allowed@example.org'",
    );
    expect(none.n).toBe(0);
  });
});
