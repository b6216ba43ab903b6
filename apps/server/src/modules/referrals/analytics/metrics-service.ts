import type { AnalyticsQuery, Metrics } from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import { coverageOf } from './access.ts';
import * as repo from './metrics-repo.ts';

/** Top Performing CBOs: at least this many ended referrals, so one lucky referral does not top the list. */
const TOP_CBO_MIN_ENDED = 3;
const TOP_CBO_COUNT = 5;

/** A share, 0 when nothing was counted (never NaN). */
export function rate(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}

/**
 * GET /api/metrics (003 §2.5, §3 Metrics, §7.6): the referrals created in the period (all time when none) in
 * the caller's organization or the network, from the maintained summaries. Definitions: docs/areas/referrals.md
 * "Metrics and service gaps".
 */
export async function systemMetrics(ctx: OrgContext, query: AnalyticsQuery): Promise<Metrics> {
  const coverage = coverageOf(ctx, query.scope);
  const period = { from: query.from ?? null, to: query.to ?? null };
  const [counts, providers, feedback] = await Promise.all([
    repo.metricCounts(ctx.db, coverage, period),
    repo.topProviders(ctx.db, coverage, period, { minEnded: TOP_CBO_MIN_ENDED, limit: TOP_CBO_COUNT }),
    repo.feedbackCount(ctx.db, coverage, period),
  ]);
  const failed = counts.ended - counts.succeeded;
  const meanSeconds = counts.responses > 0 ? counts.response_seconds / counts.responses : 0;
  return {
    total_referrals: counts.total,
    total_feedback: feedback,
    success_rate: rate(counts.succeeded, counts.ended),
    failure_rate: rate(failed, counts.ended),
    acceptance_rate: rate(counts.accepted, counts.answered),
    rejection_rate: rate(counts.rejected, counts.answered),
    avg_response_time_days: Math.round((meanSeconds / 86_400) * 10) / 10,
    top_cbos: providers.map((p) => ({
      name: p.name,
      cbo_id: p.cbo_id,
      success_rate: rate(p.succeeded, p.ended),
    })),
    scope: coverage.scope,
    period,
    counts: {
      ended: counts.ended,
      succeeded: counts.succeeded,
      failed,
      answered: counts.answered,
      accepted: counts.accepted,
      rejected: counts.rejected,
      open: counts.total - counts.ended,
    },
    computed_at: new Date().toISOString(),
  };
}
