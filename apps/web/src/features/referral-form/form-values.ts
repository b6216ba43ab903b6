import {
  CLIENT_REFERRAL_DEFAULTS,
  type ClientReferral,
  type ClientReferralForm,
  type ClientUrgency,
  COUNTRIES,
  formatPhoneDigits,
  HOUSING_NEED,
  type LookupMember,
  OTHER_NEEDS,
  PLAN_TYPES,
  type ReferralUpdateInput,
  referralCreateSchema,
  referralUpdateSchema,
  TRANSPORTATION_NEED,
  toServerPayload,
  usStateCode,
} from '@trust/domain';
import { schemaErrors } from '../../components/form/schema-errors.ts';

// The referral form's values and its pure rules (000 §2.1, §3.1, §3.4, §5.1–§5.3). The values carry the wire's
// field names, so a message of the shared schema, or of the server, lands on the input of the same name.

export type ReferralFormValues = {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  date_of_birth: string;
  preferred_language: string;
  medicaid_id: string;
  /** Optional, 0-100 (000 §5.3); '' when not given. */
  risk_score: string;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  health_plan: string;
  plan_type: string;
  provider_name: string;
  npi_number: string;
  organization: string;
  provider_phone_number: string;
  sdoh_needs: string[];
  housing_subcategories: string[];
  transportation_subcategories: string[];
  primary_diagnosis: string;
  /** The level the coordinator chooses, sent and stored as chosen (issue #14). */
  urgency: ClientUrgency;
  availability: string;
  additional_notes: string;
  member_consent_obtained: boolean;
  prior_authorization_required: boolean;
  use_matching_engine: boolean;
};
export type FormField = keyof ReferralFormValues;
/** Messages by wire field name (the §5.1 needs message sits on sdoh_needs). */
export type FieldErrors = Partial<Record<string, string>>;

/** 000 §3.4 form defaults: country USA, Managed Care, Routine, nothing ticked, matching engine on. */
export function emptyForm(): ReferralFormValues {
  return {
    first_name: '',
    last_name: '',
    phone_number: '',
    email: '',
    date_of_birth: '',
    preferred_language: CLIENT_REFERRAL_DEFAULTS.preferredLanguage,
    medicaid_id: '',
    risk_score: '',
    street_address: '',
    city: '',
    state: '',
    zip_code: '',
    country: CLIENT_REFERRAL_DEFAULTS.country,
    health_plan: '',
    plan_type: CLIENT_REFERRAL_DEFAULTS.planType,
    provider_name: '',
    npi_number: '',
    organization: '',
    provider_phone_number: '',
    sdoh_needs: [],
    housing_subcategories: [],
    transportation_subcategories: [],
    primary_diagnosis: '',
    urgency: CLIENT_REFERRAL_DEFAULTS.urgencyLevel,
    availability: '',
    additional_notes: '',
    member_consent_obtained: CLIENT_REFERRAL_DEFAULTS.consentObtained,
    prior_authorization_required: CLIENT_REFERRAL_DEFAULTS.authorizationRequired,
    use_matching_engine: CLIENT_REFERRAL_DEFAULTS.useMatchingEngine,
  };
}

