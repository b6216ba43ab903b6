import { z } from 'zod';
import { AVAILABILITY_OPTIONS, PLAN_TYPES, REFERRAL_STATUSES, SERVER_URGENCIES } from './referrals.ts';

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
  tooLong: (max: number) => `At most ${max} characters.`,
  tooManyItems: (max: number) => `At most ${max} items.`,
  newIsPending: 'A new referral is always Pending.',
  notFound: 'Referral not found',
  medicaidIdLocked: 'The Medicaid ID of a referral cannot be changed.',
  onlyOwnerChanges: 'Only the organization that created this referral can change it.',
  onlyPendingDelete: 'Only pending referrals can be deleted.',
  invalidStatus: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}.`,
} as const;

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

const needList = z
  .array(z.string().trim().min(1).max(120, REFERRAL_MESSAGES.tooLong(120)))
  .max(30, REFERRAL_MESSAGES.tooManyItems(30))
  .default([]);

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
  preferred_language: optionalText(50).transform((v) => v ?? 'English'),
  street_address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  country: z.preprocess(blankToUndefined, z.enum(COUNTRIES).default('USA')),
  medicaid_id: requiredText(REFERRAL_MESSAGES.medicaidIdRequired, 50),
  health_plan: requiredText(REFERRAL_MESSAGES.healthPlanRequired, 100),
  plan_type: z.enum(PLAN_TYPES).default('Managed Care'),
  provider_name: requiredText(REFERRAL_MESSAGES.providerNameRequired, 200),
  npi_number: npiField,
  organization: requiredText(REFERRAL_MESSAGES.providerOrganizationRequired, 200),
  provider_phone_number: phoneField(REFERRAL_MESSAGES.providerPhoneRequired),
  primary_diagnosis: requiredText(REFERRAL_MESSAGES.diagnosisRequired, 500),
  risk_score: riskScoreField,
  availability: z.preprocess(
    blankToUndefined,
    z.enum(AVAILABILITY_OPTIONS, { error: REFERRAL_MESSAGES.availabilityRequired }),
  ),
  urgency_level: z.enum(SERVER_URGENCIES).default('Routine'),
  additional_notes: optionalText(5000),
  sdoh_needs: needList,
  housing_subcategories: needList,
  transportation_subcategories: needList,
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
};

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

/** PUT /api/referrals/{id} status change (000 §7: {status, updated_at}). */
export const referralStatusChangeSchema = z.strictObject({
  status: statusInput,
  /** The client's clock; the server stores its own time. */
  updated_at: z.string().max(40).optional(),
});
export type ReferralStatusChange = z.output<typeof referralStatusChangeSchema>;

export function isStatusChangeBody(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.includes('status') && keys.every((k) => k === 'status' || k === 'updated_at');
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
