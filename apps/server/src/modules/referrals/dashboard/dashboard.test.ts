import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

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
