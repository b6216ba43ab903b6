import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { billingActivities, enrollments, programs } from '../../../db/schema/index.ts';

export type ProgramRow = typeof programs.$inferSelect;
export type ProgramInsert = typeof programs.$inferInsert;
export type BillingActivityRow = typeof billingActivities.$inferSelect;
export type BillingActivityInsert = typeof billingActivities.$inferInsert;

/** A program with what is counted for it: never stored, always read from its enrollments and activities. */
export type ProgramWithCounts = ProgramRow & {
  /** Enrollments whose status is active (002 §3 current_enrollment). */
  activeEnrollments: number;
  /** Every enrollment, whatever its status. */
  enrollmentCount: number;
  billingActivityCount: number;
};

/** The status that fills a program's places (002 §4: pending, active, on_hold, completed, withdrawn, terminated). */
const ACTIVE = 'active';

// Correlated counts per program row: each is one probe of an index (enrollments_program_status_idx,
// billing_activities_program_idx), so a page of programs costs a page of probes, not a scan of the enrollments.
// The outer row is named in full ("programs"."id"): Drizzle writes a selected column unqualified, which inside
// the subquery would mean the subquery's own id.
const activeEnrollments = sql<number>`(select count(*)::int from ${enrollments} e where e.program_id = "programs"."id" and e.status = ${ACTIVE})`;
const enrollmentCount = sql<number>`(select count(*)::int from ${enrollments} e where e.program_id = "programs"."id")`;
const billingActivityCount = sql<number>`(select count(*)::int from ${billingActivities} b where b.program_id = "programs"."id")`;

const withCounts = {
  program: programs,
  activeEnrollments,
  enrollmentCount,
  billingActivityCount,
};

