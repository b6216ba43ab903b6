import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

let t: TestApp;
let coordinator: string;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  coordinator = await login(t.app, 'coordinator@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

async function orgId(name: string) {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    name,
  ]);
  return row!.id;
}

describe('GET /api/cbos/users/me/organizations (002 §7)', () => {
  it('lists the memberships, primary first, with the organization', async () => {
    const res = await t.app.inject({ url: '/api/cbos/users/me/organizations', headers: bearer(coordinator) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      role: 'staff',
      is_primary: true,
      organization: { name: 'Golden Valley Health Plan' },
    });
    expect(list[1]).toMatchObject({
      role: 'manager',
      is_primary: false,
      organization: { name: 'Riverbend Family Clinic' },
    });
    expect(list[0].cbo_id).toBe(list[0].organization.id);
  });

  it('needs a session', async () => {
    expectEnvelope(await t.app.inject({ url: '/api/cbos/users/me/organizations' }), 401, 'unauthorized');
  });
});

describe('POST /api/cbos/users/me/active-cbo and the X-CBO-ID header', () => {
  it('switches the active organization for later requests without a header', async () => {
    const clinic = await orgId('Riverbend Family Clinic');
    const token = await login(t.app, 'coordinator@trust.demo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cbos/users/me/active-cbo',
      headers: bearer(token),
      payload: { cbo_id: clinic },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cbo_id: clinic, role: 'manager', organization: { id: clinic } });
    const me = await t.app.inject({ url: '/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ active_cbo_id: clinic, org_role: 'manager' });
  });

  it('refuses an organization the user does not belong to with 403', async () => {
    const harbor = await orgId('Harbor Community Services');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cbos/users/me/active-cbo',
      headers: bearer(coordinator),
      payload: { cbo_id: harbor },
    });
    const body = expectEnvelope(res, 403, 'forbidden');
    expect(body.detail).toBe('You are not a member of this organization.');
    expect(body).toMatchObject({ reason: 'organization.not_member' });
  });

  it('validates the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cbos/users/me/active-cbo',
      headers: bearer(coordinator),
      payload: { cbo_id: 'abc' },
    });
    expectEnvelope(res, 400, 'validation_failed');
  });

  it('a route acting for an organization answers 403 for a foreign X-CBO-ID and 400 for a malformed one', async () => {
    const harbor = await orgId('Harbor Community Services');
    const plan = await orgId('Golden Valley Health Plan');
    expectEnvelope(
      await t.app.inject({ url: '/api/users', headers: bearer(coordinator, harbor) }),
      403,
      'forbidden',
    );
    expectEnvelope(
      await t.app.inject({ url: '/api/users', headers: { ...bearer(coordinator), 'x-cbo-id': 'one' } }),
      400,
      'bad_request',
    );
    const ok = await t.app.inject({ url: '/api/users', headers: bearer(coordinator, plan) });
    expect(ok.statusCode).toBe(200);
  });

  it('lets a super administrator act for any organization', async () => {
    const harbor = await orgId('Harbor Community Services');
    const res = await t.app.inject({ url: '/api/users', headers: bearer(admin, harbor) });
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: { email: string }) => u.email)).toContain('cbo@trust.demo');
  });

  it('still answers who-am-I with a stale organization header, reporting the one in effect', async () => {
    const harbor = await orgId('Harbor Community Services');
    const me = await t.app.inject({ url: '/auth/me', headers: bearer(coordinator, harbor) });
    expect(me.statusCode).toBe(200);
    expect(me.json().active_cbo_id).not.toBe(harbor);
  });
});

describe('GET /api/users', () => {
  it('pages the users of the active organization', async () => {
    const plan = await orgId('Golden Valley Health Plan');
    const res = await t.app.inject({
      url: '/api/users?page=1&page_size=2',
      headers: bearer(coordinator, plan),
    });
    const body = res.json();
    expect(body.users).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    expect(body.users[0]).not.toHaveProperty('password_hash');
    expectEnvelope(
      await t.app.inject({ url: '/api/users?page_size=5000', headers: bearer(coordinator) }),
      400,
      'validation_failed',
    );
  });
});
