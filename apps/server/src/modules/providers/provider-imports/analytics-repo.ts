import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows-of.ts';
import { importJobs } from '../../../db/schema/index.ts';

const ended = and(isNotNull(importJobs.completedAt), isNotNull(importJobs.costUsd));

/** Ended runs' costs in [from, to), by data source. */
export async function costBySource(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      source: importJobs.dataSource,
      total: sql<string>`coalesce(sum(${importJobs.costUsd}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(importJobs)
    .where(and(ended, gte(importJobs.completedAt, from), lt(importJobs.completedAt, to)))
    .groupBy(importJobs.dataSource);
}

/** Ended runs' costs in [from, to), by kind of cost (the recorded breakdown); count = runs that incurred it. */
export async function costByType(db: DbOrTx, from: Date, to: Date) {
  return rowsOf<{ type: string; total: string; count: number }>(
    db,
    sql`
    SELECT kind.key AS type, coalesce(sum(kind.value::numeric), 0) AS total,
           (count(*) FILTER (WHERE kind.value::numeric > 0))::int AS count
      FROM ${importJobs}, jsonb_each_text(${importJobs.costBreakdown}) AS kind
     WHERE ${importJobs.completedAt} >= ${from} AND ${importJobs.completedAt} < ${to}
       AND ${importJobs.costBreakdown} IS NOT NULL
     GROUP BY kind.key`,
  );
}

/** A schedule's ended runs' costs since `from`, by UTC month (YYYY-MM). */
export async function scheduleCostByMonth(db: DbOrTx, scheduleId: number, from: Date) {
  const month = sql<string>`to_char(${importJobs.completedAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  return db
    .select({
      period: month,
      cost: sql<string>`coalesce(sum(${importJobs.costUsd}), 0)`,
      runs: sql<number>`count(*)::int`,
    })
    .from(importJobs)
    .where(and(ended, eq(importJobs.scheduleId, scheduleId), gte(importJobs.completedAt, from)))
    .groupBy(month);
}

/** A schedule's latest ended runs (completed or failed), for the timing recommendation. */
export async function scheduleRuns(db: DbOrTx, scheduleId: number, limit: number) {
  return db
    .select({
      status: importJobs.status,
      startedAt: importJobs.startedAt,
      completedAt: importJobs.completedAt,
      usage: importJobs.usage,
    })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.scheduleId, scheduleId),
        inArray(importJobs.status, ['completed', 'failed']),
        isNotNull(importJobs.startedAt),
      ),
    )
    .orderBy(desc(importJobs.startedAt))
    .limit(limit);
}
