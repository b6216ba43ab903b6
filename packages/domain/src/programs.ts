import { z } from 'zod';
import { idNumber, pageQuery, timestampSchema } from './common.ts';
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, type ActivityType } from './enrollments.ts';
import { isValidPhone } from './orgs.ts';

// Programs and their billing activities (002 §2 "Program Management", §3 Program and Billing activity, §5, §6,
// §7 "Programs and billing", §8, §9; issue #15 item 5). Money is dollars on the wire and integer cents in the
// database; current_enrollment is counted from the active enrollments, never stored.

/** Texts of the programs screen and API (002 §5, §8: the client shows the server's detail, else these). */
export const PROGRAM_MESSAGES = {
  title: 'Program Management',
  nameRequired: 'Program name is required',
  typeRequired: 'Program type is required',
  typeInvalid: 'Choose a program type from the list',
  serviceInvalid: 'Choose services from the list',
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
  endBeforeStart: 'End date must be on or after the start date',
  capacityInvalid: 'Capacity must be a whole number of 0 or more',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  moneyInvalid: 'Enter an amount in dollars of 0 or more, with at most 2 decimals (cents)',
  moneyTooLarge: 'The amount is too large',
  tooLong: (max: number) => `At most ${max} characters.`,
  notFound: 'Program not found',
  manageForbidden: 'Only managers and administrators can change programs and billing activities.',
  /** DELETE without ?confirm=true of a program that has enrollments (002 §5: programs delete their enrollments). */
  hasEnrollments: (n: number) =>
    `This program has ${n} ${n === 1 ? 'enrollment' : 'enrollments'}. Deleting it also deletes ${
      n === 1 ? 'it' : 'them'
    }; confirm to delete the program anyway.`,
  atCapacity: (active: number, capacity: number) =>
    `This program is full: ${active} of ${capacity} places are taken by active enrollments.`,
  inactive: 'This program is not active; it takes no new active enrollments.',
  overrideForbidden: 'Only managers and administrators can enroll past a program’s capacity.',
  deleted: 'Program deleted',
  fetchFailed: 'Failed to fetch programs',
  fetchOneFailed: 'Failed to fetch program',
  createFailed: 'Failed to create program',
  updateFailed: 'Failed to update program',
  deleteFailed: 'Failed to delete program',
  /** The confirmation before a delete (002 §5: deleting a program also deletes its member enrollments). */
  confirmDelete: (name: string, enrollments: number) =>
    enrollments > 0
      ? `Delete ${name}? This also deletes its ${enrollments} member ${
          enrollments === 1 ? 'enrollment' : 'enrollments'
        } and their activities, notes and goals. This cannot be undone.`
      : `Delete ${name}? This cannot be undone.`,
} as const;

export const BILLING_ACTIVITY_MESSAGES = {
  title: 'Billing Activities',
  nameRequired: 'Activity name is required',
  unitRequired: 'Billing unit is required',
  unitInvalid: 'Choose a billing unit from the list',
  typeInvalid: 'Choose an activity type from the list',
  rateRequired: 'Rate per unit is required',
  programRequired: 'program_id must be the id of a program.',
  cptInvalid: 'A CPT code is 5 characters: 5 digits, or 4 digits and F or T (category II or III)',
  hcpcsInvalid: 'A HCPCS code is one letter and 4 digits, such as G9008',
  revenueInvalid: 'A revenue code is 4 digits, such as 0500',
  modifierInvalid: 'A modifier is 2 letters or digits, such as U1',
  placeOfServiceInvalid: 'A place of service is a 2-digit code, such as 12 (home)',
  maxUnitsInvalid: 'Maximum units must be a whole number of 1 or more',
  expirationBeforeEffective: 'Expiration date must be on or after the effective date',
  notFound: 'Billing activity not found',
  deleted: 'Billing activity deleted',
  fetchFailed: 'Failed to fetch billing activities',
  createFailed: 'Failed to create billing activity',
  updateFailed: 'Failed to update billing activity',
  deleteFailed: 'Failed to delete billing activity',
  confirmDelete: (name: string) => `Delete the billing activity ${name}? This cannot be undone.`,
} as const;

