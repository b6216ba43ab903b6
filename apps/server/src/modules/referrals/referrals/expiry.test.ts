import type { FeedList, Referral } from '@trust/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, login, type TestApp } from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import { EXPIRE_CRON, EXPIRE_JOB, expireOverdueReferrals } from './expiry.ts';
import { overdueBatchQuery } from './repo.ts';

let t: TestApp;
let plan: number;
let harbor: number;
let harborProvider: number;
let coordinator: string;
let cbo: string;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}

beforeAll(async () => {
  t = await buildTestApp();
  // A referral nobody took stays Expired or Rejected here; the cascade is tested in matching/cascade.test.ts.
  await t.database.query(`UPDATE organizations SET settings = settings || '{"cascade": false}'::jsonb`);
  plan = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
    .id;
  harbor = (
    await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Harbor Community Services'")
  ).id;
  harborProvider = (
    await one<{ id: number }>('SELECT id FROM providers WHERE organization_id = $1 ORDER BY id LIMIT 1', [
      harbor,
    ])
  ).id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
});
afterAll(async () => t?.close());

/** A referral matched to Harbor's provider at `matchedAt`, with the 7-day window from then. */
async function matched(
  matchedAt: Date,
  state: { status?: string; acceptance?: string | null } = {},
): Promise<Referral> {
  const r = await createReferral(t, { token: coordinator, orgId: plan });
  await t.database.query(
    `UPDATE referrals SET status = $2, matched_provider_id = $3, matched_at = $4, match_method = 'claim',
       acceptance_status = $5, expires_at = $4::timestamptz + interval '7 days' WHERE id = $1`,
    [r.id, state.status ?? 'matched', harborProvider, matchedAt.toISOString(), state.acceptance ?? 'pending'],
  );
  return r;
}

const DAY = 86_400_000;
const state = (id: number) =>
  one<{ status: string; acceptance_status: string | null; matched_provider_id: number | null }>(
    'SELECT status, acceptance_status, matched_provider_id FROM referrals WHERE id = $1',
    [id],
  );

describe('expireOverdueReferrals (000 §4.2, §9: 7 days to answer)', () => {
  it('moves every referral whose 7 days ran out to Expired, with its history, audit and feed', async () => {
    const now = new Date(Date.now() + 30 * DAY);
    const overdue = await matched(new Date(now.getTime() - 7 * DAY - 60_000));
    const late = await matched(new Date(now.getTime() - 8 * DAY));
    const exactly = await matched(new Date(now.getTime() - 7 * DAY));
    const inTime = await matched(new Date(now.getTime() - 6 * DAY));
    const answered = await matched(new Date(now.getTime() - 9 * DAY), {
      status: 'accepted',
      acceptance: 'accepted',
    });

    expect(
      await expireOverdueReferrals(systemContext(t.app.deps, EXPIRE_JOB), { now }),
    ).toBeGreaterThanOrEqual(3);

    for (const r of [overdue, late, exactly]) {
      expect(await state(r.id)).toEqual({
        status: 'expired',
        acceptance_status: 'expired',
        matched_provider_id: harborProvider,
      });
    }
    expect(await state(inTime.id)).toMatchObject({ status: 'matched', acceptance_status: 'pending' });
    expect(await state(answered.id)).toMatchObject({ status: 'accepted', acceptance_status: 'accepted' });

    const event = await one<{
      type: string;
      actor_user_id: number | null;
      from_status: string;
      to_status: string;
      details: Record<string, unknown>;
    }>(
      "SELECT type, actor_user_id, from_status, to_status, details FROM referral_events WHERE referral_id = $1 AND type = 'expired'",
      [overdue.id],
    );
    expect(event).toMatchObject({
      type: 'expired',
      actor_user_id: null,
      from_status: 'matched',
      to_status: 'expired',
      details: { provider_id: harborProvider, provider_name: expect.any(String) },
    });
    const audited = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'referral.expired' AND entity_id = $1",
      [String(overdue.id)],
    );
    expect(audited.n).toBe(1);

    // Off the provider's feed: it no longer waits for that provider's answer, and it is not open to claims until
    // its referrer matches it again or sends it back to Pending (issue #14).
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/live-feed?page_size=100',
      headers: bearer(cbo, harbor),
    });
    expect((feed.json() as FeedList).referrals.find((c) => c.id === overdue.id)).toBeUndefined();

    // Running again changes nothing more.
    expect(await expireOverdueReferrals(systemContext(t.app.deps, EXPIRE_JOB), { now })).toBe(0);
    const events = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM referral_events WHERE referral_id = $1 AND type = 'expired'",
      [overdue.id],
    );
    expect(events.n).toBe(1);
  });

  it('works through more than one batch', async () => {
    const now = new Date(Date.now() + 60 * DAY);
    const due = [];
    for (let i = 0; i < 3; i++) due.push(await matched(new Date(now.getTime() - 8 * DAY)));
    expect(
      await expireOverdueReferrals(systemContext(t.app.deps, EXPIRE_JOB), { now, batchSize: 1 }),
    ).toBeGreaterThanOrEqual(3);
    for (const r of due) expect((await state(r.id)).acceptance_status).toBe('expired');
  });

  it('reads the overdue referrals through referrals_awaiting_response_idx', async () => {
    const query = overdueBatchQuery(t.database.db, new Date(), 100).toSQL();
    const text = query.sql.replace(/\$(\d+)/g, (_, n) => {
      const v = query.params[Number(n) - 1];
      return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    });
    const plan = await t.database.db.transaction(async (tx) => {
      // The test table is small enough for a sequential scan to be cheapest; priced out, the planner shows
      // the index it would use on a large table.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(sql.raw(`EXPLAIN ${text}`));
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('referrals_awaiting_response_idx');
    expect(plan).toContain('LockRows');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'skips a referral another server holds, so several servers can run it at once (PostgreSQL)',
    async () => {
      const now = new Date(Date.now() + 90 * DAY);
      const held = await matched(new Date(now.getTime() - 8 * DAY));
      const free = await matched(new Date(now.getTime() - 8 * DAY));
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const holder = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM referrals WHERE id = ${held.id} FOR UPDATE`);
        locked();
        await released;
      });
      await isLocked;
      try {
        await expireOverdueReferrals(systemContext(t.app.deps, EXPIRE_JOB), { now });
        expect((await state(free.id)).acceptance_status).toBe('expired');
        expect((await state(held.id)).acceptance_status).toBe('pending');
      } finally {
        release();
        await holder;
      }
      // The next run takes it.
      await expireOverdueReferrals(systemContext(t.app.deps, EXPIRE_JOB), { now });
      expect((await state(held.id)).acceptance_status).toBe('expired');
    },
  );
});

describe('the referrals.expire job', () => {
  let jobsApp: TestApp;
  beforeAll(async () => {
    jobsApp = await buildTestApp({ jobs: true });
  });
  afterAll(async () => jobsApp?.close());

  it('is scheduled every 5 minutes', async () => {
    expect(EXPIRE_JOB).toBe('referrals.expire');
    const rows = await jobsApp.database.query<{ name: string; cron: string }>(
      'SELECT name, cron FROM pgboss.schedule',
    );
    expect(rows).toContainEqual(expect.objectContaining({ name: EXPIRE_JOB, cron: EXPIRE_CRON }));
    expect(EXPIRE_CRON).toBe('*/5 * * * *');
  });
});
