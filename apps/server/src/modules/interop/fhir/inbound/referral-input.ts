import type {
  Consent,
  ContactPoint,
  Coverage,
  Identifier,
  Organization,
  Patient,
  Practitioner,
  PractitionerRole,
  Reference,
  ServiceRequest,
} from '@medplum/fhirtypes';
import { HEALTH_PLANS, LANGUAGES, type ReferralCreateInput } from '@trust/domain';
import { type Located, ofType, type RequestResources } from './request-resources.ts';
import { needsOfCategories } from './sdoh-needs.ts';
import type { ReferralParts } from './sdohcc-checks.ts';

// FHIR (SDOHCC Task + ServiceRequest + Patient, and what they refer to) → the referral form's fields. The
// form's own schema then judges the result, so a FHIR referral obeys exactly the form's rules; `elementOf`
// says where in the request each form field came from, so its refusal names that element.

const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** FHIR request priority → the form's urgency (4 levels each, in the same order). */
const URGENCY_OF_PRIORITY: Record<string, string> = {
  stat: 'Immediate',
  asap: 'Within 24h',
  urgent: 'Within 1 Week',
  routine: 'Routine',
};

/** BCP-47 language → the form's language list; anything else is Other. */
const LANGUAGE_OF_CODE: Record<string, (typeof LANGUAGES)[number]> = {
  en: 'English',
  es: 'Spanish',
  zh: 'Mandarin',
  cmn: 'Mandarin',
  yue: 'Cantonese',
  vi: 'Vietnamese',
  ko: 'Korean',
  tl: 'Tagalog',
  fil: 'Tagalog',
  ar: 'Arabic',
  fr: 'French',
};

export type MappedReferral = {
  input: ReferralCreateInput;
  /** Form field → the FHIRPath of the element it came from (or should have). */
  elementOf: Record<string, string>;
};

const telecomOf = (list: ContactPoint[] | undefined, system: 'phone' | 'email') =>
  list?.find((c) => c.system === system && c.use !== 'old')?.value;

const npiOf = (ids: Identifier[] | undefined) => ids?.find((i) => i.system === NPI_SYSTEM)?.value;

function humanName(
  name: { text?: string; given?: string[]; family?: string; prefix?: string[] } | undefined,
) {
  if (!name) return undefined;
  return name.text ?? [...(name.prefix ?? []), ...(name.given ?? []), name.family].filter(Boolean).join(' ');
}

/** The Medicaid ID: the Patient's identifier of type MA (v2-0203 "Patient Medicaid number") or a Medicaid system. */
function medicaidIdOf(patient: Patient): string | undefined {
  return patient.identifier?.find(
    (i) =>
      i.type?.coding?.some((c) => c.system === V2_0203 && c.code === 'MA') ||
      (i.system ?? '').toLowerCase().includes('medicaid'),
  )?.value;
}

function languageOf(patient: Patient): string | undefined {
  const comms = patient.communication ?? [];
  const lang = (comms.find((c) => c.preferred) ?? comms[0])?.language;
  if (!lang) return undefined;
  const code = lang.coding?.[0]?.code?.toLowerCase().split('-')[0];
  if (code) return LANGUAGE_OF_CODE[code] ?? 'Other';
  const text = lang.text ?? lang.coding?.[0]?.display;
  // A language named only in words is taken as the form would (any case); off the list, Other.
  return (
    LANGUAGES.find((l) => l.toLowerCase() === text?.trim().toLowerCase()) ?? (text ? 'Other' : undefined)
  );
}

type Referrer = { name?: string; npi?: string; organization?: string; phone?: string };

/**
 * The referring provider (the form's provider name, NPI, organization and phone) from Task.requester (else
 * ServiceRequest.requester): a PractitionerRole with its Practitioner and Organization, a Practitioner or an
 * Organization, sent with the request or named by a logical reference (display and NPI identifier).
 */
function referrerOf(all: RequestResources, ref: Reference | undefined): Referrer {
  if (!ref) return {};
  const found = all.resolve(ref)?.resource;
  if (!found)
    return {
      name: ref.display,
      npi: ref.identifier?.system === NPI_SYSTEM ? ref.identifier.value : undefined,
    };
  if (found.resourceType === 'PractitionerRole') {
    const role = found as PractitionerRole;
    const who = referrerOf(all, role.practitioner);
    const org = referrerOf(all, role.organization);
    return {
      name: who.name,
      npi: who.npi ?? org.npi,
      organization: org.name,
      phone: telecomOf(role.telecom, 'phone') ?? who.phone ?? org.phone,
    };
  }
  if (found.resourceType === 'Practitioner') {
    const p = found as Practitioner;
    return { name: humanName(p.name?.[0]), npi: npiOf(p.identifier), phone: telecomOf(p.telecom, 'phone') };
  }
  if (found.resourceType === 'Organization') {
    const o = found as Organization;
    return {
      name: o.name,
      organization: o.name,
      npi: npiOf(o.identifier),
      phone: telecomOf(o.telecom, 'phone'),
    };
  }
  return {};
}

/** The health plan from the ServiceRequest's Coverage (its payor's name, when the form lists it; else Other). */
function coverageOf(all: RequestResources, sr: ServiceRequest): Located<Coverage> | null {
  for (const ref of sr.insurance ?? []) {
    const found = all.resolve(ref);
    if (found?.resource.resourceType === 'Coverage') return found as Located<Coverage>;
  }
  return ofType<Coverage>(all, 'Coverage')[0] ?? null;
}

