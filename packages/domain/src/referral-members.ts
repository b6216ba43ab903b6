import { z } from 'zod';
import { idString, pageQuery, timestampSchema } from './common.ts';
import { REFERRAL_STATUSES } from './referrals.ts';

// Member Profiles (000 §2.8, §3.7 "Member profile (derived): grouped from referrals by Medicaid ID"): the
// active organization's referrals grouped by member, computed on the server.

/** Texts of the member-profiles API and screen. */
export const REFERRAL_MEMBER_MESSAGES = {
  notFound: 'Member not found',
  noPending:
    'This member has no pending referrals. Only pending referrals can be deleted; change the status of the others from the queue or the case workspace.',
  invalidStatus: `Status must be one of: all, ${REFERRAL_STATUSES.join(', ')}.`,
} as const;

export const REFERRAL_MEMBER_PAGE_SIZE_DEFAULT = 24;
export const REFERRAL_MEMBER_PAGE_SIZE_MAX = 100;

/** 000 §2.8 summary tiles besides Total Members, in their order. */
export const MEMBER_TILE_STATUSES = ['pending', 'matched', 'accepted', 'in_progress', 'completed'] as const;
export type MemberTileStatus = (typeof MEMBER_TILE_STATUSES)[number];

/** A status as a client may send it ("In Progress", "in_progress", "MATCHED"); "auto-matched" is matched. */
function statusKey(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const key = v
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return key === 'auto_matched' ? 'matched' : key;
}

/** GET /api/referral-members query: one page, newest activity first, filtered by the member's status. */
export const referralMemberListQuerySchema = z.object({
  ...pageQuery(REFERRAL_MEMBER_PAGE_SIZE_DEFAULT, REFERRAL_MEMBER_PAGE_SIZE_MAX),
  status: z
    .preprocess(
      statusKey,
      z.enum(['all', ...REFERRAL_STATUSES], { error: REFERRAL_MEMBER_MESSAGES.invalidStatus }),
    )
    .default('all'),
  /** Case-insensitive, over name, Medicaid ID, phone, email and ZIP of the member's referrals. */
  search: z.string().trim().max(200).optional(),
});
export type ReferralMemberListQuery = z.output<typeof referralMemberListQuerySchema>;

/** One member as the list shows it (000 §2.8 member card). Contact fields come from the latest referral. */
export const referralMemberSchema = z
  .object({
    member_id: z.number().int(),
    medicaid_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string().nullable(),
    email: z.string().nullable(),
    zip_code: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    /** The member's referrals in the active organization. */
    referral_count: z.number().int(),
    /** Of those, the Pending ones (what Delete removes; 000 §2.8). */
    pending_count: z.number().int(),
    /** The latest updated_at of the member's referrals. */
    last_activity: timestampSchema,
    /** The status of the member's latest referral (stored value, e.g. in_progress); auto-matched is matched. */
    status: z.string(),
    /** The latest referral: View Details opens its case workspace. */
    latest_referral_id: z.number().int(),
  })
  .meta({ id: 'ReferralMember' });
export type ReferralMember = z.infer<typeof referralMemberSchema>;

/** The tiles of 000 §2.8, over every member of the active organization (no search or status filter). */
export const referralMemberCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  matched: z.number().int(),
  accepted: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
});
export type ReferralMemberCounts = z.infer<typeof referralMemberCountsSchema>;

export const referralMemberListSchema = z.object({
  members: z.array(referralMemberSchema),
  /** Members matching the search and status filter. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: referralMemberCountsSchema,
});
export type ReferralMemberList = z.infer<typeof referralMemberListSchema>;

export const referralMemberParamsSchema = z.object({ memberId: idString() });

/** DELETE /api/referral-members/{memberId}: how many Pending referrals were deleted. */
export const referralMemberDeleteResponseSchema = z.object({ deleted: z.number().int() });
export type ReferralMemberDeleteResponse = z.infer<typeof referralMemberDeleteResponseSchema>;

/** 000 §2.8 delete confirmation: it names the count of pending referrals. */
export function memberDeleteConfirmation(name: string, pendingCount: number): string {
  const referrals = pendingCount === 1 ? '1 pending referral' : `${pendingCount} pending referrals`;
  return `Are you sure you want to delete ${referrals} for ${name}? Referrals in any other status are kept.`;
}
