import {
  DASHBOARD_TREND_MONTHS,
  type DashboardActivity,
  type DashboardStats,
  type DashboardTrend,
  type DashboardTrendMonth,
  type DashboardView,
  REFERRAL_STATUSES,
  type ReferralFigures,
  type ReferralStatus,
  referralEventTitle,
} from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

function toFigures(row: repo.FiguresRow | undefined): ReferralFigures {
  const r = row ?? {
    total: 0,
    pending: 0,
    completed: 0,
    active: 0,
    accepted: 0,
    answered: 0,
    avg_response_hours: null,
  };
  return {
    total: r.total,
    pending: r.pending,
    completed: r.completed,
    active: r.active,
    success_rate: r.answered > 0 ? r.accepted / r.answered : null,
    avg_response_hours: r.avg_response_hours === null ? null : Number(r.avg_response_hours),
  };
}

/** 003 §2.4 stat cards from the database, for the caller's own referrals and their organization's. */
export async function dashboardStats(ctx: OrgContext): Promise<DashboardStats> {
  const orgId = ctx.actor.org.id;
  const [personal, organization] = await Promise.all([
    repo.referralFigures(ctx.db, orgId, ctx.actor.user.id),
    repo.referralFigures(ctx.db, orgId, null),
  ]);
  return { personal: toFigures(personal), organization: toFigures(organization) };
}

function parseDetails(details: repo.ActivityRow['details']): Record<string, unknown> {
  if (typeof details === 'string') {
    try {
      return JSON.parse(details) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return details ?? {};
}

/**
 * GET /api/dashboard/activity (003 §2.4 Recent Activity): the active organization's referral history, newest
 * first; the personal view keeps what the caller did and what happened on referrals the caller created. Each
 * item names the referral by number, never the member (minimum necessary), so the read is not a PHI read.
 */
export async function dashboardActivity(
  ctx: OrgContext,
  input: { view: DashboardView; limit: number; before?: number | undefined },
): Promise<DashboardActivity> {
  const rows = await repo.activityPage(ctx.db, {
    orgId: ctx.actor.org.id,
    userId: input.view === 'personal' ? ctx.actor.user.id : null,
    // One more than the page: whether an older page exists.
    limit: input.limit + 1,
    beforeId: input.before ?? null,
  });
  const page = rows.slice(0, input.limit);
  const items = page.map((r) => {
    const details = parseDetails(r.details);
    return {
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      type: r.type,
      summary: referralEventTitle({ type: r.type, to_status: r.to_status, details }),
      referral_id: r.referral_id === null ? null : Number(r.referral_id),
      referral_number: r.referral_number,
      actor_name: r.actor_name,
      from_status: r.from_status,
      to_status: r.to_status,
    };
  });
  const last = items.at(-1);
  return {
    view: input.view,
    items,
    next_before: rows.length > input.limit && last ? String(last.id) : null,
  };
}

/** 'YYYY-MM' of the month `back` months before `now`'s (UTC). */
function monthKey(now: Date, back: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * GET /api/dashboard/trend: the referrals created in each of the last 12 months (UTC, the current one
 * included), by their current status; the personal view counts the caller's own.
 */
export async function dashboardTrend(
  ctx: OrgContext,
  input: { view: DashboardView; now?: Date },
): Promise<DashboardTrend> {
  const now = input.now ?? new Date();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DASHBOARD_TREND_MONTHS - 1), 1));
  const rows = await repo.trendCounts(ctx.db, {
    orgId: ctx.actor.org.id,
    createdBy: input.view === 'personal' ? ctx.actor.user.id : null,
    since,
  });
  const months = new Map<string, DashboardTrendMonth>();
  for (let back = DASHBOARD_TREND_MONTHS - 1; back >= 0; back--) {
    const month = monthKey(now, back);
    const counts = Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, 0])) as Record<ReferralStatus, number>;
    months.set(month, { month, total: 0, counts });
  }
  for (const r of rows) {
    const entry = months.get(r.month);
    if (!entry) continue;
    const count = Number(r.count);
    entry.total += count;
    if ((REFERRAL_STATUSES as readonly string[]).includes(r.status)) {
      entry.counts[r.status as ReferralStatus] += count;
    }
  }
  return { view: input.view, months: [...months.values()] };
}
