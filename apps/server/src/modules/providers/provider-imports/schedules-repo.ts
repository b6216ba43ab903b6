import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { importJobs, importScheduleDependencies, importSchedules } from '../../../db/schema/index.ts';

export type ScheduleRow = typeof importSchedules.$inferSelect;
export type DependencyRow = typeof importScheduleDependencies.$inferSelect;

export async function listSchedules(db: DbOrTx): Promise<ScheduleRow[]> {
  return db.select().from(importSchedules).orderBy(asc(importSchedules.id));
}

export async function findSchedule(db: DbOrTx, id: number): Promise<ScheduleRow | null> {
  const [row] = await db.select().from(importSchedules).where(eq(importSchedules.id, id));
  return row ?? null;
}

export async function lockSchedule(db: DbOrTx, id: number): Promise<ScheduleRow | null> {
  const [row] = await db.select().from(importSchedules).where(eq(importSchedules.id, id)).for('update');
  return row ?? null;
}

export async function insertSchedule(
  db: DbOrTx,
  values: typeof importSchedules.$inferInsert,
): Promise<ScheduleRow> {
  const [row] = await db.insert(importSchedules).values(values).returning();
  if (!row) throw new Error('schedule insert returned no row');
  return row;
}

export async function updateSchedule(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof importSchedules.$inferInsert>,
): Promise<ScheduleRow | null> {
  const [row] = await db
    .update(importSchedules)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(importSchedules.id, id))
    .returning();
  return row ?? null;
}

export async function deleteSchedule(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(importSchedules)
    .where(eq(importSchedules.id, id))
    .returning({ id: importSchedules.id });
  return rows.length > 0;
}

/**
 * Enabled schedules whose next run is due, locked so that of several server processes ticking at once each
 * schedule goes to exactly one (the others skip it).
 */
export async function lockDueSchedules(db: DbOrTx, now: Date, limit: number): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(importSchedules)
    .where(and(eq(importSchedules.enabled, true), lte(importSchedules.nextRunAt, now)))
    .orderBy(asc(importSchedules.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A run of the schedule ended: counted once, when its job reached its end state. */
export async function countRun(db: DbOrTx, id: number, succeeded: boolean): Promise<void> {
  await db
    .update(importSchedules)
    .set({
      totalRuns: sql`${importSchedules.totalRuns} + 1`,
      successfulRuns: succeeded ? sql`${importSchedules.successfulRuns} + 1` : importSchedules.successfulRuns,
    })
    .where(eq(importSchedules.id, id));
}

/** Whether the schedule has a queued or running job. */
export async function hasActiveJob(db: DbOrTx, scheduleId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(eq(importJobs.scheduleId, scheduleId), inArray(importJobs.status, ['queued', 'running'])))
    .limit(1);
  return row !== undefined;
}

/** The latest job of each schedule (its status shows on the list). */
export async function latestJobs(
  db: DbOrTx,
  scheduleIds: readonly number[],
): Promise<Map<number, { id: string; status: string }>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([importJobs.scheduleId], {
      scheduleId: importJobs.scheduleId,
      id: importJobs.id,
      status: importJobs.status,
    })
    .from(importJobs)
    .where(inArray(importJobs.scheduleId, [...scheduleIds]))
    .orderBy(importJobs.scheduleId, desc(importJobs.createdAt));
  return new Map(rows.map((r) => [r.scheduleId as number, { id: r.id, status: r.status }]));
}

export async function listDependencies(db: DbOrTx, scheduleId?: number): Promise<DependencyRow[]> {
  const query = db.select().from(importScheduleDependencies);
  const rows = scheduleId
    ? await query.where(
        or(
          eq(importScheduleDependencies.scheduleId, scheduleId),
          eq(importScheduleDependencies.dependsOnScheduleId, scheduleId),
        ),
      )
    : await query;
  return rows.sort((a, b) => a.id - b.id);
}

/** What depends on a schedule (its run's end may start them). */
export async function dependentsOf(db: DbOrTx, scheduleId: number): Promise<DependencyRow[]> {
  return db
    .select()
    .from(importScheduleDependencies)
    .where(eq(importScheduleDependencies.dependsOnScheduleId, scheduleId))
    .orderBy(asc(importScheduleDependencies.scheduleId));
}

/**
 * Serialises changes to the dependency graph: a cycle check and the insert it allows happen with no other
 * change between them (two concurrent additions could otherwise close a cycle neither saw).
 */
export async function lockDependencyGraph(db: DbOrTx): Promise<void> {
  await db.execute(sql`LOCK TABLE import_schedule_dependencies IN SHARE ROW EXCLUSIVE MODE`);
}

export async function insertDependency(
  db: DbOrTx,
  values: typeof importScheduleDependencies.$inferInsert,
): Promise<DependencyRow> {
  const [row] = await db.insert(importScheduleDependencies).values(values).returning();
  if (!row) throw new Error('dependency insert returned no row');
  return row;
}
