import type { ContactPoint, Organization as FhirOrganization } from '@medplum/fhirtypes';
import { FHIR_PROFILES, type Organization } from '@trust/domain';

// An organization of the platform as a US Core Organization: no PHI, so its reads are not audited.

export function toOrganization(o: Organization): FhirOrganization {
  const telecom: ContactPoint[] = [
    ...(o.contact_phone ? [{ system: 'phone' as const, value: o.contact_phone }] : []),
    ...(o.contact_email ? [{ system: 'email' as const, value: o.contact_email }] : []),
    ...(o.website ? [{ system: 'url' as const, value: o.website }] : []),
  ];
  return {
    resourceType: 'Organization',
    id: String(o.id),
    meta: { profile: [FHIR_PROFILES.Organization] },
    active: o.status === 'active',
    name: o.name,
    ...(telecom.length ? { telecom } : {}),
    ...(o.address ? { address: [{ text: o.address }] } : {}),
  };
}
