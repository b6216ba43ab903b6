import { DIRECTORY_STALE_AFTER_DAYS_DEFAULT } from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows-of.ts';
import { dataQualityScoreSql, recomputeScores } from './freshness-repo.ts';
import type { RegistryProviderValues } from './registry-repo.ts';

// A registry file's import (issue #18 item 1): every record is first staged in an unlogged table of its own
// (COPY FROM STDIN on PostgreSQL, batched INSERTs on PGlite), then merged into the directory in one transaction
// — a file that turns out malformed or truncated half-way leaves nothing half-merged, and a cancelled import
// only drops its staging table.

export type StagedDeactivation = { npi: string; deactivatedOn: string; reason: string };

const COLUMNS = [
  'line',
  'npi',
  'data_source',
  'name',
  'organization_type',
  'address',
  'city',
  'state',
  'zip_code',
  'county',
  'latitude',
  'longitude',
  'phone',
  'website',
  'services',
  'languages',
  'accepts_medicaid',
  'accepts_medicare',
  'registry_hash',
  'deactivated_on',
  'deactivation_reason',
] as const;

/** The staging table's name for a job (a UUID's hex digits: nothing from outside reaches the SQL). */
export function stagingTableOf(jobId: string): string {
  const hex = jobId.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error('a staging table is named after a job id');
  return `registry_staging_${hex}`;
}

export async function createStaging(db: DbOrTx, table: string): Promise<void> {
  await db.execute(
    sql.raw(`CREATE UNLOGGED TABLE IF NOT EXISTS ${table} (
      line integer NOT NULL, npi text NOT NULL, data_source text, name text, organization_type text, address text,
      city text, state text, zip_code text, county text, latitude double precision, longitude double precision,
      phone text, website text, services text[], languages text[], accepts_medicaid boolean,
      accepts_medicare boolean, registry_hash text, deactivated_on date, deactivation_reason text)`),
  );
}

