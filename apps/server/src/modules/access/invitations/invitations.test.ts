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
let plan: number;
let harbor: number;
let orgAdmin: string;
let superAdmin: string;
let staff: string;
let harborAdmin: string;

async function orgId(name: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    name,
  ]);
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  harbor = await orgId('Harbor Community Services');
  orgAdmin = await login(t.app, 'orgadmin@trust.demo');
  superAdmin = await login(t.app, 'admin@trust.demo');
  staff = await login(t.app, 'coordinator@trust.demo');
  harborAdmin = await login(t.app, 'cbo@trust.demo');
});
afterAll(async () => t?.close());

const invite = (token: string | null, org: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/cbos/${org}/users/invite`,
    headers: token ? bearer(token) : {},
    payload,
  });

/** The token of the newest invitation email sent to an address, read from the outbox as a person would. */
async function invitationToken(email: string): Promise<string> {
  const [row] = await t.database.query<{ body_text: string }>(
    "SELECT body_text FROM outbound_messages WHERE category = 'invitation' AND to_address = $1 ORDER BY id DESC LIMIT 1",
    [email],
  );
  const match = /\/register\?token=([A-Za-z0-9_-]+)/.exec(row?.body_text ?? '');
  if (!match) throw new Error(`no invitation email for ${email}`);
  return match[1]!;
}

const register = (payload: Record<string, unknown>, url = '/api/auth/register-with-invite') =>
  t.app.inject({ method: 'POST', url, payload });

const validRegistration = (token: string) => ({
  invitation_token: token,
  password: 'Welcome-2026!',
  phone_number: '(555) 010-2030',
  terms_accepted: true,
  hipaa_accepted: true,
});

describe('POST /api/cbos/{id}/users/invite (002 §5–§7)', () => {
  it('invites by name, email and role: stores the token hashed, emails the link, audits', async () => {
    const res = await invite(orgAdmin, plan, {
      name: 'Nina New',
      email: ' Nina.New@Example.org ',
      role: 'manager',
    });
    expect(res.statusCode).toBe(201);
    const { invitation } = res.json();
    expect(invitation).toMatchObject({
      name: 'Nina New',
      email: 'nina.new@example.org',
      role: 'manager',
      invited_by_name: 'Olive Orgadmin',
      status: 'pending',
    });
    const days = (new Date(invitation.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const token = await invitationToken('nina.new@example.org');
    const [stored] = await t.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM invitations WHERE id = $1',
      [invitation.id],
    );
    expect(stored!.token_hash).not.toContain(token);
    const [email] = await t.database.query<{ body_text: string; subject: string }>(
      "SELECT body_text, subject FROM outbound_messages WHERE category = 'invitation' ORDER BY id DESC LIMIT 1",
    );
    expect(email!.body_text).toContain(`http://localhost:3000/register?token=${token}`);
    expect(email!.subject).toContain('Golden Valley Health Plan');
    const audits = await t.database.query<{ organization_id: number }>(
      "SELECT organization_id FROM audit_log WHERE action = 'invitation.sent' AND entity_id = $1",
      [String(invitation.id)],
    );
    expect(audits).toEqual([{ organization_id: plan }]);
  });

  it('defaults the role to staff', async () => {
    const res = await invite(orgAdmin, plan, { name: 'Dee Fault', email: 'dee@example.org' });
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation.role).toBe('staff');
  });

  it('refuses callers who are not administrators of that organization', async () => {
    const payload = { name: 'X', email: 'x@example.org', role: 'staff' };
    expectEnvelope(await invite(null, plan, payload), 401, 'unauthorized');
    const byStaff = expectEnvelope(await invite(staff, plan, payload), 403, 'forbidden');
    expect(byStaff.detail).toBe('Only organization administrators can manage invitations.');
    expect(byStaff).toMatchObject({ reason: 'invitation.admins_only' });
    // An org_admin of another organization.
    expectEnvelope(await invite(harborAdmin, plan, payload), 403, 'forbidden');
  });

  it('lets only a super_admin invite a super_admin', async () => {
    const refused = expectEnvelope(
      await invite(orgAdmin, plan, { name: 'S', email: 'super@example.org', role: 'super_admin' }),
      403,
    );
    expect(refused.detail).toBe('Only a Super Administrator can invite a Super Administrator.');
    const res = await invite(superAdmin, plan, {
      name: 'S',
      email: 'super@example.org',
      role: 'super_admin',
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers the spec messages for missing fields, a bad email and an unknown role', async () => {
    const missing = expectEnvelope(
      await invite(orgAdmin, plan, { email: 'a@example.org' }),
      400,
      'validation_failed',
    );
    expect(missing.detail).toBe('Please fill in all required fields');
    expect(missing).toMatchObject({ fields: { name: 'Please fill in all required fields' } });
    const bad = expectEnvelope(await invite(orgAdmin, plan, { name: 'A', email: 'not-an-email' }), 400);
    expect(bad.detail).toBe('Please enter a valid email address');
    const role = expectEnvelope(
      await invite(orgAdmin, plan, { name: 'A', email: 'a@example.org', role: 'owner' }),
      400,
    );
    expect(role).toMatchObject({ fields: { role: 'Please choose one of the organization roles' } });
  });

  it('refuses an address that already belongs to a member, and a second pending invitation', async () => {
    const member = expectEnvelope(
      await invite(orgAdmin, plan, { name: 'Casey', email: 'COORDINATOR@trust.demo' }),
      409,
      'conflict',
    );
    expect(member.detail).toBe('This email address already belongs to a member of this organization.');
    expect(member).toMatchObject({ reason: 'invitation.already_member' });
    const twice = expectEnvelope(
      await invite(orgAdmin, plan, { name: 'Nina', email: 'nina.new@example.org' }),
      409,
    );
    expect(twice.detail).toBe('An invitation is already pending for this email address.');
    expect(twice).toMatchObject({ reason: 'invitation.already_pending' });
    // The same address may be invited by another organization.
    expect(
      (await invite(harborAdmin, harbor, { name: 'Nina', email: 'nina.new@example.org' })).statusCode,
    ).toBe(201);
  });

  it('answers 404 for an organization that does not exist (super_admin)', async () => {
    expectEnvelope(
      await invite(superAdmin, 999_999, { name: 'A', email: 'a@example.org' }),
      404,
      'not_found',
    );
  });
});

