import {
  IMPORT_RECOMMENDATION_MIN_RUNS,
  IMPORT_SCHEDULE_MESSAGES,
  type ImportMonthlyCost,
  type ImportRecommendation,
  type ImportTrend,
  recommendTiming,
} from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as analyticsRepo from './analytics-repo.ts';
import { requireOperator } from './job-start.ts';
import * as schedulesRepo from './schedules-repo.ts';

// Import analytics (issue #18 items 4 and 5; 002 §2 Analytics, §7): every figure is computed from the runs'
// recorded usage and cost (import_jobs.usage, cost_usd, cost_breakdown), never estimated.

/** Runs a recommendation reads (the latest). */
const RECOMMENDATION_RUNS = 60;

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** GET /api/import/costs/monthly?billing_period=YYYY-MM (default: this month). */
export async function monthlyCosts(
  ctx: ServiceContext,
  input: { billing_period?: string | undefined },
): Promise<ImportMonthlyCost> {
  requireOperator(ctx);
  const period = input.billing_period ?? periodOf(new Date());
  const [year, month] = period.split('-').map(Number) as [number, number];
  const from = monthStart(year, month - 1);
  const to = monthStart(year, month);
  const bySource = await analyticsRepo.costBySource(ctx.db, from, to);
  const byType = await analyticsRepo.costByType(ctx.db, from, to);
  return {
    billing_period: period,
    total: round(bySource.reduce((s, r) => s + Number(r.total), 0)),
    by_type: Object.fromEntries(
      byType.map((r) => [r.type, { total: round(Number(r.total)), count: Number(r.count) }]),
    ),
    by_source: Object.fromEntries(
      bySource.map((r) => [r.source, { total: round(Number(r.total)), count: r.count }]),
    ),
    runs: bySource.reduce((s, r) => s + r.count, 0),
  };
}

/** GET /api/import/costs/schedule/{id}/trend?months=6: the schedule's cost per month, oldest first. */
export async function scheduleCostTrend(
  ctx: ServiceContext,
  input: { id: number; months: number },
): Promise<ImportTrend> {
  requireOperator(ctx);
  if (!(await schedulesRepo.findSchedule(ctx.db, input.id)))
    throw new AppError('import_schedule.not_found', IMPORT_SCHEDULE_MESSAGES.notFound);
  const now = new Date();
  const periods = Array.from({ length: input.months }, (_, i) =>
    periodOf(monthStart(now.getUTCFullYear(), now.getUTCMonth() - (input.months - 1 - i))),
  );
  const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() - (input.months - 1));
  const rows = new Map(
    (await analyticsRepo.scheduleCostByMonth(ctx.db, input.id, from)).map((r) => [r.period, r]),
  );
  const trend = periods.map((period) => ({
    period,
    cost: round(Number(rows.get(period)?.cost ?? 0)),
    runs: rows.get(period)?.runs ?? 0,
  }));
  return {
    schedule_id: input.id,
    trend,
    average: round(trend.reduce((s, t) => s + t.cost, 0) / trend.length),
  };
}

/**
 * GET /api/import/schedules/{id}/optimal-time: the weekday and hour its runs went best (domain
 * recommendTiming), from its latest ended runs; 422 while it has fewer than 5.
 */
export async function optimalTime(ctx: ServiceContext, input: { id: number }): Promise<ImportRecommendation> {
  requireOperator(ctx);
  if (!(await schedulesRepo.findSchedule(ctx.db, input.id)))
    throw new AppError('import_schedule.not_found', IMPORT_SCHEDULE_MESSAGES.notFound);
  const runs = await analyticsRepo.scheduleRuns(ctx.db, input.id, RECOMMENDATION_RUNS);
  const recommendation = recommendTiming(
    runs.map((r) => ({
      startedAt: r.startedAt as Date,
      durationMs:
        r.usage.duration_ms ||
        (r.completedAt ? r.completedAt.getTime() - (r.startedAt as Date).getTime() : 0),
      failed: r.status === 'failed',
    })),
  );
  if (!recommendation) {
    throw new AppError(
      'import_recommendation.not_enough_runs',
      `Recommendations need at least ${IMPORT_RECOMMENDATION_MIN_RUNS} runs; this schedule has ${runs.length}.`,
    );
  }
  return recommendation;
}
