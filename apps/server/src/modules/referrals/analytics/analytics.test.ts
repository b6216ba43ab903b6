import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';
import { IMPACT_CACHE_MS, platformImpact } from './impact-service.ts';
import { seedDecline, seedReferral, summaryAgainstRebuild } from './test-fixtures.ts';

let t: TestApp;
let harbor: number;
let plan: number;
let cboAdmin: string;
let operator: string;
let planAdmin: string;
let p1: { id: number; name: string };
let p2: { id: number; name: string };
const PERIOD = 'from=2025-03-01&to=2025-04-30';

beforeAll(async () => {
  t = await buildTestApp();
  harbor = await orgId(t, 'Harbor Community Services');
  plan = await orgId(t, 'Golden Valley Health Plan');
  [cboAdmin, operator, planAdmin] = await Promise.all([
    login(t.app, 'cbo@trust.demo'),
    login(t.app, 'admin@trust.demo'),
    login(t.app, 'orgadmin@trust.demo'),
  ]);
  const providers = await t.database.query<{ id: number; name: string }>(
    'SELECT id, name FROM providers ORDER BY id LIMIT 2',
  );
  [p1, p2] = providers as [typeof p1, typeof p2];
  // Harbor Community Services has no referrals of its own in the demo data: these ten are all it has.
  const A = p1.id;
  const B = p2.id;
  const LA = '06037';
  const HARRIS = '48201';
  const served = { status: 'completed', outcome: 'service_provided', acceptance: 'accepted' };
  const first = await seedReferral(t, harbor, {
    ...served,
    provider: A,
    acceptedAfterDays: 1,
    needs: ['Food', 'Housing'],
    county: LA,
  });
  await seedReferral(t, harbor, {
    ...served,
    provider: A,
    acceptedAfterDays: 3,
    needs: ['Food'],
    county: LA,
  });
  await seedReferral(t, harbor, {
    ...served,
    outcome: 'member_declined',
    provider: A,
    acceptedAfterDays: 2,
    needs: ['Housing'],
    county: HARRIS,
  });
  await seedReferral(t, harbor, {
    ...served,
    provider: B,
    acceptedAfterDays: 0.5,
    needs: ['Food'],
    county: HARRIS,
  });
  await seedReferral(t, harbor, {
    status: 'cancelled',
    cancellation: 'Member moved',
    needs: ['Transportation'],
    county: LA,
  });
  await seedReferral(t, harbor, { status: 'expired', acceptance: 'expired', provider: B, needs: ['Food'] });
  const declined = await seedReferral(t, harbor, {
    status: 'rejected',
    acceptance: 'rejected',
    provider: B,
    needs: ['Housing'],
    county: HARRIS,
  });
  await seedReferral(t, harbor, { status: 'pending', noProvider: true, needs: ['Food'], county: LA });
  await seedReferral(t, harbor, { status: 'matched', acceptance: 'pending', provider: A, needs: ['Food'] });
  await seedReferral(t, harbor, {
    status: 'in_progress',
    acceptance: 'accepted',
    provider: B,
    acceptedAfterDays: 1,
    needs: ['Housing'],
    created: '2025-04-10T08:00:00Z',
  });
  // Outside the period or the organization: never counted for Harbor in March–April 2025.
  await seedReferral(t, harbor, { ...served, provider: A, created: '2025-02-28T23:59:00Z' });
  await seedReferral(t, plan, { ...served, provider: A, created: '2025-03-15T00:00:00Z' });
  await seedDecline(t, declined, B, 'At full capacity');
  await seedDecline(t, declined, A, 'Service not offered');
  // A decline on a referral that was served after all is no gap.
  await seedDecline(t, first, B, 'Outside our service area');
  for (const [org, at] of [
    [harbor, '2025-03-05T00:00:00Z'],
    [harbor, '2025-04-30T23:00:00Z'],
    [harbor, '2024-12-01T00:00:00Z'],
    [plan, '2025-03-05T00:00:00Z'],
  ] as const) {
    await t.database.query(
      `INSERT INTO match_feedback (provider_id, organization_id, status, created_at) VALUES ($1, $2, 'accepted', $3)`,
      [A, org, at],
    );
  }
});
afterAll(async () => t?.close());

const get = (url: string, token?: string, org?: number) =>
  t.app.inject({ url, headers: token ? bearer(token, org) : {} });

