import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

// 002 §7 "Organizations", §6 roles; issue 3 items 7 and 8.

let t: TestApp;
const tokens: Record<string, string> = {};
const orgs: Record<string, number> = {};
const users: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ['admin', 'coordinator', 'orgadmin', 'viewer', 'manager', 'cbo', 'staff']) {
    tokens[who] = await login(t.app, `${who}@trust.demo`);
  }
  for (const row of await t.database.query<{ id: number; name: string }>(
    'SELECT id, name FROM organizations',
  )) {
    orgs[row.name] = row.id;
  }
  for (const row of await t.database.query<{ id: number; email: string }>('SELECT id, email FROM users')) {
    users[row.email] = row.id;
  }
});
afterAll(async () => t?.close());

const plan = () => orgs['Golden Valley Health Plan'] as number;
const harbor = () => orgs['Harbor Community Services'] as number;
const uid = (who: string) => users[`${who}@trust.demo`] as number;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who ? bearer(tokens[who] as string) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function auditRows(action: string) {
  return t.database.query<{ actor_user_id: number; entity_id: string; details: Record<string, unknown> }>(
    'SELECT actor_user_id, entity_id, details FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
}

describe('GET /api/cbos', () => {
  it('shows every organization to a super administrator, with counts for the stats', async () => {
    const res = await call('GET', '/api/cbos', 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body).toMatchObject({ page: 1, page_size: 50 });
    expect(body.counts.all).toBe(body.counts.active + body.counts.inactive);
    expect(body.cbos.map((o: { name: string }) => o.name)).toContain('Lakeside Food Network');
  });

  it('shows others only the organizations they belong to', async () => {
    const body = (await call('GET', '/api/cbos', 'coordinator')).json();
    expect(body.cbos.map((o: { name: string }) => o.name).sort()).toEqual([
      'Golden Valley Health Plan',
      'Riverbend Family Clinic',
    ]);
    expect(body.total).toBe(2);
    expect(body.counts.all).toBe(2);
  });

  it("shows an organization's admin (product role admin) only their own organization", async () => {
    const body = (await call('GET', '/api/cbos', 'orgadmin')).json();
    expect(body.cbos.map((o: { name: string }) => o.name)).toEqual(['Golden Valley Health Plan']);
    expectEnvelope(await call('GET', `/api/cbos/${harbor()}`, 'orgadmin'), 404, 'not_found');
  });

  it('searches by name, filters by status and pages on the server', async () => {
    const found = (await call('GET', '/api/cbos?search=riverB', 'admin')).json();
    expect(found.cbos.map((o: { name: string }) => o.name)).toEqual(['Riverbend Family Clinic']);
    const inactive = (await call('GET', '/api/cbos?status=inactive', 'admin')).json();
    expect(inactive.cbos.every((o: { status: string }) => o.status === 'inactive')).toBe(true);
    const paged = (await call('GET', '/api/cbos?page=2&page_size=1', 'admin')).json();
    expect(paged.cbos).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
    const wildcard = (await call('GET', '/api/cbos?search=%25', 'admin')).json();
    expect(wildcard.total).toBe(0);
  });

  it('refuses bad queries and anonymous callers', async () => {
    expectEnvelope(await call('GET', '/api/cbos?status=gone', 'admin'), 400, 'validation_failed');
    expectEnvelope(await call('GET', '/api/cbos?page_size=1000', 'admin'), 400, 'validation_failed');
    expectEnvelope(await call('GET', '/api/cbos'), 401, 'unauthorized');
  });
});

describe('GET /api/cbos/{id} and /stats', () => {
  it('answers members and super administrators', async () => {
    const res = await call('GET', `/api/cbos/${plan()}`, 'viewer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: plan(), name: 'Golden Valley Health Plan', status: 'active' });
    expect((await call('GET', `/api/cbos/${harbor()}`, 'admin')).statusCode).toBe(200);
  });

  it('answers 404 for a foreign or missing organization and 400 for a bad id', async () => {
    expectEnvelope(await call('GET', `/api/cbos/${harbor()}`, 'coordinator'), 404, 'not_found');
    expectEnvelope(await call('GET', '/api/cbos/999999', 'admin'), 404, 'not_found');
    expectEnvelope(await call('GET', '/api/cbos/abc', 'admin'), 400, 'validation_failed');
    expectEnvelope(await call('GET', `/api/cbos/${plan()}`), 401);
  });

  it('counts members by role, invitations and referrals from the database', async () => {
    const res = await call('GET', `/api/cbos/${plan()}/stats`, 'coordinator');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const [members] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM memberships WHERE organization_id = $1',
      [plan()],
    );
    const [referrals] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referrals WHERE organization_id = $1',
      [plan()],
    );
    expect(stats.members_total).toBe(members?.n);
    expect(stats.referrals_created).toBe(referrals?.n);
    expect(stats.members_by_role.org_admin).toBeGreaterThanOrEqual(1);
    expect(stats.members_by_role.viewer).toBeGreaterThanOrEqual(1);
    expect(typeof stats.pending_invitations).toBe('number');
    expectEnvelope(await call('GET', `/api/cbos/${harbor()}/stats`, 'coordinator'), 404, 'not_found');
  });
});

