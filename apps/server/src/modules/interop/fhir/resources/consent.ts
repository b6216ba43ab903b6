import type { Consent } from '@medplum/fhirtypes';
import {
  CONSENT_POLICY_SYSTEM,
  CONSENT_SCOPE_SYSTEM,
  FHIR_PROFILES,
  type Referral,
  V3_ACT_CODE,
} from '@trust/domain';
import { organizationRef, patientRef } from './references.ts';

// The member's consent recorded on the referral form ("member consent obtained", 000 §3.3) as an SDOHCC Consent:
// a privacy consent to disclose the member's SDOH information to the organizations the referral goes to. Only a
// referral whose form records the consent has one (the id is the referral's).

export function hasConsent(r: Referral): boolean {
  return r.member_consent_obtained;
}

export function toConsent(r: Referral): Consent {
  return {
    resourceType: 'Consent',
    id: String(r.id),
    meta: { profile: [FHIR_PROFILES.Consent], lastUpdated: r.updated_at },
    status: 'active',
    scope: {
      coding: [{ system: CONSENT_SCOPE_SYSTEM, code: 'patient-privacy', display: 'Privacy Consent' }],
    },
    category: [{ coding: [{ system: V3_ACT_CODE, code: 'IDSCL', display: 'information disclosure' }] }],
    patient: patientRef(r),
    dateTime: r.created_at,
    organization: [organizationRef(r.organization_id)],
    // The form records that consent was obtained, not the signed document: the source names where it was taken.
    sourceAttachment: {
      title: `Member consent recorded on referral ${r.referral_number}`,
      creation: r.created_at,
    },
    policyRule: {
      coding: [{ system: CONSENT_POLICY_SYSTEM, code: 'hipaa-auth', display: 'HIPAA Authorization' }],
    },
    provision: { type: 'permit', period: { start: r.created_at } },
  };
}