/**
 * The kinds of program an organization runs for a health plan (002 §7 GET /api/programs/types/list: value, label,
 * description). The spec shows no list; these are the Medi-Cal CalAIM programs the product serves and the
 * general kinds around them.
 */
export const PROGRAM_TYPE_OPTIONS = [
  {
    value: 'enhanced_care_management',
    label: 'Enhanced Care Management (ECM)',
    description: 'Whole-person care management for members with the highest medical and social needs.',
  },
  {
    value: 'community_supports',
    label: 'Community Supports',
    description:
      'Services that address social drivers of health in place of medical care (meals, respite, sobering centers…).',
  },
  {
    value: 'housing_navigation',
    label: 'Housing Navigation',
    description: 'Helping members find, apply for, move into and keep housing.',
  },
  {
    value: 'care_coordination',
    label: 'Care Coordination',
    description: "Coordinating a member's care across providers, plans and community services.",
  },
  {
    value: 'chronic_disease_management',
    label: 'Chronic Disease Management',
    description:
      'Support for members living with diabetes, heart disease, asthma and other chronic conditions.',
  },
  {
    value: 'behavioral_health',
    label: 'Behavioral Health',
    description: 'Mental health and substance use support and navigation.',
  },
  {
    value: 'health_promotion',
    label: 'Health Promotion',
    description: 'Health education, prevention and wellness programs.',
  },
  {
    value: 'other',
    label: 'Other',
    description: 'Any other program the organization runs.',
  },
] as const satisfies readonly { value: string; label: string; description: string }[];
export const PROGRAM_TYPES = PROGRAM_TYPE_OPTIONS.map((o) => o.value) as [
  (typeof PROGRAM_TYPE_OPTIONS)[number]['value'],
  ...(typeof PROGRAM_TYPE_OPTIONS)[number]['value'][],
];
export type ProgramType = (typeof PROGRAM_TYPE_OPTIONS)[number]['value'];

/** 002 §9 "Program services". */
export const PROGRAM_SERVICE_OPTIONS = [
  { value: 'care_coordination', label: 'Care Coordination' },
  { value: 'health_promotion', label: 'Health Promotion' },
  { value: 'comprehensive_assessment', label: 'Comprehensive Assessment' },
  { value: 'care_plan_development', label: 'Care Plan Development' },
  { value: 'referral_assistance', label: 'Referral Assistance' },
  { value: 'follow_up_care', label: 'Follow-up Care' },
  { value: 'benefits_navigation', label: 'Benefits Navigation' },
  { value: 'community_resources', label: 'Community Resources' },
] as const satisfies readonly { value: string; label: string }[];
export const PROGRAM_SERVICES = PROGRAM_SERVICE_OPTIONS.map((o) => o.value) as [
  (typeof PROGRAM_SERVICE_OPTIONS)[number]['value'],
  ...(typeof PROGRAM_SERVICE_OPTIONS)[number]['value'][],
];
export type ProgramService = (typeof PROGRAM_SERVICE_OPTIONS)[number]['value'];

/**
 * The activity a billing activity bills: 002 §9's enrollment activity types, so a completed activity of that type
 * on an enrollment of the program is billable as it (GET /api/billing-activities/types/list).
 */
export const BILLING_ACTIVITY_TYPES = ACTIVITY_TYPES;
export type BillingActivityType = ActivityType;
export const BILLING_ACTIVITY_TYPE_OPTIONS: readonly { value: BillingActivityType; label: string }[] =
  ACTIVITY_TYPES.map((value) => ({ value, label: ACTIVITY_TYPE_LABELS[value] }));

