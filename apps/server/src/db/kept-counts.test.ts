import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, one, orgId, type TestApp } from '../../test/helpers.ts';
import { FOLD_AT_ROWS, keptStatusCounts, totalOf } from './kept-counts.ts';
import { enrollmentCounts, formInstanceCounts, workflowInstanceCounts } from './schema/index.ts';

// Issue #22: the lists' totals kept by triggers (schema/status-counts.ts, migration 0022) against counting, through
// every kind of write: single and bulk inserts, status changes, changes of other columns, deletes, folds, and an
// organization's deletion.

let t: TestApp;
let plan: number;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
});

afterAll(async () => {
  await t.close();
});

async function counted(table: string, org: number) {
  const rows = await t.database.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM ${table} WHERE organization_id = $1 GROUP BY status`,
    [org],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const kept = (org: number) => keptStatusCounts(t.database.db, enrollmentCounts, org);
const keptRows = async (org: number) =>
  (
    await one<{ n: number }>(
      t,
      'SELECT count(*)::int AS n FROM enrollment_counts WHERE organization_id = $1',
      [org],
    )
  ).n;

describe('kept counts by status', () => {
  it('start equal to counting for the demo data of all three lists', async () => {
    expect(await kept(plan)).toEqual(await counted('enrollments', plan));
    expect(await keptStatusCounts(t.database.db, formInstanceCounts, plan)).toEqual(
      await counted('form_instances', plan),
    );
    expect(await keptStatusCounts(t.database.db, workflowInstanceCounts, plan)).toEqual(
      await counted('workflow_instances', plan),
    );
  });

  it('follow inserts, status changes, other changes and deletes, single and in bulk', async () => {
    const { member, program } = await one<{ member: number; program: number }>(
      t,
      `SELECT (SELECT id FROM members WHERE organization_id = $1 ORDER BY id LIMIT 1) AS member,
              (SELECT id FROM programs WHERE organization_id = $1 ORDER BY id LIMIT 1) AS program`,
      [plan],
    );
    await t.database.query(
      `INSERT INTO enrollments (organization_id, member_id, program_id, status, enrollment_date, notes)
       SELECT $1, $2, $3, (ARRAY['pending','active','on_hold'])[1 + g % 3], current_date, 'kept-counts'
         FROM generate_series(1, 30) g`,
      [plan, member, program],
    );
    expect(await kept(plan)).toEqual(await counted('enrollments', plan));

    await t.database.query(
      "UPDATE enrollments SET status = 'completed' WHERE notes = 'kept-counts' AND status = 'pending'",
    );
    expect(await kept(plan)).toEqual(await counted('enrollments', plan));

    // A change of no status appends nothing (a form's autosave is such a change).
    const before = await keptRows(plan);
    await t.database.query("UPDATE enrollments SET priority_level = 'high' WHERE notes = 'kept-counts'");
    expect(await keptRows(plan)).toBe(before);

    await t.database.query("DELETE FROM enrollments WHERE notes = 'kept-counts' AND status = 'on_hold'");
    expect(await kept(plan)).toEqual(await counted('enrollments', plan));
    const all = await counted('enrollments', plan);
    expect(totalOf(await kept(plan))).toBe(Object.values(all).reduce((a, b) => a + b, 0));
    expect(totalOf(await kept(plan), 'completed')).toBe(all.completed ?? 0);
  });

  it('fold the rows of an organization into one per status once they pile up, without changing the sums', async () => {
    const ids = (
      await t.database.query<{ id: number }>(
        "SELECT id FROM enrollments WHERE notes = 'kept-counts' ORDER BY id LIMIT 5",
      )
    ).map((r) => r.id);
    for (let i = 0; i <= FOLD_AT_ROWS; i++) {
      const id = ids[i % ids.length]!;
      await t.database.query(
        "UPDATE enrollments SET status = CASE WHEN status = 'active' THEN 'on_hold' ELSE 'active' END WHERE id = $1",
        [id],
      );
    }
    expect(await keptRows(plan)).toBeGreaterThan(FOLD_AT_ROWS);
    // This read answers from the piled-up rows and folds them.
    expect(await kept(plan)).toEqual(await counted('enrollments', plan));
    const statuses = Object.keys(await counted('enrollments', plan)).length;
    expect(await keptRows(plan)).toBe(statuses);
    expect(await kept(plan)).toEqual(await counted('enrollments', plan));
  });

  it("lets an organization be deleted, its rows' removal appended and summing to nothing", async () => {
    const org = (
      await one<{ id: number }>(t, "INSERT INTO organizations (name) VALUES ('Kept Counts Org') RETURNING id")
    ).id;
    const member = (
      await one<{ id: number }>(
        t,
        "INSERT INTO members (organization_id, first_name, last_name) VALUES ($1, 'Ann', 'Kept') RETURNING id",
        [org],
      )
    ).id;
    const program = (
      await one<{ id: number }>(
        t,
        "INSERT INTO programs (organization_id, name, program_type) VALUES ($1, 'P', 'care') RETURNING id",
        [org],
      )
    ).id;
    await t.database.query(
      `INSERT INTO enrollments (organization_id, member_id, program_id, status, enrollment_date)
       VALUES ($1, $2, $3, 'active', current_date), ($1, $2, $3, 'pending', current_date)`,
      [org, member, program],
    );
    expect(await kept(org)).toEqual({ active: 1, pending: 1 });
    await t.database.query('DELETE FROM organizations WHERE id = $1', [org]);
    expect(await kept(org)).toEqual({});
  });
});
