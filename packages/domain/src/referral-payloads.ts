import { z } from 'zod';
import { REFERRAL_OUTCOMES } from './referral-lifecycle.ts';
import {
  AVAILABILITY_OPTIONS,
  CLIENT_URGENCIES,
  HEALTH_PLANS,
  HOUSING_NEED,
  HOUSING_SUBCATEGORIES,
  isClientUrgency,
  LANGUAGES,
  OTHER_NEEDS,
  PLAN_TYPES,
  REFERRAL_STATUSES,
  SERVER_URGENCIES,
  TRANSPORTATION_NEED,
  TRANSPORTATION_SUBCATEGORIES,
  urgencyToServer,
} from './referrals.ts';
import { usStateCode } from './us-states.ts';

// What a client sends to create or change a referral (000 §3.3 payload, §5.1–§5.3 rules): the create and edit
// bodies, the status change, the emergency contact, with the messages both the server and the form give.

/** Texts of 000 §5.1 (kept verbatim) and the server's own messages for the referral API. */
export const REFERRAL_MESSAGES = {
  consentRequired: 'Member consent must be obtained before submitting the referral.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  medicaidIdRequired: 'Medicaid ID is required.',
  diagnosisRequired: 'Primary diagnosis is required.',
  needRequired: 'Please select at least one social determinant of health need.',
  // 000 §5.2: the other fields marked with an asterisk. The spec gives them no text; these say what to do.
  phoneRequired: 'Phone number is required.',
  emailRequired: 'Email is required.',
  zipRequired: 'ZIP code is required.',
  dobRequired: 'Date of birth is required.',
  healthPlanRequired: 'Health plan is required.',
  providerNameRequired: 'Provider name is required.',
  npiRequired: 'NPI is required.',
  providerOrganizationRequired: 'Provider organization is required.',
  providerPhoneRequired: 'Provider phone is required.',
  availabilityRequired: 'Availability is required.',
  phoneFormat: 'Enter a 10-digit phone number.',
  invalidEmail: 'Please enter a valid email address',
  invalidDate: 'Enter the date as YYYY-MM-DD.',
  dobInFuture: 'Date of birth cannot be in the future.',
  zipFormat: 'Enter a 5-digit ZIP code.',
  npiFormat: 'NPI must be 10 digits.',
  riskScoreRange: 'Risk score must be a number from 0 to 100.',
  // Issue #14: every chosen value is one of the 000 §9 lists. The form offers only those, so these show for a
  // value an older referral kept or another client sent; they say what to do.
  invalidNeed: (value: string) => `Choose needs from the list: "${value}" is not one of them.`,
  invalidHousingSubcategory: (value: string) =>
    `Choose housing subcategories from the list: "${value}" is not one of them.`,
  invalidTransportationSubcategory: (value: string) =>
    `Choose transportation subcategories from the list: "${value}" is not one of them.`,
  housingSubcategoryWithoutNeed: 'Select Housing Assistance to choose housing subcategories.',
  transportationSubcategoryWithoutNeed: 'Select Transportation to choose transportation subcategories.',
  invalidLanguage: 'Choose a language from the list.',
  invalidState: 'Choose a US state from the list.',
  invalidCountry: 'Choose a country from the list.',
  invalidHealthPlan: 'Choose a health plan from the list.',
  invalidPlanType: 'Choose a plan type from the list.',
  invalidAvailability: 'Choose an availability from the list.',
  invalidUrgency: 'Choose an urgency from the list.',
  invalidUrgencyLevel: `Urgency level must be one of: ${SERVER_URGENCIES.join(', ')}.`,
  urgencyMismatch: (urgency: string, level: string) =>
    `Urgency level ${level} does not match the urgency ${urgency} (it is ${urgencyToServer(urgency)}).`,
  tooLong: (max: number) => `At most ${max} characters.`,
  tooManyItems: (max: number) => `At most ${max} items.`,
  newIsPending: 'A new referral is always Pending.',
  notFound: 'Referral not found',
  medicaidIdLocked: 'The Medicaid ID of a referral cannot be changed.',
  onlyOwnerChanges: 'Only the organization that created this referral can change it.',
  onlyPendingDelete: 'Only pending referrals can be deleted.',
  invalidStatus: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}.`,
  invalidOutcome: `Outcome must be one of: ${REFERRAL_OUTCOMES.join(', ')}.`,
  outcomeRequired: 'Choose how the referral ended (the outcome) to mark it Completed.',
  reasonRequired: 'Give a reason to cancel the referral.',
  memberMismatch: (fields: string[]) =>
    `This Medicaid ID is on file for a member with another ${fields.join(' and ')}. If this is the same person, confirm it and choose which details to keep; otherwise check the Medicaid ID.`,
  memberFieldDiffers: 'Differs from the member on file with this Medicaid ID.',
  duplicateOpen: (number: string, needs: string[]) =>
    `This member already has an open referral for ${needs.join(', ')}: #${number}. Confirm to create another one anyway.`,
} as const;

