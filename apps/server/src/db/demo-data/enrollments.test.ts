import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgId, type TestApp } from '../../../test/helpers.ts';
import { insertEnrollmentDemoData } from './enrollments.ts';
import { Random } from './random.ts';

// The demo enrollments: a few hundred, consistent with the rules the API enforces (capacity, one open enrollment
// per member and program, dates in order), and the same every time.

let t: TestApp;
let plan: number;
let memberIds: number[];
let programIds: number[];
let caseManagerIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  memberIds = (
    await t.database.query<{ id: number }>('SELECT id FROM members WHERE organization_id = $1', [plan])
  ).map((r) => r.id);
  const programs = await t.database.query<{ id: number }>(
    `INSERT INTO programs (organization_id, name, program_type, capacity)
     VALUES ($1, 'Demo ECM', 'ecm', 20), ($1, 'Demo Community Supports', 'community_supports', NULL),
            ($1, 'Demo Housing', 'housing', 5)
     RETURNING id`,
    [plan],
  );
  programIds = programs.map((p) => p.id);
  await t.database.query(
    `INSERT INTO billing_activities (program_id, activity_name, billing_unit, rate_cents_per_unit, activity_type)
     VALUES ($1, 'Outreach', '15_minutes', 2500, 'outreach')`,
    [programIds[0]],
  );
  caseManagerIds = (
    await t.database.query<{ user_id: number }>(
      "SELECT user_id FROM memberships WHERE organization_id = $1 AND role <> 'viewer'",
      [plan],
    )
  ).map((r) => r.user_id);
});
afterAll(async () => t?.close());

const seed = (tx: Parameters<typeof insertEnrollmentDemoData>[0]) =>
  insertEnrollmentDemoData(tx, new Random(7), {
    now: new Date('2026-03-01T12:00:00Z'),
    organizations: [{ organizationId: plan, memberIds, programIds, caseManagerIds, count: 150 }],
  });

describe('demo enrollments', () => {
  it('seeds enrollments with activities, notes and goals that keep the rules', async () => {
    const counts = await t.database.db.transaction((tx) => seed(tx));
    expect(counts.enrollments).toBe(150);
    expect(counts.activities).toBeGreaterThan(200);
    expect(counts.notes).toBeGreaterThan(50);
    expect(counts.goals).toBeGreaterThan(50);

    const overCapacity = await t.database.query(
      `SELECT p.id FROM programs p JOIN enrollments e ON e.program_id = p.id AND e.status = 'active'
        WHERE p.capacity IS NOT NULL GROUP BY p.id, p.capacity HAVING count(*) > p.capacity`,
    );
    expect(overCapacity).toEqual([]);
    const duplicates = await t.database.query(
      `SELECT member_id, program_id FROM enrollments WHERE status IN ('pending', 'active', 'on_hold')
        GROUP BY member_id, program_id HAVING count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
    const badDates = await t.database.query(
      `SELECT id FROM enrollments WHERE (end_date < start_date) OR (status IN ('completed', 'withdrawn', 'terminated') AND end_date IS NULL)
          OR (status IN ('active', 'on_hold') AND start_date IS NULL)`,
    );
    expect(badDates).toEqual([]);
    const [billed] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM enrollment_activities WHERE billing_activity_id IS NOT NULL AND status = 'completed'",
    );
    expect(billed!.n).toBeGreaterThan(0);
  });

  it('is deterministic: the same seed makes the same enrollments', async () => {
    const statuses = async () =>
      (
        await t.database.query<{ s: string }>(
          'SELECT status || member_id || program_id || enrollment_date AS s FROM enrollments ORDER BY id DESC LIMIT 150',
        )
      )
        .map((r) => r.s)
        .reverse();
    const first = await statuses();
    await t.database.query('DELETE FROM enrollments');
    await t.database.db.transaction((tx) => seed(tx));
    expect(await statuses()).toEqual(first);
  });
});
