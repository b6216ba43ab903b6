import {
  DEFAULT_DATA_QUALITY_SCORE,
  type OwnListings,
  type ProviderMetrics,
  type ProviderPerformanceCsvQuery,
  type ProviderPerformanceList,
  type ProviderPerformanceQuery,
  performanceCsvFilename,
  performanceRangeStart,
} from '@trust/domain';
import { createRatingsDriver } from '../../../adapters/ratings/index.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { freshnessOf } from '../directory/freshness-service.ts';
import { type Freshness, toDirectoryProvider } from '../directory/wire.ts';
import { performanceCsv } from './performance-csv.ts';
import * as repo from './repo.ts';

const oneDecimal = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

function toMetrics(row: repo.MetricsRow, p: repo.ProviderRow, freshness: Freshness): ProviderMetrics {
  return {
    provider: toDirectoryProvider(p, freshness),
    referralsMatched: row.matched,
    referralsAccepted: row.accepted,
    referralsPending: row.pending,
    acceptanceRate: row.matched > 0 ? oneDecimal((row.accepted / row.matched) * 100) : null,
    avgAcceptanceTime: oneDecimal(row.avg_accept_hours),
    avgMatchToCloseTime: oneDecimal(row.avg_close_days),
    phiEmailsSent: row.phi_emails,
    memberConfirmed: row.member_yes,
    memberAnswers: row.member_answers,
    memberConfirmedRate:
      row.member_answers > 0 ? oneDecimal((row.member_yes / row.member_answers) * 100) : null,
    dataQualityScore: p.dataQualityScore ?? DEFAULT_DATA_QUALITY_SCORE,
    googleRating: p.googleRating === null ? null : oneDecimal(p.googleRating),
    googleReviewCount: p.googleReviewCount,
    googleReviews: p.googleReviews ?? [],
    ratingsUpdatedAt: p.ratingsUpdatedAt?.toISOString() ?? null,
    services: p.services,
  };
}

/**
 * GET /api/provider-performance: the providers the active organization's referrals were matched to (an
 * organization sees its own referral outcomes only), with 001 §3 derived metrics, one page, searched on the
 * server; the range chips filter by match time (issue: "the time-range chips really filter").
 */
/** The list's filter, for the active organization: the same for the page and the CSV export. */
function filterOf(ctx: OrgContext, query: ProviderPerformanceCsvQuery, now: Date): repo.MetricsFilter {
  return {
    orgId: ctx.actor.org.id,
    since: performanceRangeStart(query.range, now),
    search: query.search || undefined,
  };
}

/** Providers looked up per query for the export: well within a statement's parameters. */
const PROVIDER_LOOKUP_CHUNK = 1000;

/** The figures of the given rows with their provider rows, in the rows' order. */
async function withProviders(ctx: OrgContext, rows: repo.MetricsRow[]): Promise<ProviderMetrics[]> {
  const byId = new Map<number, repo.ProviderRow>();
  for (let i = 0; i < rows.length; i += PROVIDER_LOOKUP_CHUNK) {
    const ids = rows.slice(i, i + PROVIDER_LOOKUP_CHUNK).map((r) => r.provider_id);
    for (const p of await repo.providersByIds(ctx.db, ids)) byId.set(p.id, p);
  }
  const freshness = freshnessOf(ctx);
  return rows.flatMap((row) => {
    const p = byId.get(row.provider_id);
    return p ? [toMetrics(row, p, freshness)] : [];
  });
}

export async function getProviderPerformance(
  ctx: OrgContext,
  query: ProviderPerformanceQuery,
): Promise<ProviderPerformanceList> {
  const db = ctx.db;
  const filter = filterOf(ctx, query, new Date());
  const offset = (query.page - 1) * query.page_size;
  const [rows, summary] = await Promise.all([
    repo.metricsPage(db, filter, { limit: query.page_size, offset }),
    repo.metricsSummary(db, filter, DEFAULT_DATA_QUALITY_SCORE),
  ]);
  return {
    providers: await withProviders(ctx, rows),
    summary: {
      providers: summary.providers,
      avgQuality: summary.avg_quality === null ? null : Math.round(summary.avg_quality),
      avgRating: oneDecimal(summary.avg_rating),
      totalReferrals: summary.total_matched,
    },
    total: summary.providers,
    page: query.page,
    page_size: query.page_size,
    range: query.range,
    ratings_configured: createRatingsDriver(ctx.deps.config) !== null,
  };
}

/**
 * GET /api/provider-performance/csv ('Export CSV', 001 §2.19): every provider of the list's filter (range and
 * search), in the list's order, with the figures the cards show. Like the list, not audited: provider figures
 * and names only, no member's data.
 */
export async function exportProviderPerformanceCsv(
  ctx: OrgContext,
  query: ProviderPerformanceCsvQuery,
): Promise<{ fileName: string; csv: string }> {
  const now = new Date();
  const rows = await repo.metricsPage(ctx.db, filterOf(ctx, query, now));
  return {
    fileName: performanceCsvFilename(query.range, now),
    csv: performanceCsv(await withProviders(ctx, rows), query.range),
  };
}

/** GET /api/provider-performance/own-listings: the listings whose capacity this organization's users set. */
export async function listOwnListings(ctx: OrgContext): Promise<OwnListings> {
  const rows = await repo.ownListings(ctx.db, ctx.actor.org.id);
  const freshness = freshnessOf(ctx);
  return { providers: rows.map((r) => toDirectoryProvider(r, freshness)) };
}
