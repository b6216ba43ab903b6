import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import type { StatusCountsTable } from './schema/status-counts.ts';

/** Past this many rows of one organization, a read folds them into one per status. */
export const FOLD_AT_ROWS = 64;

/**
 * An organization's kept counts by status (schema/status-counts.ts): the sum of its appended rows, read through
 * the (organization_id, status) index. When the rows have piled up (FOLD_AT_ROWS), they are folded into one per
 * status after the read, in one statement: the rows it deletes are the ones it sums, so a change appended
 * meanwhile is neither lost nor counted twice, and two folds at once leave the second with nothing to fold.
 */
export async function keptStatusCounts(
  db: DbOrTx,
  table: StatusCountsTable,
  organizationId: number,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: table.status, n: sql<number>`sum(${table.n})::int`, rows: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.organizationId, organizationId))
    .groupBy(table.status);
  const counts: Record<string, number> = {};
  for (const r of rows) if (r.n !== 0) counts[r.status] = r.n;
  if (rows.reduce((sum, r) => sum + r.rows, 0) > FOLD_AT_ROWS)
    await foldStatusCounts(db, table, organizationId);
  return counts;
}

/** Folds an organization's rows into one per status (none for a status that sums to zero). */
export async function foldStatusCounts(db: DbOrTx, table: StatusCountsTable, organizationId: number) {
  await db.execute(sql`
    WITH folded AS (
      DELETE FROM ${table} WHERE ${eq(table.organizationId, organizationId)}
      RETURNING ${table.status} AS status, ${table.n} AS n
    )
    INSERT INTO ${table} (organization_id, status, n)
    SELECT ${organizationId}, status, sum(n) FROM folded GROUP BY status HAVING sum(n) <> 0`);
}

/** The total of the counts, or of one status. */
export function totalOf(counts: Record<string, number>, status?: string): number {
  if (status !== undefined) return counts[status] ?? 0;
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}