describe('GET /api/metrics (003 §2.5, §3, §7.6)', () => {
  it("computes the organization's figures from its referrals of the period", async () => {
    const res = await get(`/api/metrics?${PERIOD}`, cboAdmin, harbor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      total_referrals: 10,
      total_feedback: 2,
      scope: 'organization',
      period: { from: '2025-03-01', to: '2025-04-30' },
      counts: { ended: 7, succeeded: 3, failed: 4, answered: 7, accepted: 5, rejected: 1, open: 3 },
      // (1 + 3 + 2 + 0.5 + 1) / 5 days
      avg_response_time_days: 1.5,
    });
    expect(body.success_rate).toBeCloseTo(3 / 7, 10);
    expect(body.failure_rate).toBeCloseTo(4 / 7, 10);
    expect(body.acceptance_rate).toBeCloseTo(5 / 7, 10);
    expect(body.rejection_rate).toBeCloseTo(1 / 7, 10);
    // Each provider has 3 ended referrals: A served 2 of them, B 1.
    expect(body.top_cbos).toEqual([
      { cbo_id: p1.id, name: p1.name, success_rate: 2 / 3 },
      { cbo_id: p2.id, name: p2.name, success_rate: 1 / 3 },
    ]);
  });

  it('leaves out a provider with fewer than 3 ended referrals', async () => {
    const body = (await get('/api/metrics?from=2025-03-01&to=2025-03-31', cboAdmin, harbor)).json();
    // April's in-progress referral was B's; its ended ones are all in March, so both still qualify…
    expect(body.top_cbos).toHaveLength(2);
    // …but on 2025-02-28 only A's single served referral exists.
    const one = (await get('/api/metrics?from=2025-02-28&to=2025-02-28', cboAdmin, harbor)).json();
    expect(one.total_referrals).toBe(1);
    expect(one.top_cbos).toEqual([]);
    // A day before two whole months, and part of a month: the day rows and the month rows add up.
    const mixed = (await get('/api/metrics?from=2025-02-28&to=2025-04-30', cboAdmin, harbor)).json();
    expect(mixed.total_referrals).toBe(11);
    const partial = (await get('/api/metrics?from=2025-03-10&to=2025-04-09', cboAdmin, harbor)).json();
    expect(partial.total_referrals).toBe(9);
  });

  it('answers zeros, never NaN, for a period without referrals', async () => {
    const body = (await get('/api/metrics?from=1990-01-01&to=1990-12-31&scope=network', operator)).json();
    expect(body).toMatchObject({
      total_referrals: 0,
      total_feedback: 0,
      success_rate: 0,
      acceptance_rate: 0,
      rejection_rate: 0,
      failure_rate: 0,
      avg_response_time_days: 0,
      top_cbos: [],
      scope: 'network',
    });
  });

  it("counts another organization's referrals only for that organization, and all of them for the network", async () => {
    const [expected] = await t.database.query<{ plan: number; all: number }>(
      `SELECT count(*) FILTER (WHERE organization_id = $1)::int AS plan, count(*)::int AS all FROM referrals
        WHERE created_at >= '2025-03-01' AND created_at < '2025-05-01'`,
      [plan],
    );
    const mine = (await get(`/api/metrics?${PERIOD}`, planAdmin, plan)).json();
    expect(mine.total_referrals).toBe(expected!.plan);
    // The operator's default is the network.
    const network = (await get(`/api/metrics?${PERIOD}`, operator)).json();
    expect(network.scope).toBe('network');
    expect(network.total_referrals).toBe(expected!.all);
    expect(network.total_feedback).toBe(3);
    const asOrg = (await get(`/api/metrics?${PERIOD}&scope=organization`, operator, harbor)).json();
    expect(asOrg.total_referrals).toBe(10);
  });

  it('refuses bad periods with 400 and the field', async () => {
    for (const query of [
      'from=2025-05-01&to=2025-04-01',
      'from=2020-01-01&to=2024-01-01',
      'from=2025-13-01',
      'scope=world',
    ]) {
      const res = await get(`/api/metrics?${query}`, cboAdmin, harbor);
      expectEnvelope(res, 400);
      expect(Object.keys(res.json().fields ?? {}).length).toBeGreaterThan(0);
    }
  });

  it('needs a session, an admin role, and operators for the network', async () => {
    expectEnvelope(await get('/api/metrics'), 401);
    for (const email of ['viewer@trust.demo', 'manager@trust.demo', 'staff@trust.demo']) {
      const res = await get('/api/metrics', await login(t.app, email));
      expectEnvelope(res, 403);
      expect(res.json().reason).toBe('analytics.admins_only');
    }
    const network = await get('/api/metrics?scope=network', cboAdmin, harbor);
    expectEnvelope(network, 403);
    expect(network.json().reason).toBe('analytics.network_operators_only');
  });
});