function flatten(row: {
  program: ProgramRow;
  activeEnrollments: number;
  enrollmentCount: number;
  billingActivityCount: number;
}): ProgramWithCounts {
  return {
    ...row.program,
    activeEnrollments: Number(row.activeEnrollments),
    enrollmentCount: Number(row.enrollmentCount),
    billingActivityCount: Number(row.billingActivityCount),
  };
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One organization's programs, by name (index programs_org_name_idx), filtered, one page, and how many match. */
export async function listPrograms(
  db: DbOrTx,
  organizationId: number,
  filter: { search?: string; programType?: string; isActive?: boolean; limit: number; offset: number },
): Promise<{ rows: ProgramWithCounts[]; total: number }> {
  const where = and(
    eq(programs.organizationId, organizationId),
    filter.search ? ilike(programs.name, containsPattern(filter.search)) : undefined,
    filter.programType ? eq(programs.programType, filter.programType) : undefined,
    filter.isActive === undefined ? undefined : eq(programs.isActive, filter.isActive),
  );
  const [rows, totals] = await Promise.all([
    db
      .select(withCounts)
      .from(programs)
      .where(where)
      .orderBy(asc(programs.name), asc(programs.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(programs).where(where),
  ]);
  return { rows: rows.map(flatten), total: Number(totals[0]?.n ?? 0) };
}

/** The figures of the screen's statistics, over every program of the organization. */
export async function programStats(db: DbOrTx, organizationId: number) {
  const [programFigures, enrollmentFigures] = await Promise.all([
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${programs.isActive})::int`,
        totalCapacity: sql<number>`coalesce(sum(${programs.capacity}) filter (where ${programs.isActive}), 0)::int`,
      })
      .from(programs)
      .where(eq(programs.organizationId, organizationId)),
    db
      .select({ n: count() })
      .from(enrollments)
      .innerJoin(programs, eq(programs.id, enrollments.programId))
      .where(and(eq(programs.organizationId, organizationId), eq(enrollments.status, ACTIVE))),
  ]);
  const figures = programFigures[0];
  return {
    total: Number(figures?.total ?? 0),
    active: Number(figures?.active ?? 0),
    totalCapacity: Number(figures?.totalCapacity ?? 0),
    activeEnrollments: Number(enrollmentFigures[0]?.n ?? 0),
  };
}

/** A program of the organization with its counts; another organization's program is not found. */
export async function findProgram(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<ProgramWithCounts | undefined> {
  const [row] = await db
    .select(withCounts)
    .from(programs)
    .where(and(eq(programs.id, id), eq(programs.organizationId, organizationId)));
  return row ? flatten(row) : undefined;
}

/**
 * The program row of the organization, locked (SELECT … FOR UPDATE) until the transaction ends: changes of the
 * program and activations of enrollments in it happen one after the other, so two activations cannot both take
 * the last place.
 */
export async function lockProgram(
  tx: DbOrTx,
  organizationId: number,
  id: number,
): Promise<ProgramRow | undefined> {
  const [row] = await tx
    .select()
    .from(programs)
    .where(and(eq(programs.id, id), eq(programs.organizationId, organizationId)))
    .for('update');
  return row;
}

/** Enrollments of a program: the active ones (its places taken) and all of them. */
export async function countEnrollments(
  db: DbOrTx,
  programId: number,
): Promise<{ active: number; total: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${enrollments.status} = ${ACTIVE})::int`,
    })
    .from(enrollments)
    .where(eq(enrollments.programId, programId));
  return { active: Number(row?.active ?? 0), total: Number(row?.total ?? 0) };
}

export async function insertProgram(tx: DbOrTx, values: ProgramInsert): Promise<ProgramRow> {
  const [row] = await tx.insert(programs).values(values).returning();
  return row!;
}

export async function updateProgram(
  tx: DbOrTx,
  id: number,
  values: Partial<ProgramInsert>,
): Promise<ProgramRow> {
  const [row] = await tx
    .update(programs)
    .set({ ...values, lastUpdatedTs: sql`now()` })
    .where(eq(programs.id, id))
    .returning();
  return row!;
}

/** Deletes the program; its billing activities and enrollments go with it (foreign keys ON DELETE CASCADE). */
export async function deleteProgram(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(programs).where(eq(programs.id, id));
}

// --- Billing activities ---

/** A program's billing activities, by name (index billing_activities_program_idx). */
export async function listBillingActivities(db: DbOrTx, programId: number): Promise<BillingActivityRow[]> {
  return db
    .select()
    .from(billingActivities)
    .where(eq(billingActivities.programId, programId))
    .orderBy(asc(billingActivities.activityName), asc(billingActivities.id));
}

/** The billing activities of several programs of one organization, with each program's name. */
export async function listBillingActivitiesOfOrganization(
  db: DbOrTx,
  organizationId: number,
  filter: { programIds?: readonly number[]; activeOnly?: boolean; activityTypes?: readonly string[] },
): Promise<(BillingActivityRow & { programName: string })[]> {
  const conditions: (SQL | undefined)[] = [
    eq(programs.organizationId, organizationId),
    filter.programIds ? inArray(billingActivities.programId, [...filter.programIds]) : undefined,
    filter.activityTypes ? inArray(billingActivities.activityType, [...filter.activityTypes]) : undefined,
    filter.activeOnly ? eq(billingActivities.isActive, true) : undefined,
  ];
  const rows = await db
    .select({ activity: billingActivities, programName: programs.name })
    .from(billingActivities)
    .innerJoin(programs, eq(programs.id, billingActivities.programId))
    .where(and(...conditions))
    .orderBy(
      asc(billingActivities.programId),
      asc(billingActivities.activityName),
      asc(billingActivities.id),
    );
  return rows.map((r) => ({ ...r.activity, programName: r.programName }));
}

/** A billing activity of a program of the organization; another organization's is not found. */
export async function findBillingActivity(
  db: DbOrTx,
  organizationId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<BillingActivityRow | undefined> {
  const query = db
    .select({ activity: billingActivities })
    .from(billingActivities)
    .innerJoin(programs, eq(programs.id, billingActivities.programId))
    .where(and(eq(billingActivities.id, id), eq(programs.organizationId, organizationId)));
  const [row] = options.lock ? await query.for('update', { of: billingActivities }) : await query;
  return row?.activity;
}

export async function insertBillingActivity(
  tx: DbOrTx,
  values: BillingActivityInsert,
): Promise<BillingActivityRow> {
  const [row] = await tx.insert(billingActivities).values(values).returning();
  return row!;
}

export async function updateBillingActivity(
  tx: DbOrTx,
  id: number,
  values: Partial<BillingActivityInsert>,
): Promise<BillingActivityRow> {
  const [row] = await tx
    .update(billingActivities)
    .set(values)
    .where(eq(billingActivities.id, id))
    .returning();
  return row!;
}

export async function deleteBillingActivity(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(billingActivities).where(eq(billingActivities.id, id));
}