/** A stored phone as the inputs show it: (xxx) xxx-xxxx, a leading country code 1 dropped. */
export function phoneForInput(value: string | null | undefined): string {
  let digits = (value ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return formatPhoneDigits(digits);
}

/** Edit mode (000 §2.1, §3.1): prefilled from the client shape, the name from its stored parts. */
export function formFromReferral(r: ClientReferral): ReferralFormValues {
  return {
    first_name: r.firstName,
    last_name: r.lastName,
    phone_number: phoneForInput(r.phoneNumber),
    email: r.email,
    date_of_birth: r.dateOfBirth,
    preferred_language: r.preferredLanguage || CLIENT_REFERRAL_DEFAULTS.preferredLanguage,
    medicaid_id: r.memberMedicaidId,
    risk_score: r.riskScore === undefined ? '' : String(r.riskScore),
    street_address: r.streetAddress,
    city: r.city,
    state: usStateCode(r.state) ?? r.state,
    zip_code: r.zipCode,
    country: r.country || CLIENT_REFERRAL_DEFAULTS.country,
    health_plan: r.healthPlan,
    plan_type: r.planType || CLIENT_REFERRAL_DEFAULTS.planType,
    provider_name: r.referringProvider.name,
    npi_number: r.referringProvider.npi,
    organization: r.referringProvider.organization,
    provider_phone_number: phoneForInput(r.referringProvider.phone),
    sdoh_needs: [...r.sdohNeeds],
    housing_subcategories: [...r.housingSubcategories],
    transportation_subcategories: [...r.transportationSubcategories],
    primary_diagnosis: r.primaryDiagnosis,
    urgency: r.urgencyLevel,
    availability: r.availability,
    additional_notes: r.additionalNotes,
    member_consent_obtained: r.consentObtained,
    prior_authorization_required: r.authorizationRequired,
    use_matching_engine: r.useMatchingEngine,
  };
}

/** The values in the client shape of 000 §3.1, as the save call takes them. */
export function toClientForm(v: ReferralFormValues): ClientReferralForm {
  const risk = v.risk_score.trim();
  return {
    memberName: [v.first_name.trim(), v.last_name.trim()].filter(Boolean).join(' '),
    // As typed: the shared schema trims them and reports a blank one.
    firstName: v.first_name,
    lastName: v.last_name,
    memberMedicaidId: v.medicaid_id,
    phoneNumber: v.phone_number,
    email: v.email,
    dateOfBirth: v.date_of_birth,
    preferredLanguage: v.preferred_language,
    streetAddress: v.street_address,
    city: v.city,
    state: v.state,
    zipCode: v.zip_code,
    country: v.country,
    healthPlan: v.health_plan,
    planType: v.plan_type,
    referringProvider: {
      name: v.provider_name,
      npi: v.npi_number,
      organization: v.organization,
      phone: v.provider_phone_number,
    },
    primaryDiagnosis: v.primary_diagnosis,
    ...(risk === '' ? {} : { riskScore: Number(risk) }),
    sdohNeeds: v.sdoh_needs,
    housingSubcategories: v.housing_subcategories,
    transportationSubcategories: v.transportation_subcategories,
    urgencyLevel: v.urgency,
    // 000 §3.1: timeline is a copy of the urgency level.
    timeline: v.urgency,
    authorizationRequired: v.prior_authorization_required,
    consentObtained: v.member_consent_obtained,
    // 000 §3.1: always true on submit.
    hipaaCompliant: true,
    availability: v.availability,
    additionalNotes: v.additional_notes,
    useMatchingEngine: v.use_matching_engine,
  };
}

/** The body the shared schema checks: the client shape through toServerPayload, as the save call sends it. */
export function toPayload(v: ReferralFormValues): ReferralUpdateInput {
  return toServerPayload(toClientForm(v));
}

/**
 * 000 §5.1: every message at once, first one per field, keyed by wire name. Subcategory messages join the
 * needs group's (the form shows them there).
 */
export function validateForm(v: ReferralFormValues, mode: 'create' | 'edit'): FieldErrors {
  const schema = mode === 'create' ? referralCreateSchema : referralUpdateSchema;
  return schemaErrors(schema, toPayload(v), groupKey);
}

/** The needs lists share one error place, under the needs group. */
export function groupKey(field: string): string {
  return field === 'housing_subcategories' || field === 'transportation_subcategories' ? 'sdoh_needs' : field;
}

/** Labels of the inputs, by wire name: the inputs use them, and the error summary names fields with them. */
export const FIELD_LABELS: Record<string, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  phone_number: 'Phone Number',
  email: 'Email',
  date_of_birth: 'Date of Birth',
  preferred_language: 'Preferred Language',
  medicaid_id: 'Medicaid ID',
  risk_score: 'Risk Score',
  street_address: 'Street Address',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP Code',
  country: 'Country',
  health_plan: 'Health Plan',
  plan_type: 'Plan Type',
  provider_name: 'Provider Name',
  npi_number: 'NPI Number',
  organization: 'Provider Organization',
  provider_phone_number: 'Provider Phone',
  sdoh_needs: 'Social Needs',
  primary_diagnosis: 'Primary Diagnosis',
  urgency: 'Urgency Level',
  availability: 'Member Availability',
  additional_notes: 'Additional Notes',
  member_consent_obtained: 'Member consent obtained',
  prior_authorization_required: 'Prior authorization required',
  hipaa_compliant: 'HIPAA compliant',
  use_matching_engine: 'Referral Processing Method',
};

/** The fields in the order the form shows them: the summary lists errors, and focus goes to the first, so. */
export const FIELD_ORDER: readonly string[] = Object.keys(FIELD_LABELS);

