import { z } from 'zod';
import { ANALYTICS_MESSAGES, GAP_KINDS } from './analytics.ts';
import { pageQuery } from './common.ts';
import { isIsoCalendarDate } from './enrollments.ts';
import { REFERRAL_MESSAGES } from './referral-payloads.ts';
import { referralSchema } from './referral-record.ts';
import { CLIENT_URGENCIES, REFERRAL_STATUSES, type ReferralStatus, SERVER_URGENCIES } from './referrals.ts';

// The referral queue (000 §2.3, §5.5): its query (search, filters, server-side paging), counters and page.

export const REFERRAL_PAGE_SIZE_DEFAULT = 50;
export const REFERRAL_PAGE_SIZE_MAX = 200;

/** Queue filter "status": all or one stored status; labels such as "In Progress" are accepted. */
const statusFilter = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      : v,
  z.enum(['all', ...REFERRAL_STATUSES], { error: REFERRAL_MESSAGES.invalidStatus }),
);

/** Queue filter "urgency": all, a client level (000 §9) or a server value (000 §3.2). */
export const REFERRAL_URGENCY_FILTERS = ['all', ...CLIENT_URGENCIES, ...SERVER_URGENCIES] as const;

/**
 * Queue filter "gap" (issue #20, the Service Gaps screen's links): one way a referral ended without service
 * (GAP_KINDS, as the analytics count them), or `unmet` for any of them.
 */
export const REFERRAL_GAP_FILTERS = [...GAP_KINDS, 'unmet'] as const;
export type ReferralGapFilter = (typeof REFERRAL_GAP_FILTERS)[number];

export const REFERRAL_QUEUE_MESSAGES = {
  gapInvalid: `gap must be one of ${REFERRAL_GAP_FILTERS.join(', ')}.`,
  countyInvalid: 'county_fips must be a 5-digit county FIPS code.',
  needInvalid: 'need must be a need name of at most 200 characters.',
} as const;

/** A day of creation (YYYY-MM-DD, UTC), as the analytics period takes it. */
const createdDate = z
  .string({ error: ANALYTICS_MESSAGES.dateInvalid })
  .max(10, ANALYTICS_MESSAGES.dateInvalid)
  .refine(isIsoCalendarDate, ANALYTICS_MESSAGES.dateInvalid)
  .meta({ format: 'date' });

/** GET /api/referrals query (000 §5.5; server-side paging). `_`/`t` cache-busters of the spec's client pass. */
export const referralListQuerySchema = z
  .object({
    ...pageQuery(REFERRAL_PAGE_SIZE_DEFAULT, REFERRAL_PAGE_SIZE_MAX),
    search: z.string().trim().max(200).optional(),
    status: statusFilter.default('all'),
    urgency: z.enum(REFERRAL_URGENCY_FILTERS).default('all'),
    method: z.enum(['all', 'auto', 'manual']).default('all'),
    /**
     * Whose referrals: 'created' by the active organization, 'received' by it as the matched provider, or
     * 'all' of both (the default).
     */
    scope: z.enum(['all', 'created', 'received']).default('all'),
    // Issue #20: the Service Gaps screen's links narrow the queue to the referrals behind one figure.
    /** One SDOH need as stored in the referral's needs (e.g. "Housing Assistance"). */
    need: z
      .string({ error: REFERRAL_QUEUE_MESSAGES.needInvalid })
      .trim()
      .min(1, REFERRAL_QUEUE_MESSAGES.needInvalid)
      .max(200, REFERRAL_QUEUE_MESSAGES.needInvalid)
      .optional(),
    /** The referral's county (5-digit FIPS of its ZIP code). */
    county_fips: z
      .string({ error: REFERRAL_QUEUE_MESSAGES.countyInvalid })
      .regex(/^\d{5}$/, REFERRAL_QUEUE_MESSAGES.countyInvalid)
      .optional(),
    /** How it ended without service (as the service gaps count it), or `unmet`: any of those ways. */
    gap: z.enum(REFERRAL_GAP_FILTERS, { error: REFERRAL_QUEUE_MESSAGES.gapInvalid }).optional(),
    /** Created on or after this day (UTC). */
    from: createdDate.optional(),
    /** Created on or before this day (UTC). */
    to: createdDate.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MESSAGES.endBeforeStart });
    }
  });
export type ReferralListQuery = z.output<typeof referralListQuerySchema>;

/** Queue counters (000 §2.3, §4.1) for the same search and filters, ignoring the status filter. */
export const referralCountsSchema = z.object({
  /** Published: every referral matching search/urgency/method. */
  all: z.number().int(),
  /** Assigned: matched + authorized + in_progress + completed (000 §4.1). */
  assigned: z.number().int(),
  ...Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, z.number().int()])),
} as Record<'all' | 'assigned' | ReferralStatus, z.ZodNumber>);
export type ReferralCounts = z.infer<typeof referralCountsSchema>;

export const referralListSchema = z.object({
  referrals: z.array(referralSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: referralCountsSchema,
  /** 000 §2.3 "a total count per member": member_id → the organization's referral count for that member. */
  member_referral_counts: z.record(z.string(), z.number().int()),
});
export type ReferralList = z.infer<typeof referralListSchema>;
