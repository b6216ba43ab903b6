import {
  type AnalyticsQuery,
  GAP_KINDS,
  type GapKind,
  REFERRAL_OUTCOME_LABELS,
  type ReferralOutcome,
  type ServiceGaps,
} from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import { countyOfFips } from '../../providers/directory/geography.ts';
import { coverageOf } from './access.ts';
import * as repo from './gaps-repo.ts';
import { lastTwelveMonths, monthsOf } from './period.ts';

type GapCounts = ServiceGaps['totals'];

const TOP_REASONS = 10;
const UNKNOWN_COUNTY = 'Unknown county';

function emptyCounts(): GapCounts {
  return { total: 0, unmet: 0, declined: 0, expired: 0, cancelled: 0, not_served: 0, unmatched: 0 };
}

function isGapKind(result: string): result is GapKind {
  return (GAP_KINDS as readonly string[]).includes(result);
}

/** Adds `n` referrals of one result to a group's counts: every one to total, a gap to unmet and its kind. */
function add(counts: GapCounts, result: string, n: number): void {
  counts.total += n;
  if (isGapKind(result)) {
    counts.unmet += n;
    counts[result] += n;
  }
}

/** Groups facet rows by value; most unmet first, then most referrals, then by name. */
function grouped(rows: repo.GapCount[]): [string, GapCounts][] {
  const groups = new Map<string, GapCounts>();
  for (const row of rows) {
    const counts = groups.get(row.value) ?? emptyCounts();
    add(counts, row.result, row.referrals);
    groups.set(row.value, counts);
  }
  return [...groups].sort(([a, x], [b, y]) => y.unmet - x.unmet || y.total - x.total || a.localeCompare(b));
}

function countyRow([fips, counts]: [string, GapCounts]): ServiceGaps['by_county'][number] {
  const place = fips ? countyOfFips(fips) : null;
  return {
    county_fips: fips || null,
    county: place?.county ? `${place.county} County` : fips ? `County ${fips}` : UNKNOWN_COUNTY,
    state: place?.state ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    ...counts,
  };
}

/** A not-served referral's reason is its outcome, shown by its label. */
function reasonText(facet: 'reason' | 'decline', result: string, value: string): string {
  if (facet === 'reason' && result === 'not_served') {
    return REFERRAL_OUTCOME_LABELS[value as ReferralOutcome] ?? (value || 'No outcome recorded');
  }
  return value;
}

/**
 * GET /api/service-gaps (issue #20): where the period's referrals ended without service, and why — by kind,
 * need, county, reason and month, from the maintained summaries. Definitions: docs/areas/referrals.md
 * "Metrics and service gaps".
 */
export async function serviceGaps(ctx: OrgContext, query: AnalyticsQuery): Promise<ServiceGaps> {
  const coverage = coverageOf(ctx, query.scope);
  const fallback = lastTwelveMonths(new Date());
  const period = { from: query.from ?? fallback.from, to: query.to ?? fallback.to };
  if (period.to < period.from) period.from = period.to;
  const rows = await repo.gapCounts(ctx.db, coverage, period);
  const of = (facet: repo.GapFacet) => rows.filter((r) => r.facet === facet);
  const [needs, counties, reasons, declines] = [of('need'), of('county'), of('reason'), of('decline')];
  const months = new Map<string, { total: number; unmet: number }>();
  const totals = emptyCounts();
  for (const row of of('month')) {
    add(totals, row.result, row.referrals);
    const month = months.get(row.value) ?? { total: 0, unmet: 0 };
    month.total += row.referrals;
    if (isGapKind(row.result)) month.unmet += row.referrals;
    months.set(row.value, month);
  }
  // The providers' decline reasons count under the way their referral ended, when it ended unmet.
  const reasonRows = [
    ...reasons.map((r) => ({ ...r, facet: 'reason' as const })),
    ...declines.map((r) => ({ ...r, facet: 'decline' as const })),
  ]
    .filter((r) => isGapKind(r.result))
    .map((r) => ({
      kind: r.result as GapKind,
      reason: reasonText(r.facet, r.result, r.value),
      count: r.referrals,
    }));
  const merged = new Map<string, (typeof reasonRows)[number]>();
  for (const row of reasonRows) {
    const key = `${row.kind}\u0000${row.reason}`;
    const seen = merged.get(key);
    if (seen) seen.count += row.count;
    else merged.set(key, { ...row });
  }
  return {
    scope: coverage.scope,
    period,
    totals,
    by_need: grouped(needs).map(([need, counts]) => ({ need, ...counts })),
    by_county: grouped(counties).map(countyRow),
    reasons: [...merged.values()]
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || a.reason.localeCompare(b.reason))
      .slice(0, TOP_REASONS),
    trend: monthsOf(period.from, period.to).map((month) => ({
      month,
      total: months.get(month)?.total ?? 0,
      unmet: months.get(month)?.unmet ?? 0,
    })),
  };
}