export async function dropStaging(db: DbOrTx, table: string): Promise<void> {
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ${table}`));
}

export type StagedRow =
  | { line: number; values: RegistryProviderValues }
  | { line: number; deactivation: StagedDeactivation };

function cellsOf(row: StagedRow): unknown[] {
  if ('deactivation' in row) {
    const d = row.deactivation;
    return [row.line, d.npi, ...Array(17).fill(null), d.deactivatedOn, d.reason];
  }
  const v = row.values;
  return [
    row.line,
    v.npi,
    v.dataSource,
    v.name,
    v.organizationType,
    v.address,
    v.city,
    v.state,
    v.zipCode,
    v.county,
    v.latitude,
    v.longitude,
    v.phone,
    v.website,
    v.services,
    v.languages,
    v.acceptsMedicaid,
    v.acceptsMedicare,
    v.hash,
    null,
    null,
  ];
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** COPY's text format: \N for null, backslash escapes; arrays as PostgreSQL array literals. */
function copyCell(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = Array.isArray(value)
    ? `{${value.map((v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
    : typeof value === 'boolean'
      ? value
        ? 't'
        : 'f'
      : String(value);
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** One block of rows as COPY text (one string: a few large writes, not one per row). */
export function copyText(rows: readonly StagedRow[]): string {
  let out = '';
  for (const row of rows) out += `${cellsOf(row).map(copyCell).join('\t')}\n`;
  return out;
}

/** Stages blocks of rows: through COPY when the database has it, else in INSERTs of 500 rows. */
export async function stageRows(
  database: Database,
  table: string,
  blocks: AsyncIterable<readonly StagedRow[]>,
): Promise<number> {
  if (database.copyFrom) {
    const copy = database.copyFrom.bind(database);
    return copy(
      `COPY ${table} (${COLUMNS.join(', ')}) FROM STDIN`,
      (async function* () {
        for await (const block of blocks) if (block.length > 0) yield copyText(block);
      })(),
    );
  }
  let staged = 0;
  for await (const block of blocks) {
    for (let i = 0; i < block.length; i += 500) {
      const part = block.slice(i, i + 500);
      const params: unknown[] = [];
      const tuples = part.map((row) => {
        const cells = cellsOf(row);
        const marks = cells.map((cell) => {
          params.push(cell);
          return `$${params.length}`;
        });
        return `(${marks.join(', ')})`;
      });
      await database.query(
        `INSERT INTO ${table} (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`,
        params,
      );
      staged += part.length;
    }
  }
  return staged;
}

export type MergeResult = {
  added: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  /** Listings whose score the merge's recompute wrote (changed or deactivated ones; new ones are scored as inserted). */
  rescored: number;
};

/**
 * Merges the staged records into the directory in the caller's transaction: the last record of each NPI wins;
 * unchanged listings are only confirmed; new and changed ones written; staged deactivations mark the matching
 * providers inactive with the reason (they leave search and matching). Then the data quality score of every
 * listing the file named is recomputed, in one UPDATE (issue #18 item 7): each was verified in this transaction
 * or deactivated, so the stale time does not enter (registry-service.ts JUST_VERIFIED_STALE_DAYS).
 */
/**
 * A new listing's score as it is inserted, from the staged values (no email or hours yet, active, verified now):
 * the score's UPDATE below then finds it equal and leaves the row alone. Rewriting a million just-inserted rows
 * once more (their ten indexes with them) had made the merge 2.5 times longer (bench/RESULTS.md).
 */
const newRowScore = dataQualityScoreSql(sql`now()`, DIRECTORY_STALE_AFTER_DAYS_DEFAULT, (column) => {
  if (column === 'email') return sql`NULL::text`;
  if (column === 'hours_of_operation') return sql`'{}'::jsonb`;
  if (column === 'registry_status') return sql`'active'`;
  if (column === 'last_verified_at') return sql`now()`;
  return sql.raw(`s.${column}`);
});

export async function mergeStaging(tx: DbOrTx, table: string): Promise<MergeResult> {
  const t = sql.raw(table);
  await tx.execute(sql`
    CREATE TEMP TABLE IF NOT EXISTS registry_merge_src (LIKE ${t}) ON COMMIT DROP`);
  await tx.execute(sql`TRUNCATE registry_merge_src`);
  await tx.execute(sql`
    INSERT INTO registry_merge_src
    SELECT DISTINCT ON (npi) * FROM ${t} ORDER BY npi, line DESC`);
  const [confirmed] = await rowsOf<{ n: number }>(
    tx,
    sql`WITH done AS (
          UPDATE providers p
             SET last_verified_at = now(), registry_status = 'active', deactivated_at = NULL, deactivation_reason = NULL
            FROM registry_merge_src s
           WHERE s.deactivated_on IS NULL AND p.npi = s.npi AND p.registry_hash = s.registry_hash
          RETURNING 1)
        SELECT count(*)::int AS n FROM done`,
  );
  const [written] = await rowsOf<{ added: number; updated: number }>(
    tx,
    sql`WITH changed AS (
          INSERT INTO providers (npi, data_source, name, organization_type, address, city, state, zip_code, county,
                                 latitude, longitude, phone, website, services, languages, accepts_medicaid,
                                 accepts_medicare, registry_hash, source, registry_status, last_verified_at,
                                 created_at, updated_at, data_quality_score)
          SELECT s.npi, s.data_source, s.name, s.organization_type, s.address, s.city, s.state, s.zip_code, s.county,
                 s.latitude, s.longitude, s.phone, s.website, s.services, s.languages, s.accepts_medicaid,
                 s.accepts_medicare, s.registry_hash, 'directory', 'active', now(), now(), now(), ${newRowScore}
            FROM registry_merge_src s
           WHERE s.deactivated_on IS NULL
             AND NOT EXISTS (SELECT 1 FROM providers p WHERE p.npi = s.npi AND p.registry_hash = s.registry_hash)
          ON CONFLICT (npi) WHERE npi IS NOT NULL DO UPDATE SET
            data_source = excluded.data_source, name = excluded.name, organization_type = excluded.organization_type,
            address = excluded.address, city = excluded.city, state = excluded.state, zip_code = excluded.zip_code,
            county = excluded.county, latitude = excluded.latitude, longitude = excluded.longitude,
            phone = excluded.phone, website = coalesce(excluded.website, providers.website),
            services = excluded.services, languages = excluded.languages,
            accepts_medicaid = excluded.accepts_medicaid, accepts_medicare = excluded.accepts_medicare,
            registry_hash = excluded.registry_hash, registry_status = 'active', deactivated_at = NULL,
            deactivation_reason = NULL, last_verified_at = now(), updated_at = now()
          RETURNING (xmax = 0) AS inserted)
        SELECT (count(*) FILTER (WHERE inserted))::int AS added, (count(*) FILTER (WHERE NOT inserted))::int AS updated
          FROM changed`,
  );
  const [deactivated] = await rowsOf<{ n: number }>(
    tx,
    sql`WITH done AS (
          UPDATE providers p
             SET registry_status = 'deactivated', deactivated_at = s.deactivated_on,
                 deactivation_reason = s.deactivation_reason, updated_at = now()
            FROM registry_merge_src s
           WHERE s.deactivated_on IS NOT NULL AND p.npi = s.npi AND p.registry_status <> 'deactivated'
          RETURNING 1)
        SELECT count(*)::int AS n FROM done`,
  );
  const rescored = await recomputeScores(tx, {
    scope: { npisInTable: 'registry_merge_src' },
    now: sql`now()`,
    staleAfterDays: DIRECTORY_STALE_AFTER_DAYS_DEFAULT,
  });
  return {
    added: written?.added ?? 0,
    updated: written?.updated ?? 0,
    unchanged: confirmed?.n ?? 0,
    deactivated: deactivated?.n ?? 0,
    rescored,
  };
}