/** Issue #14: what to keep when a Medicaid ID on file names the same person with other details. */
export const SAME_MEMBER_CHOICES = ['keep_stored', 'use_new'] as const;
export type SameMemberChoice = (typeof SAME_MEMBER_CHOICES)[number];

/** 000 §9: referral numbers are 10 digits. */
export const REFERRAL_NUMBER_LENGTH = 10;
/** 000 §9 Countries. */
export const COUNTRIES = ['USA', 'Canada', 'Mexico', 'Other'] as const;

/** 000 §5.3: digits only, formatted (xxx) xxx-xxxx as they are typed; partial numbers format partially. */
export function formatPhoneDigits(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Empty strings from a form mean "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** A required field left blank (or null) is reported with the field's "is required" message. */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

function optionalText(max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, REFERRAL_MESSAGES.tooLong(max))
      .nullish()
      .transform((v) => v ?? null),
  );
}

function requiredText(message: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z.string({ error: message }).trim().min(1, message).max(max, REFERRAL_MESSAGES.tooLong(max)),
  );
}

/** 000 §5.3: punctuation dropped, 10 digits (an 11th leading country code 1 is dropped), (xxx) xxx-xxxx. */
function normalisePhone(value: string, ctx: z.RefinementCtx): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) {
    ctx.addIssue({ code: 'custom', message: REFERRAL_MESSAGES.phoneFormat });
    return z.NEVER;
  }
  return formatPhoneDigits(digits);
}

/** A required phone (000 §5.2, §5.3). */
function phoneField(requiredMessage: string) {
  return z.preprocess(
    blankToUndefined,
    z.string({ error: requiredMessage }).max(30, REFERRAL_MESSAGES.phoneFormat).transform(normalisePhone),
  );
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: REFERRAL_MESSAGES.emailRequired })
    .trim()
    .max(320, REFERRAL_MESSAGES.tooLong(320))
    .regex(EMAIL_RE, REFERRAL_MESSAGES.invalidEmail)
    .transform((v) => v.toLowerCase()),
);

/** Today as YYYY-MM-DD in UTC, plus a day of slack for members born "today" in a time zone ahead of UTC. */
function latestBirthDate(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

const dateOfBirthField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: REFERRAL_MESSAGES.dobRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, REFERRAL_MESSAGES.invalidDate)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, REFERRAL_MESSAGES.invalidDate)
    .refine((v) => v <= latestBirthDate(), REFERRAL_MESSAGES.dobInFuture),
);

const zipField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: REFERRAL_MESSAGES.zipRequired })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, REFERRAL_MESSAGES.zipFormat),
);

const npiField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: REFERRAL_MESSAGES.npiRequired })
    .trim()
    .regex(/^\d{10}$/, REFERRAL_MESSAGES.npiFormat),
);

const riskScoreField = z.preprocess(
  blankToNull,
  z
    .number({ error: REFERRAL_MESSAGES.riskScoreRange })
    .int(REFERRAL_MESSAGES.riskScoreRange)
    .min(0, REFERRAL_MESSAGES.riskScoreRange)
    .max(100, REFERRAL_MESSAGES.riskScoreRange)
    .nullish()
    .transform((v) => v ?? null),
);

/** A value of a 000 §9 list in the list's spelling, whatever its case ("spanish" is Spanish); else as given. */
function inListSpelling(options: readonly string[], value: unknown, aliases: Record<string, string> = {}) {
  if (typeof value !== 'string') return value;
  const key = value.trim().toLowerCase();
  return options.find((o) => o.toLowerCase() === key) ?? aliases[key] ?? value;
}

/**
 * A required choice from a 000 §9 list (issue #14): blank gives the field's "is required" message, a value not
 * on the list `invalid`.
 */
function requiredChoice<const T extends readonly [string, ...string[]]>(
  options: T,
  required: string,
  invalid: string,
) {
  return z.preprocess(
    (v) => inListSpelling(options, blankToUndefined(v)),
    z.enum(options, { error: (issue) => (issue.input === undefined ? required : invalid) }),
  );
}