/** What one billed unit is (GET /api/billing-activities/units/list). */
export const BILLING_UNIT_OPTIONS = [
  { value: 'per_encounter', label: 'Per encounter' },
  { value: '15_minutes', label: '15 minutes' },
  { value: '30_minutes', label: '30 minutes' },
  { value: 'per_hour', label: 'Per hour' },
  { value: 'per_day', label: 'Per day' },
  { value: 'per_week', label: 'Per week' },
  { value: 'per_month', label: 'Per month' },
  { value: 'per_meal', label: 'Per meal' },
] as const satisfies readonly { value: string; label: string }[];
export const BILLING_UNITS = BILLING_UNIT_OPTIONS.map((o) => o.value) as [
  (typeof BILLING_UNIT_OPTIONS)[number]['value'],
  ...(typeof BILLING_UNIT_OPTIONS)[number]['value'][],
];
export type BillingUnit = (typeof BILLING_UNIT_OPTIONS)[number]['value'];

/** The label of a list value, or the value itself for one the list does not know (old data). */
export function optionLabel(options: readonly { value: string; label: string }[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

// --- Code shapes (checked by shape only: no CPT descriptions are shipped; descriptions are the organization's) ---

/** CPT: 5 digits (category I), or 4 digits and F (category II) or T (category III). */
export const CPT_CODE_PATTERN = /^[0-9]{4}[0-9FT]$/;
/** HCPCS level II: one letter and 4 digits (G9008, T1016). */
export const HCPCS_CODE_PATTERN = /^[A-Z][0-9]{4}$/;
/** UB-04 revenue code: 4 digits (0500). */
export const REVENUE_CODE_PATTERN = /^[0-9]{4}$/;
/** A CPT/HCPCS modifier: 2 letters or digits (U1, HK, 25). */
export const MODIFIER_PATTERN = /^[A-Z0-9]{2}$/;
/** CMS place of service: 2 digits (11 office, 12 home). */
export const PLACE_OF_SERVICE_PATTERN = /^[0-9]{2}$/;

// --- Money: dollars on the wire, integer cents in the database ---

/** The largest amount a rate may be, in dollars (far above any per-unit rate; keeps cents exact in a double). */
export const MONEY_MAX_DOLLARS = 1_000_000;

/** Whether a dollar amount has at most 2 decimals (19.99 → yes, despite binary floating point; 12.345 → no). */
export function hasAtMostCents(dollars: number): boolean {
  const cents = dollars * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Dollars (at most 2 decimals) to integer cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to dollars, for the wire. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** '$1,234.50' for cents. */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

// --- Field schemas ---

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * An optional text: left out keeps what is stored (on an update), '' or null stores none; otherwise trimmed,
 * upper-cased when asked (codes) and checked.
 */
function optionalText(
  max: number,
  check?: { test: (v: string) => boolean; message: string },
  options: { upperCase?: boolean } = {},
) {
  const text = z.string().trim().max(max, PROGRAM_MESSAGES.tooLong(max));
  return (options.upperCase ? text.toUpperCase() : text)
    .refine((v) => v === '' || !check || check.test(v), check?.message ?? 'Invalid value.')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === '' ? null : v));
}

/** A billing code: checked by its shape, upper-cased ('g9008' is G9008). */
const code = (pattern: RegExp, message: string) =>
  optionalText(20, { test: (v) => pattern.test(v), message }, { upperCase: true });

/** An optional day, YYYY-MM-DD; '' or null: none. */
const optionalDay = (message = PROGRAM_MESSAGES.dateInvalid) =>
  optionalText(40, { test: isCalendarDay, message });

/** An amount in dollars: 0 or more, at most 2 decimals. */
const money = (requiredMessage: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : PROGRAM_MESSAGES.moneyInvalid,
    })
    .min(0, PROGRAM_MESSAGES.moneyInvalid)
    .max(MONEY_MAX_DOLLARS, PROGRAM_MESSAGES.moneyTooLarge)
    .refine(hasAtMostCents, PROGRAM_MESSAGES.moneyInvalid);

/** A whole number from `min`, or null/absent for none. */
const optionalCount = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).nullish();

const flag = z.boolean({ error: 'Must be true or false.' }).optional();

