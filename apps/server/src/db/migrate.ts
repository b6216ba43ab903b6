import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = new URL('./migrations', import.meta.url).pathname;
/** Advisory lock id shared by every process that migrates the same database. */
const MIGRATION_LOCK = 7_240_001;

/**
 * Applies the SQL migrations of src/db/migrations (written by drizzle-kit from the schema) that the database
 * has not seen yet, each in its own transaction, in file-name order. Safe when several servers start at once
 * against one PostgreSQL: they take turns under an advisory lock.
 */
export async function migrate(database: Database): Promise<string[]> {
  return database.withLock(MIGRATION_LOCK, async () => {
    await database.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const applied: string[] = [];
    for (const file of files) {
      const name = path.basename(file, '.sql');
      if (done.has(name)) continue;
      const body = fs
        .readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
        .replaceAll('--> statement-breakpoint', '');
      const escaped = name.replaceAll("'", "''");
      // One multi-statement string without BEGIN/COMMIT runs as one implicit transaction on both drivers
      // (simple query protocol): a failing migration leaves nothing half-applied and no connection aborted.
      await database.exec(`${body}\nINSERT INTO schema_migrations (name) VALUES ('${escaped}');`);
      applied.push(name);
    }
    return applied;
  });
}