/** Errors in form order (unknown fields, which no input shows, last). */
export function orderedErrors(errors: FieldErrors): [string, string][] {
  const entries = Object.entries(errors).filter((e): e is [string, string] => Boolean(e[1]));
  const rank = (k: string) => {
    const i = FIELD_ORDER.indexOf(k);
    return i < 0 ? FIELD_ORDER.length : i;
  };
  return entries.sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** The id of the input of a field (the needs group: its first box), for focus and the summary's links. */
export function inputId(field: string): string {
  return `referral-${groupKey(field)}`;
}

export function isDirty(values: ReferralFormValues, initial: ReferralFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(initial);
}

// ---- Needs (000 §2.1, §9) ----

type Needs = Pick<
  ReferralFormValues,
  'sdoh_needs' | 'housing_subcategories' | 'transportation_subcategories'
>;

const NEED_ORDER: readonly string[] = [HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS];

/** Needs in the order of the form (000 §9), unknown ones (older referrals) after them. */
function sortNeeds(list: string[]): string[] {
  const rank = (n: string) => {
    const i = NEED_ORDER.indexOf(n);
    return i < 0 ? NEED_ORDER.length : i;
  };
  return [...list].sort((a, b) => rank(a) - rank(b));
}

function withItem(list: string[], item: string, on: boolean): string[] {
  const without = list.filter((x) => x !== item);
  return on ? [...without, item] : without;
}

/** Ticks or unticks a need; unticking Housing Assistance or Transportation clears its subcategories (000 §2.1). */
export function toggleNeed(needs: Needs, need: string, checked: boolean): Needs {
  return {
    sdoh_needs: sortNeeds(withItem(needs.sdoh_needs, need, checked)),
    housing_subcategories: need === HOUSING_NEED && !checked ? [] : needs.housing_subcategories,
    transportation_subcategories:
      need === TRANSPORTATION_NEED && !checked ? [] : needs.transportation_subcategories,
  };
}

/**
 * Ticks or unticks a subcategory, keeping the given option order. Ticking one also ticks its parent need: a
 * subcategory is a kind of that need, and it keeps the rule above whole (subcategories never stand without
 * their parent, so unticking the parent is the one way to clear them).
 */
export function toggleSubcategory(
  needs: Needs,
  kind: 'housing' | 'transportation',
  subcategory: string,
  checked: boolean,
  options: readonly string[],
): Needs {
  const key = kind === 'housing' ? 'housing_subcategories' : 'transportation_subcategories';
  const parent = kind === 'housing' ? HOUSING_NEED : TRANSPORTATION_NEED;
  const next = withItem(needs[key], subcategory, checked);
  const ordered = [...options.filter((o) => next.includes(o)), ...next.filter((n) => !options.includes(n))];
  return {
    ...needs,
    [key]: ordered,
    sdoh_needs:
      checked && !needs.sdoh_needs.includes(parent)
        ? sortNeeds([...needs.sdoh_needs, parent])
        : needs.sdoh_needs,
  };
}

// ---- Medicaid ID lookup (000 §2.1) ----

/** The defaults a lookup may replace: the user did not choose them. */
const DEFAULTS = emptyForm();

/**
 * The values with the looked-up member's details in every field the user has not typed in and that is still
 * empty (or at its default). What the user typed is never overwritten.
 */
export function applyLookup(
  values: ReferralFormValues,
  member: LookupMember,
  touched: ReadonlySet<FormField>,
): ReferralFormValues {
  const next = { ...values };
  const fill = (field: FormField, value: string | null | undefined) => {
    if (value == null || value.trim() === '' || touched.has(field)) return;
    const current = values[field];
    if (typeof current !== 'string' || (current.trim() !== '' && current !== DEFAULTS[field])) return;
    (next as Record<FormField, unknown>)[field] = value;
  };
  fill('first_name', member.first_name);
  fill('last_name', member.last_name);
  fill('phone_number', member.phone_number ? phoneForInput(member.phone_number) : null);
  fill('email', member.email);
  fill('date_of_birth', /^\d{4}-\d{2}-\d{2}$/.test(member.date_of_birth ?? '') ? member.date_of_birth : null);
  fill('preferred_language', member.preferred_language);
  fill('street_address', member.street_address);
  fill('city', member.city);
  fill('state', usStateCode(member.state) ?? member.state);
  fill('zip_code', member.zip_code);
  fill('country', (COUNTRIES as readonly string[]).includes(member.country ?? '') ? member.country : null);
  fill('health_plan', member.health_plan);
  fill(
    'plan_type',
    (PLAN_TYPES as readonly string[]).includes(member.plan_type ?? '') ? member.plan_type : null,
  );
  return next;
}

/** A select's options with the current value kept when it is not one of them (an older referral's value). */
export function optionsWith(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}