describe('GET and DELETE /api/cbos/{id}/users/invitations (002 §4, §7)', () => {
  const list = (token: string, org: number, query = '') =>
    t.app.inject({ url: `/api/cbos/${org}/users/invitations${query}`, headers: bearer(token) });
  const cancel = (token: string, org: number, id: number) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/cbos/${org}/users/invitations/${id}`,
      headers: bearer(token),
    });

  it('lists the invitations of the organization, newest first, with a status filter', async () => {
    await invite(orgAdmin, plan, { name: 'Lia List', email: 'lia@example.org', role: 'viewer' });
    const res = await list(orgAdmin, plan);
    expect(res.statusCode).toBe(200);
    const { invitations } = res.json();
    expect(invitations[0]).toMatchObject({ name: 'Lia List', role: 'viewer', status: 'pending' });
    expect(Object.keys(invitations[0]).sort()).toEqual(
      ['created_at', 'email', 'expires_at', 'id', 'invited_by_name', 'name', 'role', 'status'].sort(),
    );
    const harborList = (await list(harborAdmin, harbor)).json().invitations;
    expect(harborList.map((i: { email: string }) => i.email)).toEqual(['nina.new@example.org']);
    expectEnvelope(await list(staff, plan), 403);
    expectEnvelope(await list(orgAdmin, plan, '?status=unknown'), 400);
  });

  it('shows an invitation past its expiry as expired and stores it so', async () => {
    const created = (await invite(orgAdmin, plan, { name: 'Ed Expired', email: 'ed@example.org' })).json()
      .invitation;
    await t.database.query("UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1", [
      created.id,
    ]);
    const expired = (await list(orgAdmin, plan, '?status=expired')).json().invitations;
    expect(expired.map((i: { id: number }) => i.id)).toContain(created.id);
    const pending = (await list(orgAdmin, plan, '?status=pending')).json().invitations;
    expect(pending.map((i: { id: number }) => i.id)).not.toContain(created.id);
    // An expired invitation no longer blocks a new one for the same address.
    expect((await invite(orgAdmin, plan, { name: 'Ed Again', email: 'ed@example.org' })).statusCode).toBe(
      201,
    );
    const refused = expectEnvelope(await cancel(orgAdmin, plan, created.id), 409, 'conflict');
    expect(refused.detail).toBe('Only a pending invitation can be cancelled. This invitation is expired.');
    expect(refused).toMatchObject({ reason: 'invitation.not_pending' });
  });

  it('cancels a pending invitation once; the token then stops working', async () => {
    const created = (await invite(orgAdmin, plan, { name: 'Cat Cancel', email: 'cat@example.org' })).json()
      .invitation;
    const token = await invitationToken('cat@example.org');
    expectEnvelope(await cancel(staff, plan, created.id), 403);
    expectEnvelope(await cancel(harborAdmin, harbor, created.id), 404, 'not_found');
    const res = await cancel(orgAdmin, plan, created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().invitation.status).toBe('cancelled');
    const again = expectEnvelope(await cancel(orgAdmin, plan, created.id), 409, 'conflict');
    expect(again.detail).toBe('Only a pending invitation can be cancelled. This invitation is cancelled.');
    const [row] = await t.database.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'invitation.cancelled'",
    );
    expect(row).toEqual({ n: 1 });

    const verify = expectEnvelope(
      await t.app.inject({ url: `/api/auth/invitations/verify?token=${token}` }),
      400,
    );
    expect(verify.detail).toBe(
      'This invitation has been cancelled. Ask your organization administrator for a new one.',
    );
    const reg = expectEnvelope(await register(validRegistration(token)), 400);
    expect(reg.detail).toBe(verify.detail);
  });

  it('answers 404 for an unknown invitation', async () => {
    expectEnvelope(await cancel(orgAdmin, plan, 999_999), 404, 'not_found');
  });
});

describe('GET /api/auth/invitations/verify', () => {
  it('verifies a real token and shows who is invited where', async () => {
    await invite(orgAdmin, plan, { name: 'Vera Verify', email: 'vera@example.org', role: 'manager' });
    const token = await invitationToken('vera@example.org');
    const res = await t.app.inject({ url: `/api/auth/invitations/verify?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      valid: true,
      email: 'vera@example.org',
      name: 'Vera Verify',
      organization_name: 'Golden Valley Health Plan',
      role: 'manager',
      existing_account: false,
    });
  });

  it('refuses a missing, unknown or expired token', async () => {
    const missing = expectEnvelope(await t.app.inject({ url: '/api/auth/invitations/verify' }), 400);
    expect(missing.detail).toBe('Invalid or missing invitation token');
    const unknown = expectEnvelope(
      await t.app.inject({ url: '/api/auth/invitations/verify?token=nope' }),
      404,
    );
    expect(unknown.detail).toBe('Invalid or missing invitation token');

    await invite(orgAdmin, plan, { name: 'Old', email: 'old@example.org' });
    const token = await invitationToken('old@example.org');
    await t.database.query(
      "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = $1",
      ['old@example.org'],
    );
    const expired = expectEnvelope(
      await t.app.inject({ url: `/api/auth/invitations/verify?token=${token}` }),
      400,
    );
    expect(expired.detail).toBe(
      'This invitation has expired. Ask your organization administrator to send a new one.',
    );
    expect(expired).toMatchObject({ reason: 'invitation.token_expired' });
    expect(expectEnvelope(await register(validRegistration(token)), 400).detail).toBe(expired.detail);
  });
});

