import { z } from 'zod';
import { pageQuery } from './common.ts';
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

/** GET /api/referrals query (000 §5.5; server-side paging). `_`/`t` cache-busters of the spec's client pass. */
export const referralListQuerySchema = z.object({
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