describe('GET /api/service-gaps and /csv (issue #20)', () => {
  it('classifies the unmet referrals by kind, need, county, reason and month', async () => {
    const res = await get(`/api/service-gaps?${PERIOD}`, cboAdmin, harbor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const kinds = (unmet: number, more: Record<string, number> = {}) => ({
      unmet,
      declined: 0,
      expired: 0,
      cancelled: 0,
      not_served: 0,
      unmatched: 0,
      ...more,
    });
    expect(body.totals).toEqual({
      total: 10,
      ...kinds(5, { declined: 1, expired: 1, cancelled: 1, not_served: 1, unmatched: 1 }),
    });
    expect(body.by_need).toEqual([
      { need: 'Food', total: 6, ...kinds(2, { expired: 1, unmatched: 1 }) },
      { need: 'Housing', total: 4, ...kinds(2, { declined: 1, not_served: 1 }) },
      { need: 'Transportation', total: 1, ...kinds(1, { cancelled: 1 }) },
    ]);
    expect(
      body.by_county.map((c: Record<string, unknown>) => [
        c.county_fips,
        c.county,
        c.state,
        c.total,
        c.unmet,
      ]),
    ).toEqual([
      ['06037', 'Los Angeles County', 'CA', 4, 2],
      ['48201', 'Harris County', 'TX', 3, 2],
      [null, 'Unknown county', null, 3, 1],
    ]);
    expect(body.by_county[0].latitude).toBeCloseTo(34, 0);
    expect(body.reasons).toEqual([
      { kind: 'cancelled', reason: 'Member moved', count: 1 },
      { kind: 'declined', reason: 'At full capacity', count: 1 },
      { kind: 'declined', reason: 'Service not offered', count: 1 },
      { kind: 'not_served', reason: 'Member declined', count: 1 },
    ]);
    expect(body.trend).toEqual([
      { month: '2025-03', total: 9, unmet: 5 },
      { month: '2025-04', total: 1, unmet: 0 },
    ]);
  });

  it('defaults to the last twelve months, one trend row each', async () => {
    const body = (await get('/api/service-gaps', cboAdmin, harbor)).json();
    expect(body.trend).toHaveLength(12);
    expect(body.period.to).toBe(new Date().toISOString().slice(0, 10));
    expect(body.totals.total).toBe(0);
  });

  it('sends the same figures as CSV', async () => {
    const json = (await get(`/api/service-gaps?${PERIOD}`, cboAdmin, harbor)).json();
    const res = await get(`/api/service-gaps/csv?${PERIOD}`, cboAdmin, harbor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="service-gaps-organization-2025-03-01-to-2025-04-30\.csv"$/,
    );
    const [counties, needs] = res.body
      .trim()
      .split('\r\n\r\n')
      .map((block) => block.split('\r\n'));
    expect(counties![0]).toBe(
      'county_fips,county,state,total,unmet,declined,expired,cancelled,not_served,unmatched',
    );
    expect(counties!.slice(1)).toEqual(
      json.by_county.map((c: Record<string, string | number | null>) =>
        [
          c.county_fips ?? '',
          c.county,
          c.state ?? '',
          c.total,
          c.unmet,
          c.declined,
          c.expired,
          c.cancelled,
          c.not_served,
          c.unmatched,
        ].join(','),
      ),
    );
    expect(needs![0]).toBe('need,total,unmet,declined,expired,cancelled,not_served,unmatched');
    expect(needs!.slice(1)).toEqual(
      json.by_need.map((n: Record<string, string | number>) =>
        [n.need, n.total, n.unmet, n.declined, n.expired, n.cancelled, n.not_served, n.unmatched].join(','),
      ),
    );
  });

  it('holds the same roles as the metrics', async () => {
    expectEnvelope(await get('/api/service-gaps'), 401);
    expectEnvelope(await get('/api/service-gaps/csv'), 401);
    expectEnvelope(await get('/api/service-gaps', await login(t.app, 'viewer@trust.demo')), 403);
    expectEnvelope(await get('/api/service-gaps/csv?scope=network', planAdmin, plan), 403);
    expectEnvelope(await get('/api/service-gaps?from=2025-05-01&to=2025-04-01', cboAdmin, harbor), 400);
  });
});

describe('a new referral (issue #20 going forward)', () => {
  it('stores its county, and records that no provider was near enough', async () => {
    const coordinator = await login(t.app, 'coordinator@trust.demo');
    // Billings, MT: no demo provider within 50 miles, so the engine finds nobody and it stays Pending.
    const created = await createReferral(t, {
      token: coordinator,
      orgId: plan,
      zip_code: '59101',
      use_matching_engine: true,
    });
    const row = await one<{ status: string; county_fips: string; no_provider_at: Date | null }>(
      t,
      'SELECT status, county_fips, no_provider_at FROM referrals WHERE id = $1',
      [created.id],
    );
    expect(row).toMatchObject({ status: 'pending', county_fips: '30111' });
    expect(row.no_provider_at).not.toBeNull();
  });
});

describe('the summaries (referral_stats, referral_facet_stats)', () => {
  it('stay equal to a direct aggregate after inserts, updates and deletes', async () => {
    const a = await seedReferral(t, harbor, {
      status: 'matched',
      acceptance: 'pending',
      provider: p1.id,
      needs: ['Food', 'Food', 'Legal'],
      county: '06037',
    });
    const b = await seedReferral(t, plan, { status: 'pending', needs: ['Housing'] });
    await seedDecline(t, a, p2.id, 'FULL');
    await t.database.query(
      `UPDATE referrals SET status = 'completed', outcome = 'service_provided', acceptance_status = 'accepted',
              accepted_at = matched_at + interval '36 hours' WHERE id = $1`,
      [a],
    );
    await t.database.query(
      `UPDATE referrals SET county_fips = '48201', sdoh_needs = '{Legal}' WHERE id = $1`,
      [b],
    );
    await t.database.query(
      `UPDATE referral_provider_matches SET decline_reason = 'Too far' WHERE referral_id = $1`,
      [a],
    );
    await t.database.query(`UPDATE referrals SET first_name = 'Edited' WHERE id = $1`, [b]);
    await t.database.query('DELETE FROM referrals WHERE id = ANY($1)', [[a, b]]);
    await t.database.query(
      `UPDATE referrals SET status = 'cancelled', cancellation_reason = 'Duplicate'
        WHERE organization_id = $1 AND status = 'pending'`,
      [plan],
    );
    const { kept, rebuilt } = await summaryAgainstRebuild(t);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(rebuilt);
    const [direct] = await t.database.query<{ n: number; s: number }>(
      `SELECT count(*)::int AS n, (SELECT sum(referrals)::int FROM referral_stats WHERE span = 'day') AS s
         FROM referrals`,
    );
    expect(direct!.s).toBe(direct!.n);
  });
});

describe('GET /api/impact (003 §2.3), open', () => {
  it('answers network-wide counts without a session', async () => {
    const res = await get('/api/impact');
    expect(res.statusCode).toBe(200);
    const [expected] = await t.database.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM referrals WHERE status = 'completed' AND outcome IS NOT NULL) AS assists,
              (SELECT count(*)::int FROM users WHERE is_active) AS navigators,
              (SELECT count(DISTINCT county_fips)::int FROM referrals) AS service_areas,
              (SELECT count(*)::int FROM members) AS targeted_members`,
    );
    expect(res.json()).toMatchObject(expected!);
    expect(Object.keys(res.json()).sort()).toEqual(
      ['assists', 'computed_at', 'navigators', 'service_areas', 'success_rate', 'targeted_members'].sort(),
    );
  });

  it('is kept five minutes', async () => {
    const ctx = { deps: t.app.deps, db: t.database.db } as Parameters<typeof platformImpact>[0];
    // Later than the figures the route cached above, so this call computes them afresh.
    const at = Date.now() + 2 * IMPACT_CACHE_MS;
    const first = await platformImpact(ctx, at);
    await t.database.query(
      "INSERT INTO users (email, name, password_hash, role) VALUES ('impact@example.org', 'I', 'x', 'cbo_staff')",
    );
    expect(await platformImpact(ctx, at + IMPACT_CACHE_MS - 1)).toBe(first);
    const later = await platformImpact(ctx, at + IMPACT_CACHE_MS);
    expect(later.navigators).toBe(first.navigators + 1);
  });
});
