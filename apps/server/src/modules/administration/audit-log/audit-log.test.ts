import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

// Issue 3 item 9: the security log of the active organization, for its administrators.

let t: TestApp;
let orgadmin: string;
let coordinator: string;
let admin: string;
let plan: number;
let harbor: number;
let pantry: number;

beforeAll(async () => {
  t = await buildTestApp();
  orgadmin = await login(t.app, 'orgadmin@trust.demo');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
  await login(t.app, 'staff@trust.demo');
  await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: 'viewer@trust.demo', password: 'wrong' },
  });
  const ids = await t.database.query<{ id: number; name: string }>('SELECT id, name FROM organizations');
  const id = (name: string) => ids.find((r) => r.name === name)?.id as number;
  plan = id('Golden Valley Health Plan');
  harbor = id('Harbor Community Services');
  pantry = id('Lakeside Food Network');
  const [coord] = await t.database.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'coordinator@trust.demo'",
  );
  await t.app.inject({
    method: 'PUT',
    url: `/api/cbos/${plan}/users/${coord?.id}`,
    headers: bearer(orgadmin),
    payload: { role: 'manager' },
  });
});
afterAll(async () => t?.close());

type Event = { action: string; actor_email: string | null; ip: string | null; at: string; entity_id: string };

describe('GET /api/audit-log', () => {
  it("lists the security events of the organization's members, newest first", async () => {
    const res = await t.app.inject({ url: '/api/audit-log?page_size=200', headers: bearer(orgadmin, plan) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const events = body.events as Event[];
    expect(body).toMatchObject({ page: 1, page_size: 200 });
    expect(events.some((e) => e.action === 'auth.login' && e.actor_email === 'coordinator@trust.demo')).toBe(
      true,
    );
    expect(
      events.some((e) => e.action === 'auth.login_failed' && e.actor_email === 'viewer@trust.demo'),
    ).toBe(true);
    expect(events.some((e) => e.action === 'membership.role_changed')).toBe(true);
    // staff@trust.demo belongs only to another organization.
    expect(events.some((e) => e.actor_email === 'staff@trust.demo')).toBe(false);
    const times = events.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(events[0]).toHaveProperty('ip');
  });

  it('has the index of migration 0006_admin', async () => {
    const rows = await t.database.query(
      "SELECT 1 FROM pg_indexes WHERE indexname = 'audit_log_category_at_idx'",
    );
    expect(rows).toHaveLength(1);
  });

  it('filters by action prefix and pages', async () => {
    const res = await t.app.inject({
      url: '/api/audit-log?action=membership.',
      headers: bearer(orgadmin, plan),
    });
    const events = res.json().events as Event[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.action.startsWith('membership.'))).toBe(true);
    const one = (
      await t.app.inject({ url: '/api/audit-log?page=2&page_size=1', headers: bearer(orgadmin, plan) })
    ).json();
    expect(one.events).toHaveLength(1);
    expect(one.total).toBeGreaterThan(1);
  });

  it('lets a super administrator read any organization', async () => {
    const res = await t.app.inject({ url: '/api/audit-log', headers: bearer(admin, pantry) });
    expect(res.statusCode).toBe(200);
    expect((res.json().events as Event[]).some((e) => e.actor_email === 'staff@trust.demo')).toBe(true);
  });

  it('refuses non-administrators, foreign organizations, bad filters and anonymous callers', async () => {
    const coordinatorRefused = expectEnvelope(
      await t.app.inject({ url: '/api/audit-log', headers: bearer(coordinator, plan) }),
      403,
      'forbidden',
    );
    expect(coordinatorRefused).toMatchObject({ reason: 'role.not_allowed' });
    const foreign = expectEnvelope(
      await t.app.inject({ url: '/api/audit-log', headers: bearer(orgadmin, harbor) }),
      403,
      'forbidden',
    );
    expect(foreign).toMatchObject({ reason: 'organization.not_member' });
    expectEnvelope(
      await t.app.inject({ url: '/api/audit-log?action=%25', headers: bearer(orgadmin, plan) }),
      400,
      'validation_failed',
    );
    expectEnvelope(await t.app.inject({ url: '/api/audit-log' }), 401);
  });
});
