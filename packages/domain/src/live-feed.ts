import { z } from 'zod';
import { timestampSchema } from './common.ts';

// The live referral feed (000 §2.6, §4.3): one card per open referral. Signed-out visitors get the card masked
// by the server (000 §2.6: names as initials, the ID reduced to its last four digits, provider and phone
// masked); the full values never leave the server for them.

const nullableString = z.string().nullable();

export const feedCardSchema = z
  .object({
    id: z.number().int(),
    referral_number: z.string(),
    /** 'pending' (open to claim) or 'matched' (awaiting the matched provider's answer). */
    status: z.string(),
    /** True when the fields below are masked (a signed-out visitor's card). */
    masked: z.boolean(),
    member_name: z.string(),
    medicaid_id: z.string(),
    phone_number: nullableString,
    zip_code: nullableString,
    city: nullableString,
    state: nullableString,
    preferred_language: z.string(),
    sdoh_needs: z.array(z.string()),
    housing_subcategories: z.array(z.string()),
    transportation_subcategories: z.array(z.string()),
    /** The server's urgency value (Emergency, Urgent, Routine); the browser maps it to its label. */
    urgency_level: z.string(),
    /** Null on a masked card: a diagnosis is PHI. */
    primary_diagnosis: nullableString,
    /** The referring provider (masked on a masked card). */
    referring_provider: nullableString,
    /** The organization that created the referral. */
    referred_by: z.string(),
    created_at: timestampSchema,
    matched_provider_id: z.number().int().nullable(),
    acceptance_status: nullableString,
    expires_at: timestampSchema.nullable(),
  })
  .meta({ id: 'FeedCard' });
export type FeedCard = z.infer<typeof feedCardSchema>;

/** Server-Sent Event types of the feed: a card to show (or replace), a card to take away. */
export const FEED_EVENTS = { upsert: 'feed.upsert', remove: 'feed.remove' } as const;
export const feedRemoveSchema = z.object({ id: z.number().int() });

/** 000 §2.6 masking: "Maria Lopez Garcia" → "M. L."; one word → "M." */
export function maskName(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((part) => part.trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .map((initial) => `${initial}.`)
    .join(' ');
}

/** 000 §2.6: the ID reduced to its last four characters. */
export function maskMedicaidId(id: string): string {
  const visible = id.trim().slice(-4);
  return `****${visible}`;
}

/** 000 §2.6: the phone masked entirely (no digit of it is needed to decide on a referral). */
export function maskMemberPhone(phone: string | null): string | null {
  return phone ? '(***) ***-****' : null;
}

/** 000 §2.6: the provider masked: each word keeps its first letter ("Dr. Ann Lee" → "D*** A*** L***"). */
export function maskProvider(name: string | null): string | null {
  if (!name?.trim()) return null;
  return name
    .trim()
    .split(/\s+/)
    .map((word) => `${word.charAt(0)}***`)
    .join(' ');
}

/** A ZIP code kept to its first three digits, the HIPAA safe-harbor precision ("90001" → "900**"). */
export function maskZip(zip: string | null): string | null {
  if (!zip) return null;
  const digits = zip.replace(/\D/g, '');
  return digits.length >= 3 ? `${digits.slice(0, 3)}**` : null;
}

/** The card of a signed-out visitor: every identifying field masked, the diagnosis left out. */
export function maskFeedCard(card: FeedCard): FeedCard {
  const [first = '', ...rest] = card.member_name.split(/\s+/);
  return {
    ...card,
    masked: true,
    member_name: maskName(first, rest.join(' ')),
    medicaid_id: maskMedicaidId(card.medicaid_id),
    phone_number: maskMemberPhone(card.phone_number),
    zip_code: maskZip(card.zip_code),
    primary_diagnosis: null,
    referring_provider: maskProvider(card.referring_provider),
  };
}

/** GET /api/live-feed: the open cards newest first, one page, and what the caller may do with them. */
export const feedListSchema = z.object({
  referrals: z.array(feedCardSchema),
  /** Count of pending referrals in the feed (000 §2.6 header), after the caller's passes. */
  pending_count: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  viewer: z.object({
    signed_in: z.boolean(),
    /** The directory provider the active organization acts for (null: it cannot claim referrals). */
    provider_id: z.number().int().nullable(),
    organization_id: z.number().int().nullable(),
  }),
});
export type FeedList = z.infer<typeof feedListSchema>;

/** GET /api/live-feed paging: 50 cards a page by default, at most 100. */
export const FEED_PAGE_SIZE_DEFAULT = 50;
export const FEED_PAGE_SIZE_MAX = 100;

export const feedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(FEED_PAGE_SIZE_MAX).default(FEED_PAGE_SIZE_DEFAULT),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

/** Texts of the feed (000 §2.6 verbatim where the spec gives them). */
export const FEED_MESSAGES = {
  title: 'Live Referral Feed',
  emptyTitle: 'No pending referrals',
  emptyBody: 'All referrals have been processed. New referrals will appear here in real-time.',
  accepted: 'Referral Accepted',
  notAProvider: 'Only organizations listed in the provider directory can claim referrals.',
  alreadyTaken: 'This referral was already taken by another organization.',
} as const;

/** A claim matches the referral to the claiming organization's provider for 7 days (000 §4.1, §9). */
export const CLAIM_MATCH_METHOD = 'claim';
