import type { Address, ContactPoint, Identifier, Patient } from '@medplum/fhirtypes';
import { FHIR_PROFILES, IDENTIFIER_SYSTEMS, type Member, type Referral } from '@trust/domain';

// A member as a US Core Patient: identifiers, name, telecom, gender, birth date, and the address of their newest
// referral (the member registry has no address; the referral form records it).

function genderOf(value: string | null): Patient['gender'] {
  const g = (value ?? '').trim().toLowerCase();
  if (g === 'male' || g === 'm') return 'male';
  if (g === 'female' || g === 'f') return 'female';
  if (g === '') return 'unknown';
  return 'other';
}

function addressOf(r: Referral | null): Address[] {
  if (!r || !(r.street_address || r.city || r.state || r.zip_code)) return [];
  return [
    {
      use: 'home',
      ...(r.street_address ? { line: [r.street_address] } : {}),
      ...(r.city ? { city: r.city } : {}),
      ...(r.state ? { state: r.state } : {}),
      ...(r.zip_code ? { postalCode: r.zip_code } : {}),
      ...(r.country ? { country: r.country } : {}),
    },
  ];
}

export function toPatient(m: Member, latest: Referral | null): Patient {
  const identifier: Identifier[] = [];
  const medicaid = m.medicaid_id ?? latest?.medicaid_id ?? null;
  if (medicaid) identifier.push({ system: IDENTIFIER_SYSTEMS.medicaidId, value: medicaid });
  if (m.patient_no) identifier.push({ system: IDENTIFIER_SYSTEMS.patientNo, value: m.patient_no });
  const phone = m.phone_no ?? latest?.phone_number ?? null;
  const email = m.email ?? latest?.email ?? null;
  const telecom: ContactPoint[] = [
    ...(phone ? [{ system: 'phone' as const, value: phone }] : []),
    ...(email ? [{ system: 'email' as const, value: email }] : []),
  ];
  const birthDate = m.dob ?? latest?.date_of_birth ?? null;
  const address = addressOf(latest);
  return {
    resourceType: 'Patient',
    id: String(m.id),
    meta: { profile: [FHIR_PROFILES.Patient], lastUpdated: m.last_updated_ts },
    identifier,
    name: [{ family: m.last_name, given: [m.first_name] }],
    ...(telecom.length ? { telecom } : {}),
    gender: genderOf(m.gender),
    ...(birthDate ? { birthDate } : {}),
    ...(address.length ? { address } : {}),
  };
}
