import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** A raw statement's rows: both drivers (node-postgres and PGlite) answer execute() with { rows }. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
