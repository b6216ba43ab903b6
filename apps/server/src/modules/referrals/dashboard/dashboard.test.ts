import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/dashboard/stats (003 §2.4, real figures instead of sample data)', () => {
  it('counts the organization and personal referrals from the database', async () => {
    const token = await login(t.app, 'coordinator@trust.demo');
    const [org] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
    );
    const res = await t.app.inject({ url: '/api/dashboard/stats', headers: bearer(token, org!.id) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [expected] = await t.database.query<{ total: number; pending: number; mine: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE created_by = (SELECT id FROM users WHERE email = 'coordinator@trust.demo'))::int AS mine
         FROM referrals WHERE organization_id = $1`,
      [org!.id],
    );
    expect(body.organization.total).toBe(expected!.total);
    expect(body.organization.pending).toBe(expected!.pending);
    expect(body.personal.total).toBe(expected!.mine);
    expect(body.organization.success_rate).toBeGreaterThan(0);
    expect(body.organization.success_rate).toBeLessThanOrEqual(1);
    expect(body.organization.avg_response_hours).toBeGreaterThan(0);
  });

  it('answers zeros and nulls for an organization without referrals', async () => {
    const token = await login(t.app, 'cbo@trust.demo');
    const body = (await t.app.inject({ url: '/api/dashboard/stats', headers: bearer(token) })).json();
    expect(body.organization).toEqual({
      total: 0,
      pending: 0,
      completed: 0,
      active: 0,
      success_rate: null,
      avg_response_hours: null,
    });
  });

  it('needs a session', async () => {
    expectEnvelope(await t.app.inject({ url: '/api/dashboard/stats' }), 401);
  });
});

type ActivityItem = {
  id: number;
  at: string;
  type: string;
  summary: string;
  referral_id: number | null;
  referral_number: string | null;
  actor_name: string | null;
  from_status: string | null;
  to_status: string | null;
};

describe('GET /api/dashboard/activity (003 §2.4 Recent Activity)', () => {
  let plan: number;
  let harbor: number;
  let coordinator: string;
  let manager: string;
  let cbo: string;
  let mine: { id: number; referral_number: string; last_name: string };
  let theirs: { id: number; referral_number: string };

  beforeAll(async () => {
    plan = await orgId(t, 'Golden Valley Health Plan');
    harbor = await orgId(t, 'Harbor Community Services');
    coordinator = await login(t.app, 'coordinator@trust.demo');
    manager = await login(t.app, 'manager@trust.demo');
    cbo = await login(t.app, 'cbo@trust.demo');
    mine = await createReferral(t, { token: coordinator, orgId: plan, last_name: 'Quixotefield' });
    theirs = await createReferral(t, { token: manager, orgId: plan });
    // The manager edits the coordinator's referral: on a referral the coordinator created, so personal too.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/referrals/${mine.id}/contact`,
      headers: bearer(manager, plan),
      payload: { emergency_contact_name: 'Rosa Lopez', emergency_contact_phone: '213.555.0188' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  const activity = async (token: string, org: number, query = '') => {
    const res = await t.app.inject({ url: `/api/dashboard/activity${query}`, headers: bearer(token, org) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { view: string; items: ActivityItem[]; next_before: string | null };
  };

  it('lists the organization view newest first, with the timeline titles and referral numbers, no member names', async () => {
    const res = await t.app.inject({
      url: '/api/dashboard/activity?view=organization&limit=50',
      headers: bearer(coordinator, plan),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { view: string; items: ActivityItem[] };
    expect(body.view).toBe('organization');
    const created = body.items.find((i) => i.referral_id === mine.id && i.type === 'created');
    expect(created).toMatchObject({
      summary: 'Referral Created',
      referral_number: mine.referral_number,
      actor_name: 'Casey Coordinator',
    });
    expect(body.items.some((i) => i.referral_id === theirs.id)).toBe(true);
    const updated = body.items.find((i) => i.referral_id === mine.id && i.type === 'contact_updated');
    expect(updated).toMatchObject({ summary: 'Contact Details Updated', actor_name: 'Morgan Manager' });
    const times = body.items.map((i) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Minimum necessary: the member's name is never in the answer, and the read is not audited as PHI.
    expect(res.body).not.toContain('Quixotefield');
    expect(res.body).not.toContain(mine.last_name);
    expect(res.body).not.toContain('Rosa Lopez');
  });

  it("keeps the caller's own work in the personal view (the default)", async () => {
    const personal = await activity(coordinator, plan, '?limit=50');
    expect(personal.view).toBe('personal');
    const ids = new Set(personal.items.map((i) => i.referral_id));
    expect(ids.has(mine.id)).toBe(true);
    // The manager's edit of the coordinator's referral is on a referral the coordinator created.
    expect(personal.items.some((i) => i.referral_id === mine.id && i.type === 'contact_updated')).toBe(true);
    // The manager's own referral is not the coordinator's.
    expect(ids.has(theirs.id)).toBe(false);
    const managers = await activity(manager, plan, '?view=personal&limit=50');
    const managerIds = new Set(managers.items.map((i) => i.referral_id));
    expect(managerIds.has(theirs.id)).toBe(true);
    // The manager made the edit on the coordinator's referral, so it is in the manager's personal view too.
    expect(managers.items.some((i) => i.referral_id === mine.id && i.type === 'contact_updated')).toBe(true);
    expect(managers.items.some((i) => i.referral_id === mine.id && i.type === 'created')).toBe(false);
  });

  it("never shows another organization's history", async () => {
    const [harborEvents] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referral_events WHERE organization_id = $1',
      [harbor],
    );
    const body = await activity(cbo, harbor, '?view=organization&limit=50');
    expect(body.items.length).toBe(Math.min(50, harborEvents!.n));
    expect(body.items.some((i) => i.referral_id === mine.id || i.referral_id === theirs.id)).toBe(false);
    const planIds = await t.database.query<{ id: number }>(
      'SELECT id FROM referral_events WHERE organization_id = $1',
      [plan],
    );
    const planSet = new Set(planIds.map((r) => r.id));
    expect(body.items.some((i) => planSet.has(i.id))).toBe(false);
  });

  it('pages with next_before, older items after', async () => {
    const first = await activity(coordinator, plan, '?view=organization&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next_before).toBe(String(first.items[1]!.id));
    const second = await activity(
      coordinator,
      plan,
      `?view=organization&limit=2&before=${first.next_before}`,
    );
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((i) => first.items.some((f) => f.id === i.id))).toBe(false);
    expect(Date.parse(second.items[0]!.at)).toBeLessThanOrEqual(Date.parse(first.items[1]!.at));
    const personalFirst = await activity(coordinator, plan, '?limit=1');
    const personalSecond = await activity(coordinator, plan, `?limit=1&before=${personalFirst.next_before}`);
    expect(personalSecond.items[0]?.id).not.toBe(personalFirst.items[0]?.id);
  });

  it('refuses a bad view, limit or cursor, and unknown parameters (400)', async () => {
    for (const query of ['?view=everyone', '?limit=0', '?limit=51', '?before=abc', '?page=2']) {
      expectEnvelope(
        await t.app.inject({ url: `/api/dashboard/activity${query}`, headers: bearer(coordinator, plan) }),
        400,
      );
    }
  });

  it('needs a session (401) and a membership of the organization (403)', async () => {
    expectEnvelope(await t.app.inject({ url: '/api/dashboard/activity' }), 401);
    expectEnvelope(await t.app.inject({ url: '/api/dashboard/activity', headers: bearer(cbo, plan) }), 403);
  });
});

describe('GET /api/dashboard/trend (referrals over time by status)', () => {
  it('counts the last 12 months by status, organization and personal', async () => {
    const plan = await orgId(t, 'Golden Valley Health Plan');
    const token = await login(t.app, 'coordinator@trust.demo');
    const org = await t.app.inject({
      url: '/api/dashboard/trend?view=organization',
      headers: bearer(token, plan),
    });
    expect(org.statusCode, org.body).toBe(200);
    const body = org.json() as {
      view: string;
      months: { month: string; total: number; counts: Record<string, number> }[];
    };
    expect(body.view).toBe('organization');
    expect(body.months).toHaveLength(12);
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(body.months.at(-1)!.month).toBe(current);
    const [expected] = await t.database.query<{ total: number; pending: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM referrals
        WHERE organization_id = $1 AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [plan],
    );
    expect(body.months.at(-1)!.total).toBe(expected!.total);
    expect(body.months.at(-1)!.counts.pending).toBe(expected!.pending);
    for (const m of body.months) {
      expect(Object.values(m.counts).reduce((a, b) => a + b, 0)).toBe(m.total);
    }
    const personal = (
      await t.app.inject({ url: '/api/dashboard/trend', headers: bearer(token, plan) })
    ).json() as typeof body;
    expect(personal.view).toBe('personal');
    const [mine] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM referrals WHERE organization_id = $1
          AND created_by = (SELECT id FROM users WHERE email = 'coordinator@trust.demo')
          AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [plan],
    );
    expect(personal.months.at(-1)!.total).toBe(mine!.n);
  });

  it('refuses a bad view (400) and needs a session (401)', async () => {
    const token = await login(t.app, 'coordinator@trust.demo');
    expectEnvelope(await t.app.inject({ url: '/api/dashboard/trend?view=all', headers: bearer(token) }), 400);
    expectEnvelope(await t.app.inject({ url: '/api/dashboard/trend' }), 401);
  });
});
