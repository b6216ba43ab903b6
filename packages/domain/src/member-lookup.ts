import { z } from 'zod';

// 000 §2.1 Medicaid ID lookup on the referral form: once 9 or more characters are typed, after a 500 ms pause,
// the active organization's own members (and its earlier referrals) are searched and the member fields prefilled.
// The spec's built-in sample member database becomes the organization's real records.

/** 000 §9: lookup minimum 9 characters, delay 500 ms. */
export const MEMBER_LOOKUP_MIN_LENGTH = 9;
export const MEMBER_LOOKUP_DELAY_MS = 500;

export const MEMBER_LOOKUP_SOURCES = ['member', 'referral'] as const;
export type MemberLookupSource = (typeof MEMBER_LOOKUP_SOURCES)[number];

/** Where the filled details came from, as the form's notice names it. */
export const MEMBER_LOOKUP_SOURCE_LABELS: Record<MemberLookupSource, string> = {
  member: 'the member record',
  referral: 'an earlier referral',
};

export const MEMBER_LOOKUP_MESSAGES = {
  tooShort: `Enter at least ${MEMBER_LOOKUP_MIN_LENGTH} characters of the Medicaid ID.`,
  tooLong: 'A Medicaid ID has at most 50 characters.',
  found: (source: MemberLookupSource) =>
    `Member found: details filled from ${MEMBER_LOOKUP_SOURCE_LABELS[source]}`,
} as const;

/**
 * The comparison key of a Medicaid ID: exact match, but case-insensitive and ignoring spaces (IDs are read off
 * cards and typed as "ca 123 456 789" as often as "CA123456789").
 */
export function medicaidIdKey(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** True once enough of an ID is typed to look it up (000 §9: 9 characters, spaces not counted). */
export function isLookupReady(value: string): boolean {
  return medicaidIdKey(value).length >= MEMBER_LOOKUP_MIN_LENGTH;
}

/** POST /api/referrals/member-lookup body. A POST so the Medicaid ID (PHI) stays out of URLs and logs. */
export const memberLookupRequestSchema = z.strictObject({
  medicaid_id: z
    .string({ error: MEMBER_LOOKUP_MESSAGES.tooShort })
    .trim()
    .max(50, MEMBER_LOOKUP_MESSAGES.tooLong)
    .refine(isLookupReady, MEMBER_LOOKUP_MESSAGES.tooShort),
});
export type MemberLookupRequest = z.output<typeof memberLookupRequestSchema>;

const nullableString = z.string().nullable();

/** The person's details the form can prefill (000 §3.2 names). */
export const lookupMemberSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone_number: nullableString,
  email: nullableString,
  date_of_birth: nullableString,
  zip_code: nullableString,
  street_address: nullableString,
  city: nullableString,
  state: nullableString,
  country: nullableString,
  preferred_language: nullableString,
  health_plan: nullableString,
  plan_type: nullableString,
});
export type LookupMember = z.infer<typeof lookupMemberSchema>;

/**
 * The answer: the member record wins for the person's fields; the organization's latest referral with the ID
 * fills the address and the plan (a member record has neither) and whatever the record lacks.
 */
export const memberLookupSchema = z
  .object({
    found: z.boolean(),
    /** 'member' when the organization has a member record with the ID, 'referral' when only referrals do. */
    source: z.enum(MEMBER_LOOKUP_SOURCES).nullable(),
    member: lookupMemberSchema.nullable(),
    /** The active organization's referrals with this Medicaid ID. */
    referral_count: z.number().int(),
  })
  .meta({ id: 'MemberLookup' });
export type MemberLookup = z.infer<typeof memberLookupSchema>;
