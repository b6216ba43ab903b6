import {
  PERFORMANCE_ACCEPTED_STATUSES,
  PERFORMANCE_MATCHED_STATUSES,
  PERFORMANCE_PENDING_STATUSES,
} from '@trust/domain';
import { asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers } from '../../../db/schema/index.ts';

// Provider Performance (001 §2.19): every figure is computed here from the active organization's referrals.
// Each query starts from `organization_id = $org AND matched_provider_id IS NOT NULL`, which the partial index
// referrals_org_matched_provider_idx (organization_id, matched_provider_id, matched_at) serves, so nothing of
// another organization is read and the range filter on matched_at is answered from the index. The members' answers
// (member_follow_ups, issue #14 item 4) are joined to those referrals by referral id, so they follow the same
// organization and range; only the page query joins them (the summary cards do not show them).

const { searchText: _searchText, ...providerColumns } = getTableColumns(providers);
export type ProviderRow = Omit<typeof providers.$inferSelect, 'searchText'>;

/** Both drivers (node-postgres and PGlite) answer execute() with { rows }. */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** LIKE pattern for a search term: the term's own % and _ match themselves. */
function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export type MetricsFilter = { orgId: number; since: Date | null; search: string | undefined };

/**
 * 001 §4 Dashboard counting per provider: matched, accepted and pending by status; mean hours from match to
 * acceptance; mean whole days from match to close (updated_at) of Completed referrals; PHI emails sent; and the
 * members' YES and NO answers to the follow-up question (issue #14 item 4) about the referrals this provider
 * completed. A question not answered, or answered too late, has no answer and counts nowhere; an answer counts
 * for the provider the follow-up names only (the referral's matched provider, which completed it).
 */
function perProvider(f: MetricsFilter, { memberAnswers }: { memberAnswers: boolean }): SQL {
  const matched = textArray(PERFORMANCE_MATCHED_STATUSES);
  const accepted = textArray(PERFORMANCE_ACCEPTED_STATUSES);
  const pending = textArray(PERFORMANCE_PENDING_STATUSES);
  const since = f.since ? sql`AND r.matched_at >= ${f.since.toISOString()}::timestamptz` : sql``;
  const answers = memberAnswers
    ? {
        columns: sql`,
           (count(mf.id) FILTER (WHERE mf.answer = 'yes'))::int AS member_yes,
           (count(mf.id) FILTER (WHERE mf.answer IN ('yes', 'no')))::int AS member_answers`,
        // At most one row per referral (member_follow_ups_referral_idx is unique): the counts above stay per
        // referral. The organization condition is true by construction; it lets an index on the follow-ups'
        // organization bound the join to this organization's answers.
        join: sql`
      LEFT JOIN member_follow_ups mf
        ON mf.referral_id = r.id AND mf.organization_id = r.organization_id
       AND mf.provider_id = r.matched_provider_id AND mf.answer IS NOT NULL`,
      }
    : { columns: sql``, join: sql`` };
  return sql`
    SELECT r.matched_provider_id AS provider_id,
           (count(*) FILTER (WHERE r.status = ANY(${matched})))::int AS matched,
           (count(*) FILTER (WHERE r.status = ANY(${accepted})))::int AS accepted,
           (count(*) FILTER (WHERE r.status = ANY(${pending})))::int AS pending,
           avg(extract(epoch FROM r.accepted_at - r.matched_at) / 3600.0)
             FILTER (WHERE r.status = ANY(${accepted}) AND r.accepted_at IS NOT NULL
                       AND r.matched_at IS NOT NULL AND r.accepted_at >= r.matched_at)::float8 AS avg_accept_hours,
           avg(floor(extract(epoch FROM r.updated_at - r.matched_at) / 86400.0))
             FILTER (WHERE r.status = 'completed' AND r.matched_at IS NOT NULL
                       AND r.updated_at >= r.matched_at)::float8 AS avg_close_days,
           (count(*) FILTER (WHERE r.phi_email_sent))::int AS phi_emails${answers.columns}
      FROM referrals r${answers.join}
     WHERE r.organization_id = ${f.orgId} AND r.matched_provider_id IS NOT NULL ${since}
     GROUP BY r.matched_provider_id`;
}

function searchFilter(f: MetricsFilter): SQL {
  return f.search ? sql`AND p.search_text LIKE ${containsPattern(f.search)}` : sql``;
}

export type MetricsRow = {
  provider_id: number;
  matched: number;
  accepted: number;
  pending: number;
  avg_accept_hours: number | null;
  avg_close_days: number | null;
  phi_emails: number;
  /** Members who answered YES about this provider's completed referrals. */
  member_yes: number;
  /** Members who answered YES or NO. */
  member_answers: number;
};

/**
 * Providers with their figures, the busiest first: one page, or (without `page`) every provider the filter covers,
 * in the same order, for the CSV export.
 */
export async function metricsPage(
  db: DbOrTx,
  f: MetricsFilter,
  page?: { limit: number; offset: number },
): Promise<MetricsRow[]> {
  return rowsOf<MetricsRow>(
    db,
    sql`
    SELECT s.*
      FROM (${perProvider(f, { memberAnswers: true })}) s
      JOIN providers p ON p.id = s.provider_id
     WHERE true ${searchFilter(f)}
     ORDER BY s.matched DESC, p.name, p.id
     ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
}

export type SummaryRow = {
  providers: number;
  avg_quality: number | null;
  avg_rating: number | null;
  total_matched: number;
};

/** 001 §2.19 summary cards over every provider the filters cover. 001 §3: no quality score counts as 85. */
export async function metricsSummary(
  db: DbOrTx,
  f: MetricsFilter,
  defaultQuality: number,
): Promise<SummaryRow> {
  const [row] = await rowsOf<SummaryRow>(
    db,
    sql`
    SELECT count(*)::int AS providers,
           avg(coalesce(p.data_quality_score, ${defaultQuality}))::float8 AS avg_quality,
           avg(p.google_rating) FILTER (WHERE p.google_rating IS NOT NULL)::float8 AS avg_rating,
           coalesce(sum(s.matched), 0)::int AS total_matched
      FROM (${perProvider(f, { memberAnswers: false })}) s
      JOIN providers p ON p.id = s.provider_id
     WHERE true ${searchFilter(f)}`,
  );
  return row!;
}

export async function providersByIds(db: DbOrTx, ids: readonly number[]): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(providerColumns)
    .from(providers)
    .where(inArray(providers.id, [...ids]))
    .orderBy(asc(providers.id)); // a stable order for the lookups, not the heap's, which any update reshuffles
}

/** Of the given providers, those that some referral of the organization was matched to (its dashboard scope). */
export async function providerIdsInScope(
  db: DbOrTx,
  orgId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    SELECT DISTINCT r.matched_provider_id AS id
      FROM referrals r
     WHERE r.organization_id = ${orgId} AND r.matched_provider_id IS NOT NULL
       AND r.matched_provider_id IN (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})`,
  );
  return rows.map((r) => r.id);
}

/** The organization's own provider listings (providers.organization_id), by name. */
export async function ownListings(db: DbOrTx, orgId: number): Promise<ProviderRow[]> {
  return db
    .select(providerColumns)
    .from(providers)
    .where(eq(providers.organizationId, orgId))
    .orderBy(asc(providers.name), asc(providers.id));
}