describe('POST /api/auth/register-with-invite (003 §5, §7.1)', () => {
  it('answers each registration rule with the spec message', async () => {
    const all = expectEnvelope(await register({}), 400, 'validation_failed');
    expect(all.detail).toBe('Invalid invitation token');
    expect(all).toMatchObject({
      fields: {
        invitation_token: 'Invalid invitation token',
        password: 'Password must be at least 8 characters long',
        terms_accepted: 'You must accept the Terms of Service to continue',
        hipaa_accepted: 'You must accept the HIPAA Agreement to continue',
        phone_number: 'Phone number is required for two-factor authentication',
      },
    });
    const ok = validRegistration('some-token');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, password: 'short' }, 'Password must be at least 8 characters long'],
      [{ ...ok, confirm_password: 'different' }, 'Passwords do not match'],
      [{ ...ok, terms_accepted: false }, 'You must accept the Terms of Service to continue'],
      [{ ...ok, hipaa_accepted: false }, 'You must accept the HIPAA Agreement to continue'],
      [{ ...ok, phone_number: '   ' }, 'Phone number is required for two-factor authentication'],
      [{ ...ok, invitation_token: ' ' }, 'Invalid invitation token'],
    ];
    for (const [payload, message] of cases) {
      expect(expectEnvelope(await register(payload), 400).detail).toBe(message);
    }
    expect(expectEnvelope(await register(ok), 404).detail).toBe('Invalid or missing invitation token');
  });

  it('creates the account, membership, SMS second factor and consent signatures; the token works once', async () => {
    await invite(orgAdmin, plan, { name: 'Rita Register', email: 'rita@example.org', role: 'manager' });
    const token = await invitationToken('rita@example.org');
    const res = await register({ ...validRegistration(token), confirm_password: 'Welcome-2026!' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Account Created Successfully!',
      user: {
        name: 'Rita Register',
        email: 'rita@example.org',
        role: 'case_manager',
        phone_number: '(555) 010-2030',
      },
      organization_id: plan,
      org_role: 'manager',
      existing_account: false,
    });
    const userId = body.user.id;
    expect(
      await t.database.query('SELECT organization_id, role, is_primary FROM memberships WHERE user_id = $1', [
        userId,
      ]),
    ).toEqual([{ organization_id: plan, role: 'manager', is_primary: true }]);
    expect(
      await t.database.query('SELECT sms_enabled FROM user_two_factor WHERE user_id = $1', [userId]),
    ).toEqual([{ sms_enabled: true }]);
    expect(
      await t.database.query(
        "SELECT status, accepted_user_id FROM invitations WHERE email = 'rita@example.org'",
      ),
    ).toEqual([{ status: 'accepted', accepted_user_id: userId }]);
    const signatures = await t.database.query<{ document_type: string; signature_text: string }>(
      'SELECT document_type, signature_text FROM consent_signatures WHERE user_id = $1 ORDER BY document_type',
      [userId],
    );
    const documentTypes = await t.database.query<{ document_type: string }>(
      'SELECT DISTINCT document_type FROM consent_documents ORDER BY document_type',
    );
    expect(signatures).toEqual(
      documentTypes.map((d) => ({ document_type: d.document_type, signature_text: 'Rita Register' })),
    );
    const audits = await t.database.query(
      "SELECT organization_id, actor_user_id FROM audit_log WHERE action = 'invitation.accepted'",
    );
    expect(audits).toEqual([{ organization_id: plan, actor_user_id: userId }]);

    // 003 §4.4: the client signs in next with the same credentials (a second factor may be asked).
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'rita@example.org', password: 'Welcome-2026!' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().access_token || signIn.json().requires_2fa).toBeTruthy();

    const reused = expectEnvelope(await register(validRegistration(token)), 400);
    expect(reused.detail).toBe('This invitation has already been used. Sign in with your account.');
    expect(reused).toMatchObject({ reason: 'invitation.token_accepted' });
    const verify = expectEnvelope(
      await t.app.inject({ url: `/api/auth/invitations/verify?token=${token}` }),
      400,
    );
    expect(verify.detail).toBe(reused.detail);
  });

  it('adds a membership to an existing account only with that account’s password', async () => {
    await invite(harborAdmin, harbor, { name: 'Vic Viewer', email: 'viewer@trust.demo', role: 'staff' });
    const token = await invitationToken('viewer@trust.demo');
    const verify = await t.app.inject({ url: `/api/auth/invitations/verify?token=${token}` });
    expect(verify.json().existing_account).toBe(true);
    const wrong = expectEnvelope(
      await register({ ...validRegistration(token), password: 'wrong-password' }),
      409,
    );
    expect(wrong.detail).toBe(
      'An account with this email address already exists. Enter the password of that account to join this organization.',
    );
    expect(wrong).toMatchObject({ reason: 'invitation.account_password_wrong' });
    const res = await register({ ...validRegistration(token), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ existing_account: true, organization_id: harbor, org_role: 'staff' });
    const rows = await t.database.query(
      "SELECT m.organization_id, m.is_primary FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = 'viewer@trust.demo' ORDER BY m.id",
    );
    expect(rows).toContainEqual({ organization_id: harbor, is_primary: false });
    expect(rows.filter((r) => (r as { is_primary: boolean }).is_primary)).toHaveLength(1);
  });
});

