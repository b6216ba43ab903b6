import type { ReferralUpdateInput } from './referral-payloads.ts';
import type { MatchedProvider, Referral } from './referral-record.ts';
import {
  type AcceptanceStatus,
  type ClientUrgency,
  isClientUrgency,
  type PLAN_TYPES,
  urgencyToClient,
} from './referrals.ts';

// The referral in the client shape of 000 §3.1 and the mapping to and from the server's (§3.2, §3.3), with the
// form defaults of §3.4. Used only by apps/web/src/api.

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
  /** Issue #14: how a Completed referral ended and the provider's note; why a Cancelled one was withdrawn. */
  outcome: string | null;
  outcomeNote: string | null;
  completedAt: string | null;
  cancellationReason: string | null;
  cancelledAt: string | null;
  phiEmailSent: boolean;
  emailSentTo: string | null;
  emergencyContactName: string;
  emergencyContactPhone: string;
  matchedProvider: MatchedProvider | null;
  viewerRole: 'owner' | 'provider';
  /** The organization that created the referral (with viewerRole and the matched provider: who may take which step). */
  organizationId: number;
  /** The caller's provider this referral was sent to, which may still answer it (001 §2.8). */
  sentToProvider: { id: number; name: string } | null;
  /** Only after a create with the matching engine: how many providers it matched at once (issue #14 item 8). */
  matchedProviderCount?: number;
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

/**
 * The level a referral shows: the one the coordinator chose (issue #14), or, for a record without one, the
 * 000 §3.2 reverse mapping of the server value.
 */
function shownUrgency(r: Pick<Referral, 'urgency' | 'urgency_level'>): ClientUrgency {
  return isClientUrgency(r.urgency) ? r.urgency : urgencyToClient(r.urgency_level);
}

/** Server shape → client shape (000 §3.1, §3.2): urgency as chosen, status mapped, nulls become empty strings. */
export function toClientReferral(r: Referral): ClientReferral {
  const urgency = shownUrgency(r);
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
    outcome: r.outcome ?? null,
    outcomeNote: r.outcome_note ?? null,
    completedAt: r.completed_at ?? null,
    cancellationReason: r.cancellation_reason ?? null,
    cancelledAt: r.cancelled_at ?? null,
    phiEmailSent: r.phi_email_sent,
    emailSentTo: r.email_sent_to,
    emergencyContactName: r.emergency_contact_name ?? '',
    emergencyContactPhone: r.emergency_contact_phone ?? '',
    matchedProvider: r.matched_provider,
    viewerRole: r.viewer_role,
    organizationId: r.organization_id,
    sentToProvider: r.sent_to_provider ?? null,
    ...(r.matched_provider_count === undefined ? {} : { matchedProviderCount: r.matched_provider_count }),
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
    // Issue #14: the chosen level itself; the server derives the spec's urgency_level (Within 1 Week is Urgent),
    // and mapping it here would lose Within 1 Week.
    urgency: c.urgencyLevel ?? CLIENT_REFERRAL_DEFAULTS.urgencyLevel,
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
