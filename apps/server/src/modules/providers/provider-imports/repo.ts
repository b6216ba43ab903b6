import type { ImportJobStatus, ImportProgress, ImportUsage } from '@trust/domain';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { importJobs } from '../../../db/schema/index.ts';

export type ImportJobRow = typeof importJobs.$inferSelect;

export async function insertJobs(
  db: DbOrTx,
  values: (typeof importJobs.$inferInsert)[],
): Promise<ImportJobRow[]> {
  return db.insert(importJobs).values(values).returning();
}

export async function findJob(db: DbOrTx, id: string): Promise<ImportJobRow | null> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row ?? null;
}

export async function statusOf(db: DbOrTx, id: string): Promise<ImportJobStatus | null> {
  const [row] = await db.select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, id));
  return (row?.status as ImportJobStatus | undefined) ?? null;
}

/**
 * Moves a job from one of `from` to its next status with the given changes, atomically: null when it was no
 * longer in one of them (another process, or a cancel, got there first).
 */
export async function moveJob(
  db: DbOrTx,
  id: string,
  from: readonly ImportJobStatus[],
  patch: Partial<typeof importJobs.$inferInsert>,
): Promise<ImportJobRow | null> {
  const [row] = await db
    .update(importJobs)
    .set(patch)
    .where(and(eq(importJobs.id, id), inArray(importJobs.status, [...from])))
    .returning();
  return row ?? null;
}

/** Records progress of a running job; false when it is no longer running (cancelled meanwhile). */
export async function saveProgress(
  db: DbOrTx,
  id: string,
  values: { progress: ImportProgress; usage: ImportUsage; notes: string[] },
): Promise<ImportJobRow | null> {
  return moveJob(db, id, ['running'], values);
}

export async function listRecent(db: DbOrTx, limit: number): Promise<ImportJobRow[]> {
  return db.select().from(importJobs).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit);
}

export async function countActive(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(importJobs)
    .where(inArray(importJobs.status, ['queued', 'running']));
  return Number(row?.n ?? 0);
}
