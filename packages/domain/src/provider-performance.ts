import { z } from 'zod';
import { queryInt, timestampSchema } from './common.ts';
import { directoryProviderSchema } from './directory-wire.ts';

// Provider Performance dashboard (001 §2.19, §3 "Provider metrics (derived)", §4 "Dashboard counting", §8
// Ratings, §9): wire shapes, constants and the pure rules both sides use.

/** 001 §2.19 time-range chips, in their order, with the server's range keys. */
export const PERFORMANCE_RANGES = ['all', '30d', '90d', '6m', '1y'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];
export const PERFORMANCE_RANGE_LABELS: Record<PerformanceRange, string> = {
  all: 'All Time',
  '30d': 'Last 30 Days',
  '90d': 'Last 90 Days',
  '6m': 'Last 6 Months',
  '1y': 'Last Year',
};

/** The earliest match time a range covers (null for All Time), counted back from `now`. */
export function performanceRangeStart(range: PerformanceRange, now: Date): Date | null {
  const d = new Date(now.getTime());
  switch (range) {
    case 'all':
      return null;
    case '30d':
      d.setUTCDate(d.getUTCDate() - 30);
      return d;
    case '90d':
      d.setUTCDate(d.getUTCDate() - 90);
      return d;
    case '6m':
      d.setUTCMonth(d.getUTCMonth() - 6);
      return d;
    case '1y':
      d.setUTCFullYear(d.getUTCFullYear() - 1);
      return d;
  }
}

/**
 * 001 §4 Dashboard counting, on the server's statuses (000 §4.1): Matched, sent (authorized: handed to the
 * provider), accepted, In Progress and Completed count as matched; accepted, In Progress and Completed as
 * accepted. On Hold is accepted work paused, so it counts in both.
 */
export const PERFORMANCE_MATCHED_STATUSES = [
  'matched',
  'authorized',
  'accepted',
  'in_progress',
  'on_hold',
  'completed',
] as const;
export const PERFORMANCE_ACCEPTED_STATUSES = ['accepted', 'in_progress', 'on_hold', 'completed'] as const;
/** Matched but not answered yet. */
export const PERFORMANCE_PENDING_STATUSES = ['matched', 'authorized'] as const;

/** 001 §3: a provider without a data-quality score shows 85. */
export const DEFAULT_DATA_QUALITY_SCORE = 85;

/** 001 §9 dashboard quality colours: 90+ green, 75+ blue, 60+ yellow, else red. */
export function qualityColor(score: number | null | undefined): 'green' | 'blue' | 'yellow' | 'red' {
  const s = score ?? DEFAULT_DATA_QUALITY_SCORE;
  if (s >= 90) return 'green';
  if (s >= 75) return 'blue';
  if (s >= 60) return 'yellow';
  return 'red';
}

/** 001 §9 match-time labels: up to 10 days Excellent, up to 20 Good, up to 30 Fair, else Needs Improvement. */
export function matchTimeLabel(days: number | null | undefined): string | null {
  if (days === null || days === undefined) return null;
  if (days <= 10) return 'Excellent';
  if (days <= 20) return 'Good';
  if (days <= 30) return 'Fair';
  return 'Needs Improvement';
}

/** 001 §9: service chips on dashboard cards, 3 then '+N more'. */
export const PERFORMANCE_SERVICE_CHIPS = 3;

/** 001 §9: Google rating cache 24 h, batches of 5, 200 ms apart. */
export const RATINGS_CACHE_HOURS = 24;
export const RATINGS_BATCH_SIZE = 5;
export const RATINGS_BATCH_DELAY_MS = 200;

/** 001 §8 Ratings messages, and ours for an unconfigured server. */
export const RATINGS_MESSAGES = {
  updated: (n: number) => `Successfully updated Google ratings for ${n} provider(s)!`,
  noneFound: 'No Google ratings found for the providers...',
  locationIncomplete: 'Unable to fetch ratings: Provider location data is incomplete...',
  failed: 'Failed to fetch Google ratings. Please try again later.',
  notConfigured: 'Google ratings are not configured (set GOOGLE_PLACES_API_KEY).',
  noProviders: 'There are no providers to update.',
  outOfScope: 'Ratings can only be updated for providers your organization has referred to.',
} as const;

export const PERFORMANCE_PAGE_SIZE_DEFAULT = 12;
export const PERFORMANCE_PAGE_SIZE_MAX = 100;

export const providerPerformanceQuerySchema = z.object({
  range: z.enum(PERFORMANCE_RANGES, 'Range must be one of: all, 30d, 90d, 6m, 1y.').default('all'),
  /** Over provider name, city, ZIP, county, state and services. */
  search: z.string().trim().max(200).optional(),
  page: queryInt({ min: 1, message: 'Page must be 1 or more.' }).default(1),
  page_size: queryInt({
    min: 1,
    max: PERFORMANCE_PAGE_SIZE_MAX,
    message: `Page size must be between 1 and ${PERFORMANCE_PAGE_SIZE_MAX}.`,
  }).default(PERFORMANCE_PAGE_SIZE_DEFAULT),
});
export type ProviderPerformanceQuery = z.infer<typeof providerPerformanceQuerySchema>;

