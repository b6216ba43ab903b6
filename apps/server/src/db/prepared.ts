import type { DbOrTx } from './client.ts';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A Drizzle statement prepared once per database handle under `name` (issue #22): built and planned once, then
 * only executed with its placeholders' values. For the queries behind the busy screens, where building the
 * query in Drizzle and planning it in PostgreSQL cost more than running it. `name` is also the PostgreSQL
 * statement's name on each pooled connection: unique per query (and per shape of a query built from filters).
 */
export function preparedOnce<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    byName.set(name, statement);
  }
  return statement;
}
