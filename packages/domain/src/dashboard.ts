import { z } from 'zod';
import { idString, queryInt, timestampSchema } from './common.ts';
import { REFERRAL_STATUSES } from './referrals.ts';

/** One view of the dashboard's stat cards (003 §2.4), computed from recorded referrals. */
export const referralFiguresSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  completed: z.number().int(),
  /** Accepted, in progress or on hold: cases a provider is working on. */
  active: z.number().int(),
  /** Accepted answers over all answers (accepted, rejected, expired), 0 to 1; null before any answer. */
  success_rate: z.number().nullable(),
  /** Mean hours from matching to the provider's acceptance; null before any acceptance. */
  avg_response_hours: z.number().nullable(),
});
export type ReferralFigures = z.infer<typeof referralFiguresSchema>;

/** GET /api/dashboard/stats: the Personal / Organization toggle of 003 §2.4. */
export const dashboardStatsSchema = z
  .object({ personal: referralFiguresSchema, organization: referralFiguresSchema })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** 003 §2.4 Personal / Organization toggle: the caller's own work, or the whole active organization's. */
export const DASHBOARD_VIEWS = ['personal', 'organization'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];
const viewQuery = z
  .enum(DASHBOARD_VIEWS, { error: 'View must be personal or organization.' })
  .default('personal');

export const DASHBOARD_ACTIVITY_LIMIT_DEFAULT = 10;
export const DASHBOARD_ACTIVITY_LIMIT_MAX = 50;

/**
 * GET /api/dashboard/activity (003 §2.4 Recent Activity): the active organization's referral history, newest
 * first. `before` is the `next_before` of the previous page (the id of its last item).
 */
export const dashboardActivityQuerySchema = z.strictObject({
  view: viewQuery,
  limit: queryInt({ min: 1, max: DASHBOARD_ACTIVITY_LIMIT_MAX }).default(DASHBOARD_ACTIVITY_LIMIT_DEFAULT),
  before: idString('The cursor must be the next_before of the previous page.').optional(),
});
export type DashboardActivityQuery = z.input<typeof dashboardActivityQuerySchema>;

/**
 * One Recent Activity item: a history row of a referral, named by its number and its timeline title. Never a
 * member's name or details (minimum necessary): the list is not a PHI read.
 */
export const dashboardActivityItemSchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  /** REFERRAL_EVENT_TYPES. */
  type: z.string(),
  /** The Case Timeline's title of the row ("Provider Accepted Referral", "Case Completed"). */
  summary: z.string(),
  /** Null once the referral was deleted (its number stays). */
  referral_id: z.number().int().nullable(),
  referral_number: z.string().nullable(),
  /** Who did it; null for the system (the expiry job, the matching engine) or a provider answering by text. */
  actor_name: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
});
export type DashboardActivityItem = z.infer<typeof dashboardActivityItemSchema>;

export const dashboardActivitySchema = z
  .object({
    view: z.enum(DASHBOARD_VIEWS),
    items: z.array(dashboardActivityItemSchema),
    /** The `before` of the next (older) page; null on the last page. */
    next_before: z.string().nullable(),
  })
  .meta({ id: 'DashboardActivity' });
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

/** How many months the trend chart covers, the current one included. */
export const DASHBOARD_TREND_MONTHS = 12;

/** GET /api/dashboard/trend: referrals created per month (UTC) by their current status. */
export const dashboardTrendQuerySchema = z.strictObject({ view: viewQuery });
export type DashboardTrendQuery = z.input<typeof dashboardTrendQuerySchema>;

export const dashboardTrendMonthSchema = z.object({
  /** 'YYYY-MM' (UTC). */
  month: z.string(),
  total: z.number().int(),
  counts: z.object(
    Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof REFERRAL_STATUSES)[number],
      z.ZodNumber
    >,
  ),
});
export type DashboardTrendMonth = z.infer<typeof dashboardTrendMonthSchema>;

export const dashboardTrendSchema = z
  .object({
    view: z.enum(DASHBOARD_VIEWS),
    /** Oldest first, DASHBOARD_TREND_MONTHS of them, months without referrals included (zeros). */
    months: z.array(dashboardTrendMonthSchema),
  })
  .meta({ id: 'DashboardTrend' });
export type DashboardTrend = z.infer<typeof dashboardTrendSchema>;