/** An optional choice from a 000 §9 list: blank or missing takes `fallback`. */
function defaultedChoice<const T extends readonly [string, ...string[]]>(
  options: T,
  fallback: T[number],
  invalid: string,
  aliases: Record<string, string> = {},
) {
  return z.preprocess(
    (v) => inListSpelling(options, blankToUndefined(v), aliases),
    z.enum(options, { error: invalid }).default(fallback),
  );
}

/**
 * A list of needs from one 000 §9 list (issue #14), each in the list's spelling, each once. A value off the
 * list is reported on the field itself (not on its index), naming the value, so the form shows it on the group.
 */
function needList(options: readonly string[], invalid: (value: string) => string) {
  return z
    .array(z.string().trim().max(120, REFERRAL_MESSAGES.tooLong(120)))
    .max(30, REFERRAL_MESSAGES.tooManyItems(30))
    .superRefine((list, ctx) => {
      // A refinement, not a failing transform: the list stays a list for the §5.1 rules (formRules) to count.
      const off = list.find((item) => !options.includes(inListSpelling(options, item) as string));
      if (off !== undefined) ctx.addIssue({ code: 'custom', message: invalid(off), input: off });
    })
    .transform((list) => [...new Set(list.map((item) => inListSpelling(options, item) as string))])
    .default([]);
}

/** 000 §9 Needs: the two parents and the other needs (subcategories go in their own lists). */
const NEEDS = [HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS] as const;

/**
 * 000 §9 "States: all 50 US states plus District of Columbia", stored as the code. The form sends the code; a
 * state's name (any case) is accepted too and stored as its code, so "California" and "ca" are "CA". Blank is
 * no state (the field is optional).
 */
const stateField = z.preprocess(
  blankToNull,
  z
    .string()
    .max(50, REFERRAL_MESSAGES.invalidState)
    .nullish()
    .transform((v, ctx) => {
      if (v == null) return null;
      const code = usStateCode(v);
      if (code) return code;
      ctx.addIssue({ code: 'custom', message: REFERRAL_MESSAGES.invalidState, input: v });
      return z.NEVER;
    }),
);

/**
 * The fields a client sends to create or edit a referral (000 §3.3): the §5.1 messages, the §5.2 required
 * fields, the §5.3 formats. The browser form runs the same schema, so both sides give the same messages.
 */
const referralFields = {
  first_name: requiredText(REFERRAL_MESSAGES.firstNameRequired, 100),
  last_name: requiredText(REFERRAL_MESSAGES.lastNameRequired, 100),
  phone_number: phoneField(REFERRAL_MESSAGES.phoneRequired),
  email: emailField,
  date_of_birth: dateOfBirthField,
  zip_code: zipField,
  preferred_language: defaultedChoice(LANGUAGES, 'English', REFERRAL_MESSAGES.invalidLanguage),
  street_address: optionalText(200),
  city: optionalText(100),
  state: stateField,
  // 000 §9 "USA (United States)": the form labels USA so; a client may send that label.
  country: defaultedChoice(COUNTRIES, 'USA', REFERRAL_MESSAGES.invalidCountry, { 'united states': 'USA' }),
  medicaid_id: requiredText(REFERRAL_MESSAGES.medicaidIdRequired, 50),
  health_plan: requiredChoice(
    HEALTH_PLANS,
    REFERRAL_MESSAGES.healthPlanRequired,
    REFERRAL_MESSAGES.invalidHealthPlan,
  ),
  plan_type: defaultedChoice(PLAN_TYPES, 'Managed Care', REFERRAL_MESSAGES.invalidPlanType),
  provider_name: requiredText(REFERRAL_MESSAGES.providerNameRequired, 200),
  npi_number: npiField,
  organization: requiredText(REFERRAL_MESSAGES.providerOrganizationRequired, 200),
  provider_phone_number: phoneField(REFERRAL_MESSAGES.providerPhoneRequired),
  primary_diagnosis: requiredText(REFERRAL_MESSAGES.diagnosisRequired, 500),
  risk_score: riskScoreField,
  availability: requiredChoice(
    AVAILABILITY_OPTIONS,
    REFERRAL_MESSAGES.availabilityRequired,
    REFERRAL_MESSAGES.invalidAvailability,
  ),
  /**
   * Issue #14: the urgency the coordinator chose (Immediate, Within 24h, Within 1 Week, Routine), which is what
   * the referral stores. The spec's server value (000 §3.2: Emergency, Urgent, Routine) stays accepted in
   * urgency_level for the spec's clients; both may be sent when they agree. chosenUrgency() (referrals.ts)
   * turns the two into the stored level; neither means Routine (000 §3.4).
   */
  urgency: z.preprocess(
    blankToUndefined,
    z.enum(CLIENT_URGENCIES, { error: REFERRAL_MESSAGES.invalidUrgency }).optional(),
  ),
  urgency_level: z.preprocess(
    blankToUndefined,
    z.enum(SERVER_URGENCIES, { error: REFERRAL_MESSAGES.invalidUrgencyLevel }).optional(),
  ),
  additional_notes: optionalText(5000),
  sdoh_needs: needList(NEEDS, REFERRAL_MESSAGES.invalidNeed),
  housing_subcategories: needList(HOUSING_SUBCATEGORIES, REFERRAL_MESSAGES.invalidHousingSubcategory),
  transportation_subcategories: needList(
    TRANSPORTATION_SUBCATEGORIES,
    REFERRAL_MESSAGES.invalidTransportationSubcategory,
  ),
  prior_authorization_required: z.boolean().default(false),
  member_consent_obtained: z.boolean({ error: REFERRAL_MESSAGES.consentRequired }),
  hipaa_compliant: z.boolean().default(true),
  use_matching_engine: z.boolean().default(true),
};