function healthPlanOf(coverage: Coverage | undefined, all: RequestResources): string | undefined {
  const payor = coverage?.payor?.[0];
  if (!payor) return undefined;
  const name = payor.display ?? (all.resolve(payor)?.resource as Organization | undefined)?.name;
  if (!name) return undefined;
  return HEALTH_PLANS.find((p) => p.toLowerCase() === name.trim().toLowerCase()) ?? 'Other';
}

/**
 * Member consent: a Consent sent with the referral, active, for its Patient, that does not deny. A Consent
 * (not an extension) because R4 has the resource for exactly this, the SDOHCC IG profiles it, and the read side
 * answers the app's consents as Consent resources: what is read back is what was written.
 */
function consentOf(all: RequestResources, patient: Located<Patient>): { given: boolean; path: string } {
  const consents = ofType<Consent>(all, 'Consent');
  const forPatient = consents.filter((c) => all.resolve(c.resource.patient) === patient);
  const given = forPatient.some(
    (c) => c.resource.status === 'active' && c.resource.provision?.type !== 'deny',
  );
  const path = forPatient[0]?.path ?? consents[0]?.path;
  // None sent: the place one goes.
  const none = all.task.path.startsWith('Bundle') ? 'Bundle.entry' : 'Task.contained';
  return { given, path: path ? `${path}.status` : none };
}

/** Notes of the Task and the ServiceRequest, and the ServiceRequest's patient instruction, as one text. */
function notesOf(parts: ReferralParts): string | undefined {
  const texts = [
    ...(parts.serviceRequest.resource.note ?? []).map((n) => n.text),
    ...(parts.task.resource.note ?? []).map((n) => n.text),
    parts.serviceRequest.resource.patientInstruction,
  ].filter((t): t is string => Boolean(t?.trim()));
  return texts.length ? texts.join('\n\n') : undefined;
}

export function referralInputOf(all: RequestResources, parts: ReferralParts): MappedReferral {
  const { task, serviceRequest, patient } = parts;
  const p = patient.resource;
  const sr = serviceRequest.resource;
  const name = p.name?.find((n) => n.use === 'official') ?? p.name?.[0];
  const address = p.address?.find((a) => a.use === 'home') ?? p.address?.[0];
  const requesterRef = task.resource.requester ?? sr.requester;
  const referrer = referrerOf(all, requesterRef);
  const coverage = coverageOf(all, sr);
  const consent = consentOf(all, patient);
  const reason = sr.reasonCode?.[0];
  const priority = task.resource.priority ?? sr.priority;
  const needs = needsOfCategories(sr.category);

  const P = patient.path;
  const S = serviceRequest.path;
  const requesterAt = task.resource.requester ? `${task.path}.requester` : `${S}.requester`;
  const coverageAt = coverage ? coverage.path : `${S}.insurance`;
  const input: ReferralCreateInput = {
    first_name: name?.given?.join(' '),
    last_name: name?.family,
    phone_number: telecomOf(p.telecom, 'phone'),
    email: telecomOf(p.telecom, 'email'),
    date_of_birth: p.birthDate,
    zip_code: address?.postalCode,
    street_address: address?.line?.join(', '),
    city: address?.city,
    state: address?.state,
    country: address?.country,
    preferred_language: languageOf(p),
    medicaid_id: medicaidIdOf(p) ?? coverage?.resource.subscriberId,
    health_plan: healthPlanOf(coverage?.resource, all),
    provider_name: referrer.name,
    npi_number: referrer.npi,
    organization: referrer.organization,
    provider_phone_number: referrer.phone,
    primary_diagnosis: reason?.text ?? reason?.coding?.[0]?.display ?? sr.reasonReference?.[0]?.display,
    // The member's availability has no FHIR element; a referral sent by FHIR makes no promise of one.
    availability: 'Anytime',
    urgency: priority ? URGENCY_OF_PRIORITY[priority] : undefined,
    additional_notes: notesOf(parts),
    ...needs,
    member_consent_obtained: consent.given,
  } as ReferralCreateInput;
  const elementOf: Record<string, string> = {
    first_name: `${P}.name.given`,
    last_name: `${P}.name.family`,
    phone_number: `${P}.telecom`,
    email: `${P}.telecom`,
    date_of_birth: `${P}.birthDate`,
    zip_code: `${P}.address.postalCode`,
    street_address: `${P}.address.line`,
    city: `${P}.address.city`,
    state: `${P}.address.state`,
    country: `${P}.address.country`,
    preferred_language: `${P}.communication.language`,
    medicaid_id: `${P}.identifier`,
    health_plan: `${coverageAt}${coverage ? '.payor' : ''}`,
    plan_type: coverageAt,
    provider_name: requesterAt,
    npi_number: requesterAt,
    organization: requesterAt,
    provider_phone_number: requesterAt,
    primary_diagnosis: `${S}.reasonCode`,
    availability: S,
    urgency: `${task.path}.priority`,
    urgency_level: `${task.path}.priority`,
    additional_notes: `${S}.note`,
    sdoh_needs: `${S}.category`,
    housing_subcategories: `${S}.category`,
    transportation_subcategories: `${S}.category`,
    member_consent_obtained: consent.path,
  };
  return { input, elementOf };
}