/** Dates in order on a body that carries both (an update is checked again against the stored values). */
function datesInOrder(
  first: string,
  last: string,
  message: string,
): (value: Record<string, unknown>, ctx: z.RefinementCtx) => void {
  return (value, ctx) => {
    const a = value[first];
    const b = value[last];
    if (typeof a === 'string' && typeof b === 'string' && b < a) {
      ctx.addIssue({ code: 'custom', path: [last], message });
    }
  };
}

// --- Programs ---

const programFields = {
  name: z
    .string({ error: PROGRAM_MESSAGES.nameRequired })
    .trim()
    .min(1, PROGRAM_MESSAGES.nameRequired)
    .max(200, PROGRAM_MESSAGES.tooLong(200)),
  program_type: z.enum(PROGRAM_TYPES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? PROGRAM_MESSAGES.typeRequired
        : PROGRAM_MESSAGES.typeInvalid,
  }),
  description: optionalText(4000),
  is_active: flag,
  start_date: optionalDay(),
  end_date: optionalDay(),
  /** Active enrollments the program takes; null: no limit. */
  capacity: optionalCount(0, 1_000_000, PROGRAM_MESSAGES.capacityInvalid),
  funding_source: optionalText(200),
  billing_code: optionalText(50),
  /** Dollars, at most 2 decimals; stored as cents. */
  reimbursement_rate: money(PROGRAM_MESSAGES.moneyInvalid).nullish(),
  eligibility_criteria: optionalText(4000),
  services_offered: z
    .array(z.enum(PROGRAM_SERVICES, { error: PROGRAM_MESSAGES.serviceInvalid }), {
      error: PROGRAM_MESSAGES.serviceInvalid,
    })
    .max(PROGRAM_SERVICES.length * 2, PROGRAM_MESSAGES.serviceInvalid)
    .transform((list) => [...new Set(list)])
    .optional(),
  program_manager_name: optionalText(200),
  program_manager_email: optionalText(320, {
    test: (v) => EMAIL_PATTERN.test(v),
    message: PROGRAM_MESSAGES.emailInvalid,
  }),
  program_manager_phone: optionalText(40, { test: isValidPhone, message: PROGRAM_MESSAGES.phoneInvalid }),
};

/** POST /api/programs body (002 §5: a program needs a name and a type). */
export const programCreateSchema = z
  .strictObject(programFields)
  .superRefine(datesInOrder('start_date', 'end_date', PROGRAM_MESSAGES.endBeforeStart));
export type ProgramCreateInput = z.input<typeof programCreateSchema>;
export type ProgramCreate = z.output<typeof programCreateSchema>;

/** PUT /api/programs/{id} body: any subset of the fields; left out keeps, null or '' clears an optional one. */
export const programUpdateSchema = z
  .strictObject({
    ...programFields,
    name: programFields.name.optional(),
    program_type: programFields.program_type.optional(),
  })
  .superRefine(datesInOrder('start_date', 'end_date', PROGRAM_MESSAGES.endBeforeStart));
export type ProgramUpdateInput = z.input<typeof programUpdateSchema>;
export type ProgramUpdate = z.output<typeof programUpdateSchema>;

export const PROGRAM_PAGE_SIZE_DEFAULT = 50;
export const PROGRAM_PAGE_SIZE_MAX = 200;

/** GET /api/programs query: filters by type and status, search by name, paged on the server. */
export const programListQuerySchema = z.strictObject({
  ...pageQuery(PROGRAM_PAGE_SIZE_DEFAULT, PROGRAM_PAGE_SIZE_MAX),
  search: z.string().trim().max(200, PROGRAM_MESSAGES.tooLong(200)).optional(),
  program_type: z.enum(PROGRAM_TYPES, { error: PROGRAM_MESSAGES.typeInvalid }).optional(),
  is_active: z.enum(['true', 'false'], { error: "is_active must be 'true' or 'false'." }).optional(),
});
export type ProgramListQuery = z.output<typeof programListQuerySchema>;