describe('invitation token guessing and password checks (issue #12)', () => {
  it('answers 429 after 20 unknown tokens from one address, on verify and register alike', async () => {
    const ip = '203.0.113.70';
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t.app.inject({ url: `/api/auth/invitations/verify?token=guess-${i}`, remoteAddress: ip }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(15);
    const registers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register-with-invite',
          remoteAddress: ip,
          payload: validRegistration(`guess-register-${i}`),
        }),
      ),
    );
    expect(registers.filter((r) => r.statusCode === 404)).toHaveLength(5);
    const limited = registers.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(5);
    expect(expectEnvelope(limited[0]!, 429, 'rate_limited').detail).toBe(
      'Too many invalid or expired links from your network. Please wait 15 minutes and try again.',
    );
    expectEnvelope(
      await t.app.inject({ url: '/api/auth/invitations/verify?token=another', remoteAddress: ip }),
      429,
    );
    // A real invitation opened from another address is not affected.
    await invite(orgAdmin, plan, { name: 'Gail Guess', email: 'gail@example.org' });
    const token = await invitationToken('gail@example.org');
    const ok = await t.app.inject({
      url: `/api/auth/invitations/verify?token=${token}`,
      remoteAddress: '203.0.113.71',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('counts a wrong password of an existing account like a sign-in failure', async () => {
    await invite(harborAdmin, harbor, { name: 'Pat Provider', email: 'provider@trust.demo', role: 'viewer' });
    const token = await invitationToken('provider@trust.demo');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register-with-invite',
          remoteAddress: '203.0.113.72',
          payload: { ...validRegistration(token), password: `guess-${i}-password` },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(7);
    const [failed] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login_failed' AND ip = '203.0.113.72'",
    );
    expect(failed!.n).toBe(5);
    // The same limit as sign-in: that account from that address now waits there too.
    expectEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '203.0.113.72',
        payload: { email: 'provider@trust.demo', password: TEST_PASSWORD },
      }),
      429,
      'rate_limited',
    );
  });
});

describe('POST /auth/register (003 §7.1): by invitation only', () => {
  it('answers "Registration failed: ..." without a token and ignores a requested role', async () => {
    const res = expectEnvelope(
      await register(
        { name: 'Self', email: 'self@example.org', password: 'Welcome-2026!', role: 'admin' },
        '/auth/register',
      ),
      400,
    );
    expect(res.detail).toMatch(/^Registration failed: /);
    expect(res).toMatchObject({ fields: { invitation_token: 'Invalid invitation token' } });

    await invite(orgAdmin, plan, { name: 'Reg Route', email: 'reg@example.org', role: 'viewer' });
    const token = await invitationToken('reg@example.org');
    const ok = await register({ ...validRegistration(token), role: 'admin' }, '/auth/register');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ user: { role: 'case_manager' }, org_role: 'viewer' });
  });
});

describe('API documentation', () => {
  it('lists the invitation and password routes, open ones without security', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const p of [
      '/api/cbos/{id}/users/invite',
      '/api/cbos/{id}/users/invitations',
      '/api/cbos/{id}/users/invitations/{invitationId}',
      '/api/auth/invitations/verify',
      '/api/auth/register-with-invite',
      '/auth/register',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/change-password',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(doc.paths['/api/auth/register-with-invite'].post.security).toBeUndefined();
    expect(doc.paths['/api/auth/change-password'].post.security).toEqual([{ bearer: [] }]);
  });
});
