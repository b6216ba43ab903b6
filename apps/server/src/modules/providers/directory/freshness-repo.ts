import {
  DAY_MS,
  DEACTIVATED_COMPLETENESS_DIVISOR,
  DATA_QUALITY_COMPLETENESS_POINTS as POINTS,
  DATA_QUALITY_RECENCY_POINTS as RECENCY,
} from '@trust/domain';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows-of.ts';
import { providers } from '../../../db/schema/index.ts';
import type { ProviderRow } from './wire.ts';

// The data quality score in SQL (issue #18 item 7): packages/domain provider-freshness.ts dataQualityScore, term
// by term and in the same order of operations, so a recompute of every listing is one UPDATE (freshness.test.ts
// holds the two equal). The weights are the domain's constants, written into the statement as literals.

const n = (value: number) => sql.raw(String(value));
const { searchText: _searchText, ...providerColumns } = getTableColumns(providers);

/**
 * Where the score's terms read a listing's fields: a column of the row `providers` by default; the registry
 * merge passes the values a new row is about to be inserted with (registry-staging.ts).
 */
export type ScoreFields = (column: string) => SQL;
const providerRow: ScoreFields = (column) => sql.raw(`providers.${column}`);

/** A text value that is not null and not only blanks (the domain's `/\S/`). */
const filled = (value: SQL) => sql`(${value} ~ '[^[:space:]]')`;

/** The completeness points of a listing (an integer, 0-60). */
function completeness(f: ScoreFields): SQL {
  return sql`(
    CASE WHEN ${filled(f('phone'))} THEN ${n(POINTS.phone)} ELSE 0 END
  + CASE WHEN cardinality(${f('services')}) > 0 THEN ${n(POINTS.services)} ELSE 0 END
  + CASE WHEN ${filled(f('address'))} THEN ${n(POINTS.street_address)} ELSE 0 END
  + CASE WHEN ${filled(f('zip_code'))} THEN ${n(POINTS.zip_code)} ELSE 0 END
  + CASE WHEN ${f('latitude')} IS NOT NULL AND ${f('longitude')} IS NOT NULL THEN ${n(POINTS.coordinates)} ELSE 0 END
  + CASE WHEN ${filled(f('email'))} THEN ${n(POINTS.email)} ELSE 0 END
  + CASE WHEN ${filled(f('website'))} THEN ${n(POINTS.website)} ELSE 0 END
  + CASE WHEN cardinality(${f('languages')}) > 0 THEN ${n(POINTS.languages)} ELSE 0 END
  + CASE WHEN EXISTS (SELECT 1 FROM jsonb_each(${f('hours_of_operation')}) h
                       WHERE jsonb_typeof(h.value) = 'string' AND (h.value #>> '{}') ~ '[^[:space:]]')
         THEN ${n(POINTS.hours)} ELSE 0 END
)`;
}

/**
 * The score of a listing (the row `providers` unless `fields` says otherwise) at `now` for a stale time of
 * `staleAfterDays`: completeness plus recency (full for half the stale time, then a straight line down to 0 at the
 * stale time), rounded half up; a deactivated NPI a sixth of its completeness.
 */
export function dataQualityScoreSql(
  now: Date | SQL,
  staleAfterDays: number,
  fields: ScoreFields = providerRow,
): SQL {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now;
  const stale = n(staleAfterDays);
  // Whole days since the last confirmation, never negative, from whole epoch milliseconds as the domain counts
  // them (a JavaScript Date holds milliseconds; the column holds microseconds).
  const ms = (t: SQL) => sql`floor(extract(epoch FROM ${t}) * 1000)`;
  const age = sql`greatest(0, floor((${ms(at)} - ${ms(fields('last_verified_at'))}) / ${n(DAY_MS)}))::float8`;
  const recency = sql`CASE WHEN ${age} <= ${stale}::float8 / 2 THEN ${n(RECENCY)}::float8
                           WHEN ${age} >= ${stale}::float8 THEN 0::float8
                           ELSE (2 * ${n(RECENCY)} * (${stale}::float8 - ${age})) / ${stale}::float8 END`;
  const points = completeness(fields);
  return sql`(CASE WHEN ${fields('registry_status')} = 'deactivated'
                   THEN floor(${points}::float8 / ${n(DEACTIVATED_COMPLETENESS_DIVISOR)} + 0.5)
                   ELSE floor(${points}::float8 + ${recency} + 0.5) END)::int`;
}