/** DELETE /api/programs/{id} query: confirm=true deletes a program that has enrollments (and them with it). */
export const programDeleteQuerySchema = z.strictObject({
  confirm: z.enum(['true', 'false'], { error: "confirm must be 'true' or 'false'." }).optional(),
});

/** 002 §3 Program, as the server sends it. */
export const programSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    program_type: z.string(),
    description: z.string().nullable(),
    is_active: z.boolean(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    /** Active enrollments the program takes; null: no limit. */
    capacity: z.number().int().nullable(),
    /** Counted from the enrollments whose status is active (never stored). */
    current_enrollment: z.number().int(),
    /** Every enrollment of the program, whatever its status: what a delete would remove. */
    enrollment_count: z.number().int(),
    billing_activity_count: z.number().int(),
    funding_source: z.string().nullable(),
    billing_code: z.string().nullable(),
    /** Dollars. */
    reimbursement_rate: z.number().nullable(),
    eligibility_criteria: z.string().nullable(),
    services_offered: z.array(z.string()),
    program_manager_name: z.string().nullable(),
    program_manager_email: z.string().nullable(),
    program_manager_phone: z.string().nullable(),
    created_ts: timestampSchema,
    last_updated_ts: timestampSchema,
  })
  .meta({ id: 'Program' });
export type Program = z.infer<typeof programSchema>;

/** Figures over every program of the organization (filters and search aside): the screen's statistics. */
export const programStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  /** Sum of the capacities of the active programs that have one. */
  total_capacity: z.number().int(),
  /** Active enrollments over every program. */
  current_enrollment: z.number().int(),
});
export type ProgramStats = z.infer<typeof programStatsSchema>;

export const programListSchema = z
  .object({
    programs: z.array(programSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    stats: programStatsSchema,
  })
  .meta({ id: 'ProgramList' });
export type ProgramList = z.infer<typeof programListSchema>;

export const programDeleteResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  /** How many enrollments went with it. */
  enrollments_deleted: z.number().int(),
});
export type ProgramDeleteResponse = z.infer<typeof programDeleteResponseSchema>;

export const programTypeListSchema = z.array(
  z.object({ value: z.string(), label: z.string(), description: z.string() }),
);
export const optionListSchema = z.array(z.object({ value: z.string(), label: z.string() }));
export type OptionList = z.infer<typeof optionListSchema>;

// --- Billing activities ---

const billingActivityFields = {
  activity_name: z
    .string({ error: BILLING_ACTIVITY_MESSAGES.nameRequired })
    .trim()
    .min(1, BILLING_ACTIVITY_MESSAGES.nameRequired)
    .max(200, PROGRAM_MESSAGES.tooLong(200)),
  activity_code: optionalText(50),
  /** '' or null: none. */
  activity_type: z
    .union([z.enum(BILLING_ACTIVITY_TYPES), z.literal('')], { error: BILLING_ACTIVITY_MESSAGES.typeInvalid })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === '' ? null : v)),
  description: optionalText(4000),
  cpt_code: code(CPT_CODE_PATTERN, BILLING_ACTIVITY_MESSAGES.cptInvalid),
  hcpcs_code: code(HCPCS_CODE_PATTERN, BILLING_ACTIVITY_MESSAGES.hcpcsInvalid),
  revenue_code: code(REVENUE_CODE_PATTERN, BILLING_ACTIVITY_MESSAGES.revenueInvalid),
  modifier_1: code(MODIFIER_PATTERN, BILLING_ACTIVITY_MESSAGES.modifierInvalid),
  modifier_2: code(MODIFIER_PATTERN, BILLING_ACTIVITY_MESSAGES.modifierInvalid),
  billing_unit: z.enum(BILLING_UNITS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? BILLING_ACTIVITY_MESSAGES.unitRequired
        : BILLING_ACTIVITY_MESSAGES.unitInvalid,
  }),
  /** 002 §5 "step 0.01": dollars with at most 2 decimals; stored as cents. */
  rate_per_unit: money(BILLING_ACTIVITY_MESSAGES.rateRequired),
  /** The managed-care plan's own id for the service. */
  mcp_id: optionalText(100),
  max_units_per_day: optionalCount(1, 10_000, BILLING_ACTIVITY_MESSAGES.maxUnitsInvalid),
  max_units_per_month: optionalCount(1, 100_000, BILLING_ACTIVITY_MESSAGES.maxUnitsInvalid),
  place_of_service: code(PLACE_OF_SERVICE_PATTERN, BILLING_ACTIVITY_MESSAGES.placeOfServiceInvalid),
  is_bundled: flag,
  /** The activities (names or codes) a bundled activity includes. */
  bundled_activities: z
    .array(z.string().trim().min(1, 'Enter a name or code.').max(200, PROGRAM_MESSAGES.tooLong(200)))
    .max(50, 'At most 50 bundled activities.')
    .optional(),
  requires_prior_auth: flag,
  requires_supervision: flag,
  min_credentials_required: optionalText(200),
  is_active: flag,
  effective_date: optionalDay(),
  expiration_date: optionalDay(),
};

/** POST /api/billing-activities body (002 §5: activity name, billing unit and rate per unit are required). */
export const billingActivityCreateSchema = z
  .strictObject({
    program_id: idNumber(BILLING_ACTIVITY_MESSAGES.programRequired),
    ...billingActivityFields,
  })
  .superRefine(
    datesInOrder('effective_date', 'expiration_date', BILLING_ACTIVITY_MESSAGES.expirationBeforeEffective),
  );
export type BillingActivityCreateInput = z.input<typeof billingActivityCreateSchema>;
export type BillingActivityCreate = z.output<typeof billingActivityCreateSchema>;

/** PUT /api/billing-activities/{id} body: any subset; it stays in its program. */
export const billingActivityUpdateSchema = z
  .strictObject({
    ...billingActivityFields,
    activity_name: billingActivityFields.activity_name.optional(),
    billing_unit: billingActivityFields.billing_unit.optional(),
    rate_per_unit: billingActivityFields.rate_per_unit.optional(),
  })
  .superRefine(
    datesInOrder('effective_date', 'expiration_date', BILLING_ACTIVITY_MESSAGES.expirationBeforeEffective),
  );
export type BillingActivityUpdateInput = z.input<typeof billingActivityUpdateSchema>;
export type BillingActivityUpdate = z.output<typeof billingActivityUpdateSchema>;

/** 002 §3 Billing activity, as the server sends it. */
export const billingActivitySchema = z
  .object({
    id: z.number().int(),
    program_id: z.number().int(),
    activity_name: z.string(),
    activity_code: z.string().nullable(),
    activity_type: z.string().nullable(),
    description: z.string().nullable(),
    cpt_code: z.string().nullable(),
    hcpcs_code: z.string().nullable(),
    revenue_code: z.string().nullable(),
    modifier_1: z.string().nullable(),
    modifier_2: z.string().nullable(),
    billing_unit: z.string(),
    /** Dollars. */
    rate_per_unit: z.number(),
    mcp_id: z.string().nullable(),
    max_units_per_day: z.number().int().nullable(),
    max_units_per_month: z.number().int().nullable(),
    place_of_service: z.string().nullable(),
    is_bundled: z.boolean(),
    bundled_activities: z.array(z.string()),
    requires_prior_auth: z.boolean(),
    requires_supervision: z.boolean(),
    min_credentials_required: z.string().nullable(),
    is_active: z.boolean(),
    effective_date: z.string().nullable(),
    expiration_date: z.string().nullable(),
    created_ts: timestampSchema,
  })
  .meta({ id: 'BillingActivity' });
export type BillingActivity = z.infer<typeof billingActivitySchema>;

export const billingActivityListSchema = z.array(billingActivitySchema);

export const billingActivityDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });
export type BillingActivityDeleteResponse = z.infer<typeof billingActivityDeleteResponseSchema>;
