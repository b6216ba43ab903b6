import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Coverage } from './access.ts';
import { instantsOf, type Period } from './period.ts';
import { ENDED_RESULTS, inList, rowsOf, summaryWhere } from './summary-filter.ts';

export type MetricsRow = {
  total: number;
  ended: number;
  succeeded: number;
  answered: number;
  accepted: number;
  rejected: number;
  responses: number;
  response_seconds: number;
};

/** The counts of System Metrics, summed from referral_stats (one row per organization, day and state). */
export async function metricCounts(db: DbOrTx, coverage: Coverage, period: Period): Promise<MetricsRow> {
  const result = await db.execute(sql`
    SELECT coalesce(sum(referrals), 0)::int AS total,
           coalesce(sum(referrals) FILTER (WHERE result IN (${inList(ENDED_RESULTS)})), 0)::int AS ended,
           coalesce(sum(referrals) FILTER (WHERE result = 'succeeded'), 0)::int AS succeeded,
           coalesce(sum(referrals) FILTER (WHERE acceptance_status IN ('accepted', 'rejected', 'expired')), 0)::int
             AS answered,
           coalesce(sum(referrals) FILTER (WHERE acceptance_status = 'accepted'), 0)::int AS accepted,
           coalesce(sum(referrals) FILTER (WHERE acceptance_status = 'rejected'), 0)::int AS rejected,
           coalesce(sum(responses), 0)::int AS responses,
           coalesce(sum(response_seconds), 0)::float8 AS response_seconds
      FROM referral_stats
     WHERE ${summaryWhere(coverage, period)}`);
  return rowsOf<MetricsRow>(result)[0]!;
}

export type ProviderRow = { cbo_id: number; name: string; ended: number; succeeded: number };

/**
 * The matched providers with at least `minEnded` ended referrals, best success rate first, then volume: summed
 * from the provider facet, then named from the directory (a handful of rows).
 */
export async function topProviders(
  db: DbOrTx,
  coverage: Coverage,
  period: Period,
  input: { minEnded: number; limit: number },
): Promise<ProviderRow[]> {
  const result = await db.execute(sql`
    SELECT p.id AS cbo_id, p.name, s.ended, s.succeeded
      FROM (
        SELECT value::int AS provider_id,
               sum(referrals) FILTER (WHERE result IN (${inList(ENDED_RESULTS)}))::int AS ended,
               coalesce(sum(referrals) FILTER (WHERE result = 'succeeded'), 0)::int AS succeeded
          FROM referral_facet_stats
         WHERE facet = 'provider' AND ${summaryWhere(coverage, period)}
         GROUP BY value
        HAVING sum(referrals) FILTER (WHERE result IN (${inList(ENDED_RESULTS)})) >= ${input.minEnded}
      ) AS s
      JOIN providers p ON p.id = s.provider_id
     ORDER BY s.succeeded::float8 / s.ended DESC, s.ended DESC, p.id
     LIMIT ${input.limit}`);
  return rowsOf<ProviderRow>(result);
}

/** Match feedback of the scope given in the period (match_feedback_org_created_idx, or _created_idx). */
export async function feedbackCount(db: DbOrTx, coverage: Coverage, period: Period): Promise<number> {
  const { start, end } = instantsOf(period);
  const parts = [sql`true`];
  if (coverage.organizationId !== null) parts.push(sql`organization_id = ${coverage.organizationId}`);
  if (start) parts.push(sql`created_at >= ${start.toISOString()}::timestamptz`);
  if (end) parts.push(sql`created_at < ${end.toISOString()}::timestamptz`);
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM match_feedback WHERE ${sql.join(parts, sql` AND `)}`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
