import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

// Migration 0007 (issue #14): the referral keeps the urgency the coordinator chose in `urgency`, filled for the
// rows written before it from the server value they kept (000 §3.2 reverse mapping).

const MIGRATIONS_DIR = new URL('./migrations', import.meta.url).pathname;
const URGENCY_MIGRATION = '0007_referral_urgency';

async function apply(database: Database, names: string[]) {
  for (const name of names) {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, `${name}.sql`), 'utf8');
    await database.exec(sql.replaceAll('--> statement-breakpoint', ''));
  }
}

describe('migration 0007: urgency as chosen', () => {
  let database: Database;
  const names = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => path.basename(f, '.sql'))
    .sort();
  const before = names.filter((n) => n < URGENCY_MIGRATION);

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await apply(database, before);
  });
  afterAll(async () => database?.close());

  it('fills urgency from urgency_level (Emergency→Immediate, Urgent→Within 24h, else Routine) and drops it', async () => {
    const [org] = await database.query<{ id: number }>(
      "INSERT INTO organizations (name) VALUES ('Migration Test Org') RETURNING id",
    );
    const stored = ['Emergency', 'Urgent', 'Routine', 'urgent', 'Within 1 Week', 'Standard', ''];
    for (const [i, level] of stored.entries()) {
      await database.query(
        `INSERT INTO referrals (referral_number, organization_id, first_name, last_name, medicaid_id,
           primary_diagnosis, urgency_level) VALUES ($1, $2, 'A', 'B', 'M1', 'D', $3)`,
        [String(1_000_000_000 + i), org!.id, level],
      );
    }
    await apply(database, [URGENCY_MIGRATION]);
    const rows = await database.query<{ urgency: string }>(
      'SELECT urgency FROM referrals ORDER BY referral_number',
    );
    expect(rows.map((r) => r.urgency)).toEqual([
      'Immediate',
      'Within 24h',
      'Routine',
      'Within 24h',
      // A row that already held a client level keeps it.
      'Within 1 Week',
      'Routine',
      'Routine',
    ]);
    const columns = await database.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'referrals' AND column_name LIKE 'urgency%'",
    );
    expect(columns.map((c) => c.column_name)).toEqual(['urgency']);
  });
});