type NeedsAndConsent = {
  member_consent_obtained?: boolean;
  sdoh_needs?: string[];
  housing_subcategories?: string[];
  transportation_subcategories?: string[];
  urgency?: unknown;
  urgency_level?: unknown;
};

/** Whether a raw needs list holds `need` (any case, as the list field accepts it). */
function holds(list: unknown, need: string): boolean {
  return (
    Array.isArray(list) &&
    list.some((n) => typeof n === 'string' && n.trim().toLowerCase() === need.toLowerCase())
  );
}

/**
 * 000 §5.1: consent and "at least one need" are object-level rules; they run even when other fields failed,
 * so one 400 carries every message together (as the form shows them).
 */
function formRules(raw: unknown, ctx: z.RefinementCtx) {
  if (!raw || typeof raw !== 'object') return;
  const value = raw as NeedsAndConsent;
  if (value.member_consent_obtained !== true) {
    ctx.addIssue({
      code: 'custom',
      path: ['member_consent_obtained'],
      message: REFERRAL_MESSAGES.consentRequired,
    });
  }
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  const needs =
    count(value.sdoh_needs) + count(value.housing_subcategories) + count(value.transportation_subcategories);
  if (needs === 0) {
    ctx.addIssue({ code: 'custom', path: ['sdoh_needs'], message: REFERRAL_MESSAGES.needRequired });
  }
  // Issue #14: a subcategory is a kind of its parent need (000 §9), so it never stands without it (the form
  // ticks the parent with its first subcategory).
  if (count(value.housing_subcategories) > 0 && !holds(value.sdoh_needs, HOUSING_NEED)) {
    ctx.addIssue({
      code: 'custom',
      path: ['housing_subcategories'],
      message: REFERRAL_MESSAGES.housingSubcategoryWithoutNeed,
    });
  }
  if (count(value.transportation_subcategories) > 0 && !holds(value.sdoh_needs, TRANSPORTATION_NEED)) {
    ctx.addIssue({
      code: 'custom',
      path: ['transportation_subcategories'],
      message: REFERRAL_MESSAGES.transportationSubcategoryWithoutNeed,
    });
  }
  // Both urgencies sent must say the same (Within 1 Week is Urgent), or one of them would be silently dropped.
  const { urgency, urgency_level: level } = value;
  const isServerValue = (SERVER_URGENCIES as readonly unknown[]).includes(level);
  if (isClientUrgency(urgency) && isServerValue && urgencyToServer(urgency) !== level) {
    ctx.addIssue({
      code: 'custom',
      path: ['urgency_level'],
      message: REFERRAL_MESSAGES.urgencyMismatch(urgency, String(level)),
    });
  }
}

/** Runs the §5.1 object rules on the raw input too, so they join the field errors in one answer. */
const always = { when: () => true } as const;

function withFormRules<T extends z.ZodType>(schema: T) {
  return schema.superRefine((value, ctx) => formRules(value, ctx), always);
}

