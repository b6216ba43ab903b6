import { z } from 'zod';
import { pageQuery, timestampSchema } from './common.ts';
import {
  type AcceptanceStatus,
  AVAILABILITY_OPTIONS,
  CLIENT_URGENCIES,
  type ClientUrgency,
  PLAN_TYPES,
  REFERRAL_STATUSES,
  type ReferralStatus,
  SERVER_URGENCIES,
  urgencyToClient,
  urgencyToServer,
} from './referrals.ts';

// The referral on the wire (000 §3.2 server shape, §3.3 update payload, §5.1–§5.3 rules, §5.5 queue filters),
// and the mapping to and from the client shape of §3.1 with the form defaults of §3.4.

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
export const REFERRAL_PAGE_SIZE_DEFAULT = 50;
export const REFERRAL_PAGE_SIZE_MAX = 200;
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

const nullableString = z.string().nullable();

/** The matched provider as a referral carries it (001 §3 matched provider entry, the fields a card shows). */
export const matchedProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_type: z.string(),
  services: z.array(z.string()),
  phone: nullableString,
  email: nullableString,
  city: nullableString,
  state: nullableString,
  /** The organization whose users act for this provider (accept, reject), when it has one. */
  organization_id: z.number().int().nullable(),
});
export type MatchedProvider = z.infer<typeof matchedProviderSchema>;

