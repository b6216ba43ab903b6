import { z } from 'zod';
import { pageQuery, timestampSchema } from './common.ts';

// The live referral feed (000 §2.6, §4.3): one card per open referral, at one of three levels decided by the
// server for each reader (issue #12 "minimum necessary", DESIGN.md security rules):
// - full: the organization that created the referral and the organization of the provider it is matched to
//   (the two that may open it with GET /api/referrals/{id}) read every field of the card;
// - claim: every other signed-in reader gets what it needs to decide whether to claim (initials, needs, urgency,
//   ZIP and city, language, availability, age band): no name, Medicaid ID, phone, email, date of birth,
//   diagnosis or referring provider;
// - masked: signed-out visitors (000 §2.6: names as initials, the ID reduced to its last four digits, provider
//   and phone masked).
// The withheld values never leave the server: they are null on the wire, not hidden by the browser.

const nullableString = z.string().nullable();

/** How much of the referral a card shows (see above). */
export const FEED_DETAILS = ['full', 'claim', 'masked'] as const;
export type FeedDetail = (typeof FEED_DETAILS)[number];

export const feedCardSchema = z
  .object({
    id: z.number().int(),
    referral_number: z.string(),
    /** 'pending' (open to claim) or 'matched' (awaiting the matched provider's answer). */
    status: z.string(),
    /** Which level of card this is: 'full', 'claim' (signed in, another organization's) or 'masked' (signed out). */
    detail: z.enum(FEED_DETAILS),
    /** True on a signed-out visitor's card (detail 'masked'). */
    masked: z.boolean(),
    /** The member's full name on a full card; initials ("M. L.") on a claim or masked card. */
    member_name: z.string(),
    /** Full on a full card, the last four characters on a masked card, null on a claim card. */
    medicaid_id: nullableString,
    /** Full on a full card, masked entirely on a masked card, null on a claim card. */
    phone_number: nullableString,
    /** The whole ZIP on full and claim cards, its first three digits on a masked card. */
    zip_code: nullableString,
    city: nullableString,
    state: nullableString,
    preferred_language: z.string(),
    /** When the member can be reached (000 §2.1 availability); null on a masked card. */
    availability: nullableString,
    /** The member's age band ("0–17", "18–25", "26–44", "45–64", "65+"), computed on the server from the date of
     * birth, which never leaves it; null on a masked card or when the date is unknown. */
    age_band: nullableString,
    sdoh_needs: z.array(z.string()),
    housing_subcategories: z.array(z.string()),
    transportation_subcategories: z.array(z.string()),
    /** The urgency the coordinator chose (Immediate, Within 24h, Within 1 Week, Routine; issue #14). */
    urgency: z.string(),
    /** The spec's server value (000 §3.2: Emergency, Urgent, Routine), derived from `urgency`. */
    urgency_level: z.string(),
    /** On a full card only: a diagnosis is PHI. */
    primary_diagnosis: nullableString,
    /** The referring provider: full on a full card, masked on a masked card, null on a claim card. */
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

/**
 * The organizations with a reason to read a referral in full: the one that created it and the one of its
 * matched provider (null when unmatched or the provider has no organization). The same pair that may open it
 * by id.
 */
export type FeedParties = { referring_org_id: number; matched_org_id: number | null };

/** The organizations that receive the full card, each once. */
export function fullCardOrganizations(parties: FeedParties): number[] {
  const ids = [parties.referring_org_id];
  if (parties.matched_org_id !== null && parties.matched_org_id !== parties.referring_org_id) {
    ids.push(parties.matched_org_id);
  }
  return ids;
}

/**
 * The level of card a reader gets: masked signed out; full for a reader acting for (active organization) the
 * referring or the matched provider's organization; claim for every other signed-in reader.
 */
export function feedDetailFor(
  reader: { signed_in: boolean; org_id: number | null },
  parties: FeedParties,
): FeedDetail {
  if (!reader.signed_in) return 'masked';
  if (reader.org_id !== null && fullCardOrganizations(parties).includes(reader.org_id)) return 'full';
  return 'claim';
}

/** Age bands of the claim card: enough to decide on a referral, never the date of birth. */
export const AGE_BANDS = [
  { label: '0–17', min: 0 },
  { label: '18–25', min: 18 },
  { label: '26–44', min: 26 },
  { label: '45–64', min: 45 },
  { label: '65+', min: 65 },
] as const;

/**
 * The age band of a date of birth ('YYYY-MM-DD') on a given day (UTC calendar). Null for a missing, malformed
 * or future date.
 */
export function ageBand(dateOfBirth: string | null | undefined, today: Date): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth?.trim() ?? '');
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const y = today.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  const age = y - year - (beforeBirthday ? 1 : 0);
  if (age < 0) return null;
  return [...AGE_BANDS].reverse().find((band) => age >= band.min)?.label ?? null;
}

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

function initialsOf(memberName: string): string {
  const [first = '', ...rest] = memberName.trim().split(/\s+/);
  return maskName(first, rest.join(' '));
}

/**
 * What every level of card shows alike: the referral itself (number, status, times, the match), its needs and
 * urgency, language and city, who referred it. Written out field by field, not spread from the full card, so a
 * field added to the full card reaches the other levels only when added here on purpose.
 */
function sharedFields(full: FeedCard) {
  return {
    id: full.id,
    referral_number: full.referral_number,
    status: full.status,
    city: full.city,
    state: full.state,
    preferred_language: full.preferred_language,
    sdoh_needs: full.sdoh_needs,
    housing_subcategories: full.housing_subcategories,
    transportation_subcategories: full.transportation_subcategories,
    urgency: full.urgency,
    urgency_level: full.urgency_level,
    referred_by: full.referred_by,
    created_at: full.created_at,
    matched_provider_id: full.matched_provider_id,
    acceptance_status: full.acceptance_status,
    expires_at: full.expires_at,
  };
}

/**
 * The card of a signed-in reader of another organization, made from the full card: what it needs to decide
 * whether to claim (initials, ZIP, availability, age band besides the shared fields), nothing that identifies
 * the member further: no name, Medicaid ID, phone, diagnosis or referring provider (email and date of birth are
 * on no card).
 */
export function claimFeedCard(full: FeedCard): FeedCard {
  return {
    ...sharedFields(full),
    detail: 'claim',
    masked: false,
    member_name: initialsOf(full.member_name),
    medicaid_id: null,
    phone_number: null,
    zip_code: full.zip_code,
    availability: full.availability,
    age_band: full.age_band,
    primary_diagnosis: null,
    referring_provider: null,
  };
}

/** The card of a signed-out visitor, made from the full card: every identifying field masked (000 §2.6). */
export function maskFeedCard(full: FeedCard): FeedCard {
  return {
    ...sharedFields(full),
    detail: 'masked',
    masked: true,
    member_name: initialsOf(full.member_name),
    medicaid_id: full.medicaid_id === null ? null : maskMedicaidId(full.medicaid_id),
    phone_number: maskMemberPhone(full.phone_number),
    zip_code: maskZip(full.zip_code),
    availability: null,
    age_band: null,
    primary_diagnosis: null,
    referring_provider: maskProvider(full.referring_provider),
  };
}

/** The full card at a reader's level. */
export function feedCardAt(full: FeedCard, detail: FeedDetail): FeedCard {
  if (detail === 'full') return full;
  return detail === 'claim' ? claimFeedCard(full) : maskFeedCard(full);
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
  ...pageQuery(FEED_PAGE_SIZE_DEFAULT, FEED_PAGE_SIZE_MAX),
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