describe('POST /api/cbos', () => {
  it('lets a super administrator create an organization', async () => {
    const res = await call('POST', '/api/cbos', 'admin', {
      name: '  Eastside Shelter ',
      contact_email: 'intake@eastside.example.org',
      website: 'https://eastside.example.org',
      contact_phone: '(213) 555-0100',
      description: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Eastside Shelter', status: 'active', description: null });
    orgs['Eastside Shelter'] = res.json().id;
    expect((await auditRows('organization.created')).at(-1)?.entity_id).toBe(String(res.json().id));
  });

  it("refuses an organization's admin (product role admin): creating organizations is a platform power", async () => {
    const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
    const res = await call('POST', '/api/cbos', 'orgadmin', { name: 'Westside Pantry' });
    const body = expectEnvelope(res, 403, 'forbidden');
    expect(body.message).toBe('Only platform operators can create organizations.');
    expect(await t.database.query('SELECT count(*)::int AS n FROM organizations')).toEqual(before);
  });

  it('needs a name (002 §5) and checks email, URL and phone, answering per field', async () => {
    const res = await call('POST', '/api/cbos', 'admin', {
      name: '   ',
      contact_email: 'nope',
      website: 'eastside',
      contact_phone: 'call me',
    });
    const body = expectEnvelope(res, 400, 'validation_failed') as unknown as {
      fields: Record<string, string>;
    };
    expect(body.fields).toMatchObject({
      name: 'Organization name is required',
      contact_email: 'Please enter a valid email address',
      website: expect.stringContaining('valid URL'),
      contact_phone: 'Please enter a valid phone number',
    });
    expectEnvelope(await call('POST', '/api/cbos', 'admin', {}), 400, 'validation_failed');
    expectEnvelope(
      await call('POST', '/api/cbos', 'admin', { name: 'X', bogus: 1 }),
      400,
      'validation_failed',
    );
  });

  it('refuses staff, viewers and anonymous callers', async () => {
    expectEnvelope(await call('POST', '/api/cbos', 'coordinator', { name: 'Mine' }), 403, 'forbidden');
    expectEnvelope(await call('POST', '/api/cbos', 'viewer', { name: 'Mine' }), 403, 'forbidden');
    expectEnvelope(await call('POST', '/api/cbos', undefined, { name: 'Mine' }), 401);
  });
});

describe('PUT /api/cbos/{id}', () => {
  it('lets the org_admin edit it and toggle its status, audited', async () => {
    const edit = await call('PUT', `/api/cbos/${plan()}`, 'orgadmin', { description: 'Updated' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().description).toBe('Updated');
    const off = await call('PUT', `/api/cbos/${plan()}`, 'orgadmin', { status: 'inactive' });
    expect(off.json().status).toBe('inactive');
    const rows = await auditRows('organization.status_changed');
    expect(rows.at(-1)).toMatchObject({
      actor_user_id: uid('orgadmin'),
      details: { from: 'active', to: 'inactive' },
    });
    const on = await call('PUT', `/api/cbos/${plan()}`, 'admin', { status: 'active' });
    expect(on.json().status).toBe('active');
  });

  it('refuses staff, viewers, a foreign organization and bad input', async () => {
    expectEnvelope(await call('PUT', `/api/cbos/${plan()}`, 'coordinator', { name: 'X' }), 403, 'forbidden');
    expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}`, 'viewer', { status: 'inactive' }),
      403,
      'forbidden',
    );
    expectEnvelope(await call('PUT', `/api/cbos/${harbor()}`, 'orgadmin', { name: 'X' }), 403, 'forbidden');
    expectEnvelope(await call('PUT', '/api/cbos/999999', 'admin', { name: 'X' }), 404, 'not_found');
    const bad = expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}`, 'orgadmin', { name: '' }),
      400,
    ) as unknown as {
      fields: Record<string, string>;
    };
    expect(bad.fields.name).toBe('Organization name is required');
    expectEnvelope(await call('PUT', `/api/cbos/${plan()}`, 'orgadmin', { status: 'paused' }), 400);
  });
});

describe('DELETE /api/cbos/{id}', () => {
  it('is for super administrators only', async () => {
    const id = orgs['Eastside Shelter'] as number;
    expectEnvelope(await call('DELETE', `/api/cbos/${id}`, 'orgadmin'), 403, 'forbidden');
    expectEnvelope(await call('DELETE', `/api/cbos/${id}`, 'coordinator'), 403, 'forbidden');
    expectEnvelope(await call('DELETE', `/api/cbos/${id}`), 401);
  });

  it('refuses while other members remain (409)', async () => {
    const res = await call('DELETE', `/api/cbos/${plan()}`, 'admin');
    const body = expectEnvelope(res, 409, 'conflict');
    expect(body.detail).toContain('still has members');
    expect(body).toMatchObject({ reason: 'organization.has_members' });
  });

  it('deletes an organization without members or records, audited', async () => {
    const id = orgs['Eastside Shelter'] as number;
    const res = await call('DELETE', `/api/cbos/${id}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expectEnvelope(await call('GET', `/api/cbos/${id}`, 'admin'), 404);
    expect((await auditRows('organization.deleted')).at(-1)?.details).toMatchObject({
      name: 'Eastside Shelter',
    });
    expectEnvelope(await call('DELETE', `/api/cbos/${id}`, 'admin'), 404);
  });
});

describe('GET /api/cbos/{id}/users', () => {
  it('lists members with role, primary user, last login and compliance, paged', async () => {
    const res = await call('GET', `/api/cbos/${plan()}/users?page_size=200`, 'viewer');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const orgadmin = body.users.find((u: { email: string }) => u.email === 'orgadmin@trust.demo');
    expect(orgadmin).toMatchObject({ user_org_role: 'org_admin', is_primary: true });
    expect(orgadmin.last_login).not.toBeNull();
    expect(Object.keys(orgadmin).sort()).toEqual(
      [
        'email',
        'hipaa_accepted',
        'id',
        'is_primary',
        'last_login',
        'name',
        'phone_number',
        'terms_accepted',
        'user_org_role',
      ].sort(),
    );
    expect(body.users.filter((u: { is_primary: boolean }) => u.is_primary)).toHaveLength(1);
    const page = (await call('GET', `/api/cbos/${plan()}/users?page=1&page_size=2`, 'viewer')).json();
    expect(page.users).toHaveLength(2);
    expect(page.total).toBe(body.total);
    const search = (await call('GET', `/api/cbos/${plan()}/users?search=orgadmin@`, 'viewer')).json();
    expect(search.users.map((u: { email: string }) => u.email)).toEqual(['orgadmin@trust.demo']);
  });

  it('hides other organizations and refuses bad queries', async () => {
    expectEnvelope(await call('GET', `/api/cbos/${harbor()}/users`, 'coordinator'), 404, 'not_found');
    expect((await call('GET', `/api/cbos/${harbor()}/users`, 'admin')).statusCode).toBe(200);
    expectEnvelope(await call('GET', `/api/cbos/${plan()}/users?page=0`, 'viewer'), 400, 'validation_failed');
    expectEnvelope(await call('GET', `/api/cbos/${plan()}/users`), 401);
  });
});

describe('POST /api/cbos/{id}/users', () => {
  it('adds an existing user, audited', async () => {
    const res = await call('POST', `/api/cbos/${plan()}/users`, 'orgadmin', {
      user_id: uid('cbo'),
      role: 'staff',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user_id: uid('cbo'), cbo_id: plan(), role: 'staff' });
    expect((await auditRows('membership.added')).at(-1)).toMatchObject({ entity_id: String(uid('cbo')) });
    expectEnvelope(
      await call('POST', `/api/cbos/${plan()}/users`, 'orgadmin', { user_id: uid('cbo'), role: 'staff' }),
      409,
      'conflict',
    );
  });

  it('refuses unknown users, forbidden roles, non-admins and bad bodies', async () => {
    const unknown = expectEnvelope(
      await call('POST', `/api/cbos/${plan()}/users`, 'orgadmin', { user_id: 999999, role: 'staff' }),
      404,
    );
    expect(unknown).toMatchObject({ reason: 'membership.user_not_found' });
    const superAdmin = expectEnvelope(
      await call('POST', `/api/cbos/${plan()}/users`, 'orgadmin', {
        user_id: uid('staff'),
        role: 'super_admin',
      }),
      403,
    );
    expect(superAdmin).toMatchObject({ reason: 'membership.super_admin_only' });
    const manager = expectEnvelope(
      await call('POST', `/api/cbos/${plan()}/users`, 'manager', { user_id: uid('staff'), role: 'staff' }),
      403,
    );
    expect(manager).toMatchObject({ reason: 'membership.manage_forbidden' });
    expectEnvelope(
      await call('POST', `/api/cbos/${harbor()}/users`, 'orgadmin', { user_id: uid('staff'), role: 'staff' }),
      403,
    );
    const bad = expectEnvelope(
      await call('POST', `/api/cbos/${plan()}/users`, 'orgadmin', { user_id: uid('staff'), role: 'boss' }),
      400,
      'validation_failed',
    ) as unknown as { fields: Record<string, string> };
    expect(bad.fields).toHaveProperty('role');
  });
});

describe('PUT /api/cbos/{id}/users/{userId}', () => {
  it("changes a member's role, audited in the same transaction", async () => {
    const res = await call('PUT', `/api/cbos/${plan()}/users/${uid('coordinator')}`, 'orgadmin', {
      role: 'manager',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: uid('coordinator'), cbo_id: plan(), role: 'manager' });
    expect((await auditRows('membership.role_changed')).at(-1)).toMatchObject({
      actor_user_id: uid('orgadmin'),
      entity_id: String(uid('coordinator')),
      details: { cbo_id: plan(), from: 'staff', to: 'manager' },
    });
  });

  it('keeps super_admin for super administrators, and protects the primary user and oneself', async () => {
    expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}/users/${uid('coordinator')}`, 'orgadmin', {
        role: 'super_admin',
      }),
      403,
    );
    expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}/users/${uid('admin')}`, 'orgadmin', { role: 'viewer' }),
      403,
    );
    const primary = await call('PUT', `/api/cbos/${plan()}/users/${uid('orgadmin')}`, 'admin', {
      role: 'staff',
    });
    expect(expectEnvelope(primary, 409, 'conflict').detail).toBe(
      "The primary user's role cannot be changed.",
    );
    const self = await call('PUT', `/api/cbos/${plan()}/users/${uid('orgadmin')}`, 'orgadmin', {
      role: 'staff',
    });
    expectEnvelope(self, 409, 'conflict');
  });

  it('refuses staff, viewers, non-members and bad roles', async () => {
    expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}/users/${uid('viewer')}`, 'viewer', { role: 'manager' }),
      403,
    );
    expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}/users/${uid('viewer')}`, 'manager', { role: 'staff' }),
      403,
    );
    expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}/users/${uid('staff')}`, 'orgadmin', { role: 'staff' }),
      404,
    );
    expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}/users/${uid('viewer')}`, 'orgadmin', { role: 'owner' }),
      400,
      'validation_failed',
    );
    expectEnvelope(
      await call('PUT', `/api/cbos/${plan()}/users/${uid('viewer')}`, undefined, { role: 'staff' }),
      401,
    );
  });
});

describe('DELETE /api/cbos/{id}/users/{userId}', () => {
  it('never removes the primary user (002 §6) or oneself', async () => {
    const res = await call('DELETE', `/api/cbos/${plan()}/users/${uid('orgadmin')}`, 'admin');
    expect(expectEnvelope(res, 409, 'conflict').detail).toBe('The primary user cannot be removed.');
    const self = await call('DELETE', `/api/cbos/${plan()}/users/${uid('admin')}`, 'admin');
    expect(expectEnvelope(self, 409, 'conflict').detail).toBe(
      'You cannot remove yourself from the organization.',
    );
  });

  it('refuses staff, viewers, a foreign organization and non-members', async () => {
    expectEnvelope(await call('DELETE', `/api/cbos/${plan()}/users/${uid('viewer')}`, 'manager'), 403);
    expectEnvelope(await call('DELETE', `/api/cbos/${plan()}/users/${uid('manager')}`, 'viewer'), 403);
    expectEnvelope(await call('DELETE', `/api/cbos/${harbor()}/users/${uid('cbo')}`, 'orgadmin'), 403);
    expectEnvelope(await call('DELETE', `/api/cbos/${plan()}/users/${uid('staff')}`, 'orgadmin'), 404);
    expectEnvelope(await call('DELETE', `/api/cbos/${plan()}/users/${uid('viewer')}`), 401);
  });

  it('removes a member, audited, and moves their primary membership', async () => {
    // cbo@ was added to the plan above (harbor stays their primary organization).
    const res = await call('DELETE', `/api/cbos/${plan()}/users/${uid('cbo')}`, 'orgadmin');
    expect(res.statusCode).toBe(200);
    expect((await auditRows('membership.removed')).at(-1)).toMatchObject({ entity_id: String(uid('cbo')) });
    const coordinatorPrimary = await t.database.query<{ organization_id: number }>(
      'SELECT organization_id FROM memberships WHERE user_id = $1 AND is_primary',
      [uid('coordinator')],
    );
    expect(coordinatorPrimary.map((r) => r.organization_id)).toEqual([plan()]);
    const removed = await call('DELETE', `/api/cbos/${plan()}/users/${uid('coordinator')}`, 'orgadmin');
    expect(removed.statusCode).toBe(200);
    const moved = await t.database.query<{ organization_id: number }>(
      'SELECT organization_id FROM memberships WHERE user_id = $1 AND is_primary',
      [uid('coordinator')],
    );
    expect(moved.map((r) => r.organization_id)).toEqual([orgs['Riverbend Family Clinic']]);
  });
});

describe('compliance badges follow the current consent versions', () => {
  it('counts only an unrevoked signature of the newest published version', async () => {
    const [terms] = await t.database.query<{ id: number }>(
      `INSERT INTO consent_documents (document_type, version, title, content, published_at)
       VALUES ('terms_of_use', 'admin-test-9', 'Terms', 'Text', now() + interval '1 minute') RETURNING id`,
    );
    await t.database.query(
      `INSERT INTO consent_signatures (user_id, document_id, document_type, document_version, signature_text)
       VALUES ($1, $2, 'terms_of_use', 'admin-test-9', 'Signed')`,
      [uid('viewer'), terms?.id],
    );
    const list = (await call('GET', `/api/cbos/${plan()}/users?page_size=200`, 'admin')).json();
    const byEmail = (email: string) => list.users.find((u: { email: string }) => u.email === email);
    expect(byEmail('viewer@trust.demo').terms_accepted).toBe(true);
    expect(byEmail('manager@trust.demo').terms_accepted).toBe(false);
    await t.database.query('UPDATE consent_signatures SET revoked_at = now() WHERE document_id = $1', [
      terms?.id,
    ]);
    const after = (await call('GET', `/api/cbos/${plan()}/users?page_size=200`, 'admin')).json();
    expect(after.users.find((u: { email: string }) => u.email === 'viewer@trust.demo').terms_accepted).toBe(
      false,
    );
  });
});

describe('OpenAPI', () => {
  it('documents the organization, user and security log routes', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/cbos',
        '/api/cbos/{id}',
        '/api/cbos/{id}/users/{userId}',
        '/api/audit-log',
      ]),
    );
  });
});
