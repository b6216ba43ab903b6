import type { Organization, Patient, Reference } from '@medplum/fhirtypes';
import { IDENTIFIER_SYSTEMS, type Referral } from '@trust/domain';

// How resources of this server point at each other. Ids are the platform's own: a Task and its ServiceRequest
// (and Consent) share the referral's id, a Patient is the member's id, an Organization the organization's.

export function organizationRef(id: number, display?: string | null): Reference<Organization> {
  return { reference: `Organization/${id}`, ...(display ? { display } : {}) };
}

/**
 * The member of a referral. A referral whose member record was removed (member_id null) still names the person
 * by the Medicaid ID it was made for: a logical reference, which is what FHIR has for a resource that is not on
 * this server.
 */
export function patientRef(r: Referral): Reference<Patient> {
  if (r.member_id !== null) return { reference: `Patient/${r.member_id}` };
  return { identifier: { system: IDENTIFIER_SYSTEMS.medicaidId, value: r.medicaid_id } };
}

/** The matched provider as a performer: its organization on the platform, else its name (a directory listing). */
export function providerRef(r: Referral): Reference<Organization> | null {
  const p = r.matched_provider;
  if (!p) return null;
  return p.organization_id !== null ? organizationRef(p.organization_id, p.name) : { display: p.name };
}

/** The referral number, the id both sides quote on the phone and in texts. */
export function referralIdentifier(r: Referral) {
  return [{ system: IDENTIFIER_SYSTEMS.referralNumber, value: r.referral_number }];
}

/** FHIR request priority of the urgency the coordinator chose. */
export function priorityOf(urgency: string): 'routine' | 'urgent' | 'asap' | 'stat' {
  if (urgency === 'Immediate') return 'stat';
  if (urgency === 'Within 24h') return 'asap';
  if (urgency === 'Within 1 Week') return 'urgent';
  return 'routine';
}