/** Which listings a recompute covers. */
export type RecomputeScope =
  | { all: true }
  /** Ids from `from` (inclusive) to `to` (exclusive): a slice of the daily recompute, read on the primary key. */
  | { from: number; to: number }
  | { ids: readonly number[] }
  | { npis: readonly string[] }
  /** The NPIs of a registry file's merge source (a temporary table of this transaction). */
  | { npisInTable: string };

function scopeCondition(scope: RecomputeScope): SQL {
  if ('all' in scope) return sql`true`;
  if ('from' in scope) return sql`providers.id >= ${scope.from} AND providers.id < ${scope.to}`;
  if ('ids' in scope) return sql`providers.id = ANY(${sql.param([...scope.ids])}::int[])`;
  if ('npis' in scope) return sql`providers.npi = ANY(${sql.param([...scope.npis])}::text[])`;
  if (!/^[a-z_][a-z0-9_]*$/.test(scope.npisInTable)) throw new Error('not a table name');
  return sql`providers.npi IN (SELECT npi FROM ${sql.raw(scope.npisInTable)})`;
}

/**
 * Recomputes the stored scores of the listings in scope, set-wise: one UPDATE that writes only the rows whose
 * score changed (the rest are read, not rewritten). Returns how many changed.
 */
export async function recomputeScores(
  db: DbOrTx,
  input: { scope: RecomputeScope; now: Date | SQL; staleAfterDays: number },
): Promise<number> {
  const score = dataQualityScoreSql(input.now, input.staleAfterDays);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`WITH changed AS (
          UPDATE providers SET data_quality_score = ${score}
           WHERE ${scopeCondition(input.scope)} AND providers.data_quality_score IS DISTINCT FROM ${score}
          RETURNING 1)
        SELECT count(*)::int AS n FROM changed`,
  );
  return row?.n ?? 0;
}

/** The smallest and largest provider ids (null for an empty directory): the daily recompute's slices. */
export async function idBounds(db: DbOrTx): Promise<{ min: number; max: number } | null> {
  const [row] = await rowsOf<{ min: number | null; max: number | null }>(
    db,
    sql`SELECT min(id) AS min, max(id) AS max FROM providers`,
  );
  return row?.min == null || row.max == null ? null : { min: Number(row.min), max: Number(row.max) };
}

/** The score the SQL gives each listing (tests compare it with the domain rule). */
export async function scoresOf(
  db: DbOrTx,
  ids: readonly number[],
  now: Date,
  staleAfterDays: number,
): Promise<Map<number, number>> {
  const rows = await rowsOf<{ id: number; score: number }>(
    db,
    sql`SELECT providers.id, ${dataQualityScoreSql(now, staleAfterDays)} AS score FROM providers
         WHERE providers.id = ANY(${sql.param([...ids])}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.score)]));
}

/** Its own organization confirmed the listing: verified now, with the score of a listing verified now. */
export async function confirmListing(
  db: DbOrTx,
  id: number,
  input: { now: Date; staleAfterDays: number },
): Promise<ProviderRow | undefined> {
  await db.update(providers).set({ lastVerifiedAt: input.now }).where(eq(providers.id, id));
  await recomputeScores(db, { scope: { ids: [id] }, now: input.now, staleAfterDays: input.staleAfterDays });
  const [row] = await db.select(providerColumns).from(providers).where(eq(providers.id, id));
  return row;
}