/** One referral as the server sends it (000 §3.2). */
export const referralSchema = z
  .object({
    id: z.number().int(),
    referral_number: z.string(),
    organization_id: z.number().int(),
    /** The creating user's id (the spec's "fixed 1" is the signed-in user here). */
    created_by: z.number().int().nullable(),
    member_id: z.number().int().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: nullableString,
    email: nullableString,
    date_of_birth: nullableString,
    zip_code: nullableString,
    preferred_language: z.string(),
    street_address: nullableString,
    city: nullableString,
    state: nullableString,
    country: z.string(),
    medicaid_id: z.string(),
    health_plan: nullableString,
    plan_type: z.string(),
    provider_name: nullableString,
    npi_number: nullableString,
    organization: nullableString,
    provider_phone_number: nullableString,
    primary_diagnosis: z.string(),
    risk_score: z.number().int().nullable(),
    availability: nullableString,
    urgency_level: z.string(),
    additional_notes: nullableString,
    sdoh_needs: z.array(z.string()),
    housing_subcategories: z.array(z.string()),
    transportation_subcategories: z.array(z.string()),
    prior_authorization_required: z.boolean(),
    member_consent_obtained: z.boolean(),
    hipaa_compliant: z.boolean(),
    use_matching_engine: z.boolean(),
    status: z.string(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
    matched_provider_id: z.number().int().nullable(),
    matched_at: timestampSchema.nullable(),
    match_method: nullableString,
    acceptance_status: nullableString,
    accepted_at: timestampSchema.nullable(),
    rejected_at: timestampSchema.nullable(),
    rejection_reason: nullableString,
    expires_at: timestampSchema.nullable(),
    phi_email_sent: z.boolean(),
    email_sent_to: nullableString,
    emergency_contact_name: nullableString,
    emergency_contact_phone: nullableString,
    /** 001 §3 Referral (as used for matching): the member's location from the ZIP, and the auto-match time. */
    latitude: z.number().nullable().optional(),
    longitude: z.number().nullable().optional(),
    auto_matched_at: timestampSchema.nullable().optional(),
    /** The directory provider the referral is matched to (for the workspace's provider card). */
    matched_provider: matchedProviderSchema.nullable(),
    /**
     * How the caller relates to the referral: 'owner' (its organization created it) or 'provider' (its
     * organization acts for the matched provider and may respond). Computed per request by the server.
     */
    viewer_role: z.enum(['owner', 'provider']),
    /**
     * 001 §2.8: the caller's provider this referral was sent to, while no provider is matched and it has not
     * answered: it may accept or reject as that provider. Only on GET /api/referrals/{id}.
     */
    sent_to_provider: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  })
  .meta({ id: 'Referral' });
export type Referral = z.infer<typeof referralSchema>;

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

/**
 * The kinds of history rows (issue #4 item 2). The workspace timeline (000 §2.7) is built from them:
 * created, edited, status changes, a claim from the live feed, a match, the provider's answer, expiry, the PHI
 * email, the member's notices, notes, documents, contact details and deletion.
 */
export const REFERRAL_EVENT_TYPES = [
  'created',
  'updated',
  'status_changed',
  'claimed',
  'matched',
  'auto_matched',
  'match_changed',
  'match_removed',
  'accepted',
  'rejected',
  'expired',
  'phi_email_sent',
  'phi_email_failed',
  'member_notified',
  'sent_to_provider',
  'note_added',
  'note_updated',
  'note_deleted',
  'document_uploaded',
  'document_deleted',
  'contact_updated',
  'deleted',
  // Provider communications (001 §2.10–§2.16): a conversation message sent or received (details.channel sms or
  // email), a call placed and its end, a voicemail, a web-form submission.
  'message_sent',
  'message_received',
  'call_placed',
  'call_ended',
  'voicemail_received',
  'web_form_submitted',
] as const;
export type ReferralEventType = (typeof REFERRAL_EVENT_TYPES)[number];

/** One history row of a referral (issue #4 item 2); the workspace timeline is built from these. */
export const referralEventSchema = z.object({
  id: z.number().int(),
  referral_id: z.number().int().nullable(),
  type: z.string(),
  from_status: nullableString,
  to_status: nullableString,
  actor_user_id: z.number().int().nullable(),
  actor_name: nullableString,
  details: z.record(z.string(), z.unknown()),
  at: timestampSchema,
});
export type ReferralEvent = z.infer<typeof referralEventSchema>;
export const referralEventListSchema = z.object({ events: z.array(referralEventSchema) });

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

// ---- Client shape (000 §3.1) and the mapping, used only by apps/web/src/api. ----

export type ReferringProvider = { name: string; npi: string; organization: string; phone: string };

export type ClientReferral = {
  id: number | string;
  referralNumber: string;
  status: string;
  /** The organization's member record (grouped by in the queue and Member Profiles; 000 §2.3, §2.8). */
  memberId: number | null;
  memberMedicaidId: string;
  /** 000 §3.1 shows one name; the parts are kept so that an edit does not re-split "Mary Ann" + "Smith". */
  memberName: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  dateOfBirth: string;
  zipCode: string;
  preferredLanguage: string;
  streetAddress: string;
  city: string;
  state: string;
  country: string;
  healthPlan: string;
  planType: string;
  referringProvider: ReferringProvider;
  primaryDiagnosis: string;
  riskScore?: number;
  sdohNeeds: string[];
  housingSubcategories: string[];
  transportationSubcategories: string[];
  urgencyLevel: ClientUrgency;
  authorizationRequired: boolean;
  consentObtained: boolean;
  hipaaCompliant: boolean;
  availability: string;
  additionalNotes: string;
  timeline: ClientUrgency;
  createdAt: string;
  useMatchingEngine: boolean;
  matchedProviderId: number | null;
  matchedAt: string | null;
  /** How the current match was made ('auto', 'manual', 'claim'), when there is one. */
  matchMethod: string | null;
  acceptanceStatus: AcceptanceStatus | null;
  acceptedAt: string | null;
  rejectedAt: string | null;
  rejectionReason: string | null;
  expiresAt: string | null;
  phiEmailSent: boolean;
  emailSentTo: string | null;
  emergencyContactName: string;
  emergencyContactPhone: string;
  matchedProvider: MatchedProvider | null;
  viewerRole: 'owner' | 'provider';
  /** The caller's provider this referral was sent to, which may still answer it (001 §2.8). */
  sentToProvider: { id: number; name: string } | null;
};

/** 000 §3.4 form defaults, plus the client-built defaults of §3.2 (language English, status Pending). */
export const CLIENT_REFERRAL_DEFAULTS = {
  country: 'USA',
  planType: 'Managed Care',
  urgencyLevel: 'Routine',
  timeline: 'Routine',
  authorizationRequired: false,
  consentObtained: false,
  hipaaCompliant: true,
  useMatchingEngine: true,
  preferredLanguage: 'English',
  status: 'Pending',
} as const;

/** 000 §3.1: the first word is the first name, the rest is the last name. */
export function splitMemberName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** Server shape → client shape (000 §3.1, §3.2): urgency and status mapped, nulls become empty strings. */
export function toClientReferral(r: Referral): ClientReferral {
  const urgency = urgencyToClient(r.urgency_level);
  return {
    id: r.id,
    referralNumber: r.referral_number,
    status: r.status,
    memberId: r.member_id,
    memberMedicaidId: r.medicaid_id,
    memberName: [r.first_name, r.last_name].filter(Boolean).join(' '),
    firstName: r.first_name,
    lastName: r.last_name,
    phoneNumber: r.phone_number ?? '',
    email: r.email ?? '',
    dateOfBirth: r.date_of_birth ?? '',
    zipCode: r.zip_code ?? '',
    preferredLanguage: r.preferred_language || CLIENT_REFERRAL_DEFAULTS.preferredLanguage,
    streetAddress: r.street_address ?? '',
    city: r.city ?? '',
    state: r.state ?? '',
    country: r.country || CLIENT_REFERRAL_DEFAULTS.country,
    healthPlan: r.health_plan ?? '',
    planType: r.plan_type || CLIENT_REFERRAL_DEFAULTS.planType,
    referringProvider: {
      name: r.provider_name ?? '',
      npi: r.npi_number ?? '',
      organization: r.organization ?? '',
      phone: r.provider_phone_number ?? '',
    },
    primaryDiagnosis: r.primary_diagnosis,
    ...(r.risk_score == null ? {} : { riskScore: r.risk_score }),
    sdohNeeds: r.sdoh_needs,
    housingSubcategories: r.housing_subcategories,
    transportationSubcategories: r.transportation_subcategories,
    urgencyLevel: urgency,
    authorizationRequired: r.prior_authorization_required,
    consentObtained: r.member_consent_obtained,
    hipaaCompliant: r.hipaa_compliant,
    availability: r.availability ?? '',
    additionalNotes: r.additional_notes ?? '',
    timeline: urgency,
    createdAt: r.created_at,
    useMatchingEngine: r.use_matching_engine,
    matchedProviderId: r.matched_provider_id,
    matchedAt: r.matched_at,
    matchMethod: r.match_method,
    acceptanceStatus: (r.acceptance_status as AcceptanceStatus | null) ?? null,
    acceptedAt: r.accepted_at,
    rejectedAt: r.rejected_at,
    rejectionReason: r.rejection_reason,
    expiresAt: r.expires_at,
    phiEmailSent: r.phi_email_sent,
    emailSentTo: r.email_sent_to,
    emergencyContactName: r.emergency_contact_name ?? '',
    emergencyContactPhone: r.emergency_contact_phone ?? '',
    matchedProvider: r.matched_provider,
    viewerRole: r.viewer_role,
    sentToProvider: r.sent_to_provider ?? null,
  };
}

/** The form's values (client shape, possibly partial) as the create/update body (000 §3.3). */
export type ClientReferralForm = Partial<Omit<ClientReferral, 'referringProvider'>> & {
  referringProvider?: Partial<ReferringProvider>;
};

/** Client shape → create/update body (000 §3.2, §3.3), with the §3.4 defaults for what the form left out. */
export function toServerPayload(c: ClientReferralForm): ReferralUpdateInput {
  // The parts when the caller has them (the form does); else the §3.1 split of the one name.
  const { firstName, lastName } =
    c.firstName !== undefined || c.lastName !== undefined
      ? { firstName: c.firstName ?? '', lastName: c.lastName ?? '' }
      : splitMemberName(c.memberName ?? '');
  const p = c.referringProvider ?? {};
  return {
    first_name: firstName,
    last_name: lastName,
    phone_number: c.phoneNumber ?? '',
    email: c.email ?? '',
    date_of_birth: c.dateOfBirth ?? '',
    zip_code: c.zipCode ?? '',
    preferred_language: c.preferredLanguage || CLIENT_REFERRAL_DEFAULTS.preferredLanguage,
    street_address: c.streetAddress ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    country: c.country || CLIENT_REFERRAL_DEFAULTS.country,
    medicaid_id: c.memberMedicaidId ?? '',
    health_plan: c.healthPlan ?? '',
    plan_type: (c.planType || CLIENT_REFERRAL_DEFAULTS.planType) as (typeof PLAN_TYPES)[number],
    provider_name: p.name ?? '',
    npi_number: p.npi ?? '',
    organization: p.organization ?? '',
    provider_phone_number: p.phone ?? '',
    primary_diagnosis: c.primaryDiagnosis ?? '',
    risk_score: c.riskScore ?? null,
    availability: c.availability ?? '',
    urgency_level: urgencyToServer(c.urgencyLevel ?? CLIENT_REFERRAL_DEFAULTS.urgencyLevel),
    additional_notes: c.additionalNotes ?? '',
    sdoh_needs: c.sdohNeeds ?? [],
    housing_subcategories: c.housingSubcategories ?? [],
    transportation_subcategories: c.transportationSubcategories ?? [],
    prior_authorization_required: c.authorizationRequired ?? CLIENT_REFERRAL_DEFAULTS.authorizationRequired,
    member_consent_obtained: c.consentObtained ?? CLIENT_REFERRAL_DEFAULTS.consentObtained,
    // 000 §3.1: always true on submit.
    hipaa_compliant: true,
    use_matching_engine: c.useMatchingEngine ?? CLIENT_REFERRAL_DEFAULTS.useMatchingEngine,
  };
}
