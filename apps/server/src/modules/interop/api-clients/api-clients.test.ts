import { createHash } from 'node:crypto';
import type { ApiClient, ApiClientCreated } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  TEST_PASSWORD,
  type TestApp,
} from '../../../../test/helpers.ts';
import { hashPassword } from '../../../platform/crypto.ts';

// Issue #21 item 4: the routes an organization's admins manage their API clients with, the service account each
// client gets, and that account's place (none) among the organization's people and sign-ins.

let t: TestApp;
let call: ReturnType<typeof api>;
let plan: number;
let harbor: number;
let planAdmin: string;
let operator: string;
let manager: string;
let staff: string;
let viewer: string;
let harborAdmin: string;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

async function create(
  token: string,
  org: number,
  body: unknown = { name: 'EHR link', scopes: ['fhir/*.read'] },
) {
  const res = await call('POST', '/api/api-clients', token, org, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as ApiClientCreated;
}

beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  [planAdmin, operator, manager, staff, viewer, harborAdmin] = await Promise.all([
    login(t.app, 'orgadmin@trust.demo'),
    login(t.app, 'admin@trust.demo'),
    login(t.app, 'manager@trust.demo'),
    login(t.app, 'coordinator@trust.demo'),
    login(t.app, 'viewer@trust.demo'),
    login(t.app, 'cbo@trust.demo'),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/api-clients', () => {
  it('creates a client with a secret shown once, its service account and its membership, audited', async () => {
    const res = await call('POST', '/api/api-clients', planAdmin, plan, {
      name: '  Epic at Golden Valley ',
      scopes: ['fhir/*.read', 'fhir/*.write'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json() as ApiClientCreated;
    expect(created).toMatchObject({
      name: 'Epic at Golden Valley',
      scopes: ['fhir/*.read', 'fhir/*.write'],
      created_by_name: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    expect(created.client_id).toMatch(/^tmc_[0-9a-f]{32}$/);
    // 32 random bytes, base64url.
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await one<{ secret_hash: string; service_user_id: number; created_by: number }>(
      t,
      'SELECT secret_hash, service_user_id, created_by FROM api_clients WHERE id = $1',
      [created.id],
    );
    expect(row.secret_hash).toBe(sha256(created.client_secret));
    expect(row.secret_hash).not.toContain(created.client_secret);

    const account = await one<{ kind: string; name: string; email: string; password_hash: string }>(
      t,
      'SELECT kind, name, email, password_hash FROM users WHERE id = $1',
      [row.service_user_id],
    );
    expect(account).toMatchObject({
      kind: 'api_client',
      name: 'Epic at Golden Valley',
      email: `api-client-${created.client_id}@clients.invalid`,
    });
    expect(account.password_hash).not.toMatch(/^\$argon2/);
    const membership = await one<{ role: string }>(
      t,
      'SELECT role FROM memberships WHERE user_id = $1 AND organization_id = $2',
      [row.service_user_id, plan],
    );
    expect(membership.role).toBe('staff');

    const audited = await one<{
      actor_user_id: number;
      organization_id: number;
      details: Record<string, unknown>;
    }>(
      t,
      `SELECT actor_user_id, organization_id, details FROM audit_log
        WHERE action = 'api_client.created' AND entity_id = $1`,
      [String(created.id)],
    );
    expect(audited).toMatchObject({ actor_user_id: row.created_by, organization_id: plan });
    expect(audited.details).toMatchObject({
      client_id: created.client_id,
      scopes: ['fhir/*.read', 'fhir/*.write'],
    });
    expect(JSON.stringify(audited.details)).not.toContain(created.client_secret);
  });

  it.each([
    ['no name', { scopes: ['fhir/*.read'] }, 'name'],
    ['a blank name', { name: '   ', scopes: ['fhir/*.read'] }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101), scopes: ['fhir/*.read'] }, 'name'],
    ['no scopes', { name: 'A' }, 'scopes'],
    ['no scope in the list', { name: 'A', scopes: [] }, 'scopes'],
    ['an unknown scope', { name: 'A', scopes: ['fhir/*.*'] }, 'scopes.0'],
    ['a scope twice', { name: 'A', scopes: ['fhir/*.read', 'fhir/*.read'] }, 'scopes'],
    ['scopes as a string', { name: 'A', scopes: 'fhir/*.read' }, 'scopes'],
    ['an unknown field', { name: 'A', scopes: ['fhir/*.read'], client_secret: 'mine' }, 'client_secret'],
  ])('refuses %s with 400 and writes nothing', async (_label, body, field) => {
    const before = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM api_clients');
    const res = await call('POST', '/api/api-clients', planAdmin, plan, body);
    const envelope = expectEnvelope(res, 400, 'validation_failed') as { fields?: Record<string, string> };
    expect(Object.keys(envelope.fields ?? {})).toContain(field);
    const after = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM api_clients');
    expect(after.n).toBe(before.n);
  });

  it('lets a super_admin acting for the organization create one', async () => {
    const created = await create(operator, plan, { name: 'Operator-made', scopes: ['fhir/*.write'] });
    const row = await one<{ organization_id: number }>(
      t,
      'SELECT organization_id FROM api_clients WHERE id = $1',
      [created.id],
    );
    expect(row.organization_id).toBe(plan);
  });

  it.each([
    ['a manager', () => manager],
    ['a staff member', () => staff],
    ['a viewer', () => viewer],
  ])('refuses %s with 403', async (_label, token) => {
    const res = await call('POST', '/api/api-clients', token(), plan, { name: 'X', scopes: ['fhir/*.read'] });
    expectEnvelope(res, 403, 'forbidden');
  });

  it('refuses a caller without a session with 401', async () => {
    const res = await call('POST', '/api/api-clients', null, plan, { name: 'X', scopes: ['fhir/*.read'] });
    expectEnvelope(res, 401);
  });
});

describe('GET /api/api-clients', () => {
  it("lists the organization's clients without their secrets or hashes, audited", async () => {
    const created = await create(planAdmin, plan, { name: 'Listed', scopes: ['fhir/*.read'] });
    const other = await create(harborAdmin, harbor, { name: 'Harbor only', scopes: ['fhir/*.read'] });
    const res = await call('GET', '/api/api-clients', planAdmin, plan);
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { api_clients: ApiClient[] }).api_clients;
    const listed = list.find((c) => c.id === created.id);
    expect(listed).toMatchObject({ name: 'Listed', client_id: created.client_id, scopes: ['fhir/*.read'] });
    expect(listed?.created_by_name).toBe(created.created_by_name);
    expect(list.map((c) => c.id)).not.toContain(other.id);
    expect(Object.keys(listed ?? {})).not.toContain('client_secret');
    expect(res.body).not.toContain(created.client_secret);
    expect(res.body).not.toContain(sha256(created.client_secret));
    expect(res.body).not.toContain('secret');
    const audited = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'api_client.list_read' AND organization_id = $1`,
      [plan],
    );
    expect(audited.n).toBeGreaterThan(0);
  });

  it('answers a super_admin acting for the organization', async () => {
    const res = await call('GET', '/api/api-clients', operator, plan);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a manager', () => manager],
    ['a staff member', () => staff],
    ['a viewer', () => viewer],
  ])('refuses %s with 403', async (_label, token) => {
    expectEnvelope(await call('GET', '/api/api-clients', token(), plan), 403, 'forbidden');
  });

  it('refuses an admin of another organization acting for this one with 403', async () => {
    expectEnvelope(await call('GET', '/api/api-clients', harborAdmin, plan), 403);
  });

  it('refuses a caller without a session with 401', async () => {
    expectEnvelope(await call('GET', '/api/api-clients', null, plan), 401);
  });
});

describe('POST /api/api-clients/{id}/revoke', () => {
  it('revokes the client, ends its tokens and audits it; a second revoke is a 409', async () => {
    const created = await create(planAdmin, plan);
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: created.client_id,
        client_secret: created.client_secret,
      },
    });
    expect(token.statusCode).toBe(200);
    const sessions = async () =>
      (
        await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM sessions WHERE api_client_id = $1', [
          created.id,
        ])
      ).n;
    expect(await sessions()).toBe(1);

    const res = await call('POST', `/api/api-clients/${created.id}/revoke`, planAdmin, plan);
    expect(res.statusCode).toBe(200);
    const revoked = res.json() as ApiClient;
    expect(revoked.id).toBe(created.id);
    expect(revoked.revoked_at).not.toBeNull();
    expect(revoked.created_by_name).toBe(created.created_by_name);
    expect(res.body).not.toContain(created.client_secret);
    expect(await sessions()).toBe(0);
    const audited = await one<{ details: { tokens_ended: number } }>(
      t,
      `SELECT details FROM audit_log WHERE action = 'api_client.revoked' AND entity_id = $1`,
      [String(created.id)],
    );
    expect(audited.details.tokens_ended).toBe(1);

    expectEnvelope(
      await call('POST', `/api/api-clients/${created.id}/revoke`, planAdmin, plan),
      409,
      'conflict',
    );
  });

  it("answers 404 for another organization's client, and leaves it alone", async () => {
    const other = await create(harborAdmin, harbor);
    expectEnvelope(
      await call('POST', `/api/api-clients/${other.id}/revoke`, planAdmin, plan),
      404,
      'not_found',
    );
    expectEnvelope(
      await call('POST', '/api/api-clients/2147483647/revoke', planAdmin, plan),
      404,
      'not_found',
    );
    const row = await one<{ revoked_at: Date | null }>(
      t,
      'SELECT revoked_at FROM api_clients WHERE id = $1',
      [other.id],
    );
    expect(row.revoked_at).toBeNull();
  });

  it('refuses an id that is not canonical with 400', async () => {
    expectEnvelope(await call('POST', '/api/api-clients/01/revoke', planAdmin, plan), 400);
  });

  it('lets a super_admin acting for the organization revoke', async () => {
    const created = await create(planAdmin, plan);
    const res = await call('POST', `/api/api-clients/${created.id}/revoke`, operator, plan);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a manager', () => manager],
    ['a staff member', () => staff],
    ['a viewer', () => viewer],
  ])('refuses %s with 403 and leaves the client live', async (_label, token) => {
    const created = await create(planAdmin, plan);
    expectEnvelope(
      await call('POST', `/api/api-clients/${created.id}/revoke`, token(), plan),
      403,
      'forbidden',
    );
    const row = await one<{ revoked_at: Date | null }>(
      t,
      'SELECT revoked_at FROM api_clients WHERE id = $1',
      [created.id],
    );
    expect(row.revoked_at).toBeNull();
  });

  it('refuses a caller without a session with 401', async () => {
    expectEnvelope(await call('POST', '/api/api-clients/1/revoke', null, plan), 401);
  });
});

describe('service accounts', () => {
  it("are left out of the organization's people lists and counts", async () => {
    const created = await create(planAdmin, plan, { name: 'Zz Hidden Machine', scopes: ['fhir/*.read'] });
    const serviceUser = (
      await one<{ service_user_id: number }>(t, 'SELECT service_user_id FROM api_clients WHERE id = $1', [
        created.id,
      ])
    ).service_user_id;
    const people = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = $1 AND u.kind = 'person'`,
      [plan],
    );

    const users = await call('GET', '/api/users?page_size=200', planAdmin, plan);
    expect(users.statusCode).toBe(200);
    const usersBody = users.json() as { users: { id: number }[]; total: number };
    expect(usersBody.users.map((u) => u.id)).not.toContain(serviceUser);
    expect(usersBody.total).toBe(people.n);

    const members = await call('GET', `/api/cbos/${plan}/users?page_size=100`, planAdmin, plan);
    expect(members.statusCode).toBe(200);
    const membersBody = members.json() as { users: { id: number }[]; total: number };
    expect(membersBody.users.map((u) => u.id)).not.toContain(serviceUser);
    expect(membersBody.total).toBe(people.n);

    const stats = await call('GET', `/api/cbos/${plan}/stats`, planAdmin, plan);
    expect(stats.statusCode).toBe(200);
    expect((stats.json() as { members_total: number }).members_total).toBe(people.n);
  });

  it('never sign in with a password, even one that would match, and the refusal is audited', async () => {
    const created = await create(planAdmin, plan);
    const { service_user_id: id } = await one<{ service_user_id: number }>(
      t,
      'SELECT service_user_id FROM api_clients WHERE id = $1',
      [created.id],
    );
    // Were a hash ever set on it (a reset link that reached someone), the account still could not sign in.
    await t.database.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
      await hashPassword(TEST_PASSWORD),
      id,
    ]);
    const email = `api-client-${created.client_id}@clients.invalid`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expectEnvelope(res, 401);
    expect(res.headers['set-cookie']).toBeUndefined();
    const audited = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login_refused_service_account' AND entity_id = $1`,
      [String(id)],
    );
    expect(audited.n).toBe(1);
    const sessions = await one<{ n: number }>(
      t,
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [id],
    );
    expect(sessions.n).toBe(0);
  });
});