/**
 * GET /api/provider-performance/csv ('Export CSV', 001 §2.19): every provider of the list's filter (range and
 * search), not only the page shown, so no paging.
 */
export const providerPerformanceCsvQuerySchema = providerPerformanceQuerySchema.pick({
  range: true,
  search: true,
});
export type ProviderPerformanceCsvQuery = z.infer<typeof providerPerformanceCsvQuerySchema>;

/** The file 'Export CSV' saves ("provider-performance-30d-2026-01-15.csv"): named by the server. */
export function performanceCsvFilename(range: PerformanceRange, now = new Date()): string {
  return `provider-performance-${range}-${now.toISOString().slice(0, 10)}.csv`;
}

export const PERFORMANCE_MESSAGES = {
  exportFailed: 'Failed to export provider performance.',
} as const;

/** One Google review, as Place Details returns it. */
export const googleReviewSchema = z.object({
  author_name: z.string(),
  rating: z.number().nullable(),
  text: z.string(),
  relative_time_description: z.string().nullable(),
  time: z.number().nullable(),
});
export type GoogleReview = z.infer<typeof googleReviewSchema>;

/** 001 §3 Provider metrics (derived), keeping the spec's camelCase names, with the provider it describes. */
export const providerMetricsSchema = z.object({
  provider: directoryProviderSchema,
  referralsMatched: z.number().int(),
  referralsAccepted: z.number().int(),
  referralsPending: z.number().int(),
  /** Percent of matched referrals that were accepted, 0-100 with one decimal; null without matches. */
  acceptanceRate: z.number().nullable(),
  /** Mean hours from match to acceptance (one decimal); null before any acceptance. */
  avgAcceptanceTime: z.number().nullable(),
  /** Mean whole days from match to close of Completed referrals (one decimal); null before any. */
  avgMatchToCloseTime: z.number().nullable(),
  phiEmailsSent: z.number().int(),
  /**
   * Issue #14 item 4: members who answered YES to "Did you get the help you needed?" about this provider's
   * completed referrals, out of `memberAnswers` (YES and NO; unanswered and late questions count nowhere).
   */
  memberConfirmed: z.number().int(),
  memberAnswers: z.number().int(),
  /** Percent of the members' answers that were YES, 0-100 with one decimal; null before any answer (never 0). */
  memberConfirmedRate: z.number().nullable(),
  dataQualityScore: z.number().int(),
  googleRating: z.number().nullable(),
  googleReviewCount: z.number().int().nullable(),
  googleReviews: z.array(googleReviewSchema),
  ratingsUpdatedAt: timestampSchema.nullable(),
  services: z.array(z.string()),
});
export type ProviderMetrics = z.infer<typeof providerMetricsSchema>;

/** 001 §2.19 summary cards over every provider the filters cover (not only the page). */
export const performanceSummarySchema = z.object({
  providers: z.number().int(),
  /** Mean data-quality score (whole number); null without providers. */
  avgQuality: z.number().nullable(),
  /** Mean Google rating of the rated providers (one decimal); null when none is rated. */
  avgRating: z.number().nullable(),
  /** Referrals counted as matched (001 §4) in the range. */
  totalReferrals: z.number().int(),
});
export type PerformanceSummary = z.infer<typeof performanceSummarySchema>;

export const providerPerformanceListSchema = z
  .object({
    providers: z.array(providerMetricsSchema),
    summary: performanceSummarySchema,
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    range: z.enum(PERFORMANCE_RANGES),
    /** Whether the server has a Places API key (the 'Update Google Ratings' button says so when not). */
    ratings_configured: z.boolean(),
  })
  .meta({ id: 'ProviderPerformanceList' });
export type ProviderPerformanceList = z.infer<typeof providerPerformanceListSchema>;

/** POST /api/provider-performance/ratings: the providers shown on the dashboard. */
export const ratingsUpdateRequestSchema = z.object({
  provider_ids: z
    .array(z.number().int().positive(), 'provider_ids must be a list of provider ids.')
    .min(1, RATINGS_MESSAGES.noProviders)
    .max(PERFORMANCE_PAGE_SIZE_MAX, `At most ${PERFORMANCE_PAGE_SIZE_MAX} providers at a time.`),
});
export type RatingsUpdateRequest = z.infer<typeof ratingsUpdateRequestSchema>;

export const ratingsUpdateResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Providers looked up at Google now. */
  fetched: z.number().int(),
  /** Providers whose rating was fetched less than 24 hours ago (not looked up again). */
  cached: z.number().int(),
  /** Providers with a rating after this call (fetched or cached). */
  rated: z.number().int(),
  /** Providers without name and address or city (not looked up). */
  incomplete: z.number().int(),
  /** Lookups that failed (network or Places errors). */
  failed: z.number().int(),
});
export type RatingsUpdateResponse = z.infer<typeof ratingsUpdateResponseSchema>;

/** GET /api/provider-performance/own-listings: the active organization's own provider listings. */
export const ownListingsSchema = z.object({ providers: z.array(directoryProviderSchema) });
export type OwnListings = z.infer<typeof ownListingsSchema>;
