import { z } from 'zod';
import { isIsoCalendarDate } from './enrollments.ts';

// Issue #20: the figures health plans and networks read at a glance — System Metrics (003 §2.5, §3 Metrics,
// §7.6), the service gaps (where members did not get help, and why) and the landing page's Platform Impact
// (003 §2.3). The server computes every figure from its maintained summaries; this file is the wire both sides
// share.

/** The widest period one request may ask about: two years (a leap day included). */
export const ANALYTICS_MAX_DAYS = 731;

/** Who the figures cover: the caller's active organization, or (platform operators only) the whole network. */
export const ANALYTICS_SCOPES = ['organization', 'network'] as const;
export type AnalyticsScope = (typeof ANALYTICS_SCOPES)[number];

export const ANALYTICS_MESSAGES = {
  dateInvalid: 'Must be a date (YYYY-MM-DD).',
  endBeforeStart: 'The end date cannot be before the start date.',
  periodTooLong: 'The period can be at most two years.',
  scopeInvalid: 'scope must be organization or network.',
  networkForOperators: 'Only platform operators can see the whole network.',
  adminsOnly: "Only your organization's admins can see its metrics.",
  // 003 §2.5, §7.6, §8
  metricsTitle: 'System Metrics Dashboard',
  metricsLoading: 'Loading metrics...',
  metricsErrorTitle: 'Error Loading Metrics',
  metricsFetchFailed: 'Failed to fetch metrics',
  refresh: 'Refresh Metrics',
  topCbos: 'Top Performing CBOs',
  gapsTitle: 'Service Gaps',
  gapsFetchFailed: 'Failed to load the service gaps',
  gapsEmpty: 'Every referral in this period was served or is still open.',
} as const;

const periodDate = z
  .string({ error: ANALYTICS_MESSAGES.dateInvalid })
  .max(10, ANALYTICS_MESSAGES.dateInvalid)
  .refine(isIsoCalendarDate, ANALYTICS_MESSAGES.dateInvalid)
  .meta({ format: 'date' });

/** The days from `from` to `to`, both included. */
export function daysBetweenInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The query of every analytics endpoint: an optional period (dates of creation, UTC, both ends included; none
 * means all time for metrics and the last twelve months for the gaps) and an optional scope (the default is the
 * network for a platform operator, the organization otherwise).
 */
export const analyticsQuerySchema = z
  .strictObject({
    from: periodDate.optional(),
    to: periodDate.optional(),
    scope: z.enum(ANALYTICS_SCOPES, { error: ANALYTICS_MESSAGES.scopeInvalid }).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.from || !value.to) return;
    if (value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.endBeforeStart });
    } else if (daysBetweenInclusive(value.from, value.to) > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.periodTooLong });
    }
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const period = z.object({ from: z.string().nullable(), to: z.string().nullable() });

// --- System Metrics (003 §3 Metrics) ---

export const topCboSchema = z.object({
  name: z.string(),
  cbo_id: z.number().int(),
  success_rate: z.number(),
});

/**
 * GET /api/metrics: the spec's fields (rates are fractions 0 to 1, 0 when nothing was counted), and the counts
 * behind them so the screen can say "of how many".
 */
export const metricsSchema = z
  .object({
    total_referrals: z.number().int(),
    total_feedback: z.number().int(),
    success_rate: z.number(),
    acceptance_rate: z.number(),
    rejection_rate: z.number(),
    failure_rate: z.number(),
    avg_response_time_days: z.number(),
    top_cbos: z.array(topCboSchema),
    scope: z.enum(ANALYTICS_SCOPES),
    period,
    counts: z.object({
      /**
       * Referrals at an end: Completed, Cancelled, Expired or Rejected (the last two where the cascade left them,
       * until they are matched again).
       */
      ended: z.number().int(),
      /** Completed with the outcome "Service provided". */
      succeeded: z.number().int(),
      /** Ended without service: every other end. */
      failed: z.number().int(),
      /** Providers' answers: accepted, declined or let expire. */
      answered: z.number().int(),
      accepted: z.number().int(),
      rejected: z.number().int(),
      /** Still open: not yet at an end. */
      open: z.number().int(),
    }),
    computed_at: z.string(),
  })
  .meta({ id: 'Metrics' });
export type Metrics = z.infer<typeof metricsSchema>;

// --- Service gaps (issue #20 item 5) ---

/** How a referral ended without service. */
export const GAP_KINDS = ['declined', 'expired', 'cancelled', 'not_served', 'unmatched'] as const;
export type GapKind = (typeof GAP_KINDS)[number];
export const GAP_KIND_LABELS: Record<GapKind, string> = {
  declined: 'Declined by every provider',
  expired: 'Expired without an answer',
  cancelled: 'Cancelled',
  not_served: 'Completed, not served',
  unmatched: 'No provider within 50 miles',
};

const gapCounts = {
  total: z.number().int(),
  unmet: z.number().int(),
  ...Object.fromEntries(GAP_KINDS.map((k) => [k, z.number().int()])),
} as { total: z.ZodNumber; unmet: z.ZodNumber } & Record<GapKind, z.ZodNumber>;

export const serviceGapsSchema = z
  .object({
    scope: z.enum(ANALYTICS_SCOPES),
    period: z.object({ from: z.string(), to: z.string() }),
    totals: z.object(gapCounts),
    by_need: z.array(z.object({ need: z.string(), ...gapCounts })),
    by_county: z.array(
      z.object({
        county_fips: z.string().nullable(),
        county: z.string(),
        state: z.string().nullable(),
        /** The county's centroid (for the gaps map's marker); null when the server cannot place it. */
        latitude: z.number().nullable(),
        longitude: z.number().nullable(),
        ...gapCounts,
      }),
    ),
    /** The top reasons: providers' decline reasons, outcomes and cancellation reasons, most frequent first. */
    reasons: z.array(z.object({ kind: z.enum(GAP_KINDS), reason: z.string(), count: z.number().int() })),
    /** One row per month of the period (YYYY-MM), months without referrals included. */
    trend: z.array(z.object({ month: z.string(), total: z.number().int(), unmet: z.number().int() })),
  })
  .meta({ id: 'ServiceGaps' });
export type ServiceGaps = z.infer<typeof serviceGapsSchema>;

// --- Platform Impact (003 §2.3), open ---

export const platformImpactSchema = z
  .object({
    /** Referrals closed with an outcome. */
    assists: z.number().int(),
    /** Active users. */
    navigators: z.number().int(),
    /** Counties with referrals. */
    service_areas: z.number().int(),
    /** Members on record. */
    targeted_members: z.number().int(),
    /** Member-confirmed: members who answered YES of those who answered the follow-up; null before any answer. */
    success_rate: z.number().nullable(),
    computed_at: z.string(),
  })
  .meta({ id: 'PlatformImpact' });
export type PlatformImpact = z.infer<typeof platformImpactSchema>;