/** POST /api/referrals body: the §3.3 fields; the server sets number, creator, organization and status. */
export const referralCreateSchema = withFormRules(
  z.strictObject({
    ...referralFields,
    status: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.literal('pending', { error: REFERRAL_MESSAGES.newIsPending }),
      )
      .optional(),
    /**
     * Issue #14 duplicates: the Medicaid ID is on file for a member with another name or date of birth, and the
     * caller says it is the same person, keeping the details on file ('keep_stored') or replacing them with
     * these ('use_new'). Without it such a referral is refused (409).
     */
    confirm_same_member: z.enum(SAME_MEMBER_CHOICES).optional(),
    /** Issue #14: create it although the member has an open referral for one of these needs (409 without). */
    confirm_duplicate_need: z.boolean().optional(),
    /** Issue #19: the voice referral conversation it was taken in (POST /api/voice-conversations), linked to it. */
    voice_conversation_id: z.number().int().positive().optional(),
  }),
);
export type ReferralCreateInput = z.input<typeof referralCreateSchema>;
export type ReferralCreate = z.output<typeof referralCreateSchema>;

/** PUT /api/referrals/{id} edit body (000 §3.3): the whole form again; medicaid_id must stay the same. */
export const referralUpdateSchema = withFormRules(z.strictObject(referralFields));
export type ReferralUpdateInput = z.input<typeof referralUpdateSchema>;
export type ReferralUpdate = z.output<typeof referralUpdateSchema>;

/** Status values as a client may send them ("In Progress", "in_progress", "MATCHED"). */
const statusInput = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      : v,
  z.enum(REFERRAL_STATUSES, { error: REFERRAL_MESSAGES.invalidStatus }),
);

/**
 * PUT /api/referrals/{id} status change (000 §7: {status, updated_at}), with what the closed loop's steps need
 * (issue #14, referral-lifecycle.ts): the outcome of a Completed referral, the reason of a Cancelled one, and a
 * note for either.
 */
export const referralStatusChangeSchema = z.strictObject({
  status: statusInput,
  /** The client's clock; the server stores its own time. */
  updated_at: z.string().max(40).optional(),
  outcome: z.enum(REFERRAL_OUTCOMES, { error: REFERRAL_MESSAGES.invalidOutcome }).optional(),
  reason: stepText(500),
  note: stepText(2000),
});
export type ReferralStatusChange = z.output<typeof referralStatusChangeSchema>;

/** A step's reason or note: absent when blank, so a plain {status} change parses to just that. */
function stepText(max: number) {
  return z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, REFERRAL_MESSAGES.tooLong(max)).optional(),
  );
}

const STATUS_CHANGE_KEYS = new Set(['status', 'updated_at', 'outcome', 'reason', 'note']);

export function isStatusChangeBody(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.includes('status') && keys.every((k) => STATUS_CHANGE_KEYS.has(k));
}

export type ReferralPut =
  | { kind: 'status'; change: ReferralStatusChange }
  | { kind: 'update'; update: ReferralUpdate };

/**
 * PUT /api/referrals/{id} body: a body of only {status, updated_at} is a status change, anything else is the
 * edit payload. Dispatching by shape (not a union) keeps every field message of the chosen payload.
 */
export const referralPutSchema = z
  .unknown()
  .transform((value, ctx): ReferralPut => {
    const statusOnly = isStatusChangeBody(value);
    const result = statusOnly
      ? referralStatusChangeSchema.safeParse(value)
      : referralUpdateSchema.safeParse(value);
    if (result.success) {
      return statusOnly
        ? { kind: 'status', change: result.data as ReferralStatusChange }
        : { kind: 'update', update: result.data as ReferralUpdate };
    }
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          ctx.addIssue({ code: 'custom', path: [key], message: 'Unknown field.' });
      } else {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    }
    return z.NEVER;
  })
  .meta({
    description:
      'Either the edit payload of 000 §3.3 (every field of the create body except status) or {status, updated_at}.',
  });

/**
 * PUT /api/referrals/{id}/contact (000 §2.7 Contacts tab): the member's emergency contact. Blank clears a
 * field; a phone is 10 digits, formatted like every other phone.
 */
export const referralContactSchema = z.strictObject({
  emergency_contact_name: optionalText(200),
  emergency_contact_phone: z.preprocess(
    blankToNull,
    z
      .string()
      .max(30, REFERRAL_MESSAGES.phoneFormat)
      .nullish()
      .transform((v, ctx) => (v == null ? null : normalisePhone(v, ctx))),
  ),
});
export type ReferralContact = z.output<typeof referralContactSchema>;

export const referralDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });
