import type { Bundle, Task } from '@medplum/fhirtypes';

// Test data, not runtime code: an SDOHCC referral Task that passes every check of the write side, for API tests
// (fhir-write.test.ts, app.phi-reads.test.ts). `n` makes the member unique, so two are no duplicates.

const SDOH = 'http://hl7.org/fhir/us/sdoh-clinicalcare/CodeSystem/SDOHCC-CodeSystemTemporaryCodes';

export function fixturePatient(n: number) {
  return {
    resourceType: 'Patient',
    id: 'pat',
    identifier: [
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MA' }] },
        system: 'urn:oid:2.16.840.1.113883.4.3.41',
        value: `FHIRW${1000 + n}`,
      },
    ],
    name: [{ family: `Oyelaran${n}`, given: ['Philippa'] }],
    telecom: [
      { system: 'phone', value: '503-555-0142' },
      { system: 'email', value: `p${n}@example.org` },
    ],
    birthDate: '1969-09-14',
    address: [{ line: ['18 Larch Court'], city: 'Portland', state: 'OR', postalCode: '97205' }],
    communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es' }] }, preferred: true }],
  };
}

export const fixtureServiceRequest = {
  resourceType: 'ServiceRequest',
  id: 'sr',
  status: 'active',
  intent: 'order',
  category: [{ coding: [{ system: SDOH, code: 'food-insecurity', display: 'Food Insecurity' }] }],
  code: {
    coding: [{ system: 'http://snomed.info/sct', code: '410606002', display: 'Social service procedure' }],
  },
  subject: { reference: '#pat' },
  reasonCode: [{ text: 'Congestive heart failure' }],
  insurance: [{ reference: '#cov' }],
  note: [{ text: 'Use the side entrance after 4pm.' }],
};

export const fixtureCoverage = {
  resourceType: 'Coverage',
  id: 'cov',
  status: 'active',
  beneficiary: { reference: '#pat' },
  payor: [{ display: 'Molina Healthcare' }],
};

export const fixtureRequester = {
  resourceType: 'PractitionerRole',
  id: 'req',
  practitioner: {
    display: 'Dr. Ines Calloway',
    identifier: { system: 'http://hl7.org/fhir/sid/us-npi', value: '1457382910' },
  },
  organization: { display: 'Northgate Clinic' },
  telecom: [{ system: 'phone', value: '503-555-0100' }],
};

export const fixtureConsent = {
  resourceType: 'Consent',
  id: 'consent',
  status: 'active',
  scope: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'patient-privacy' }],
  },
  category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0' }] }],
  patient: { reference: '#pat' },
  provision: { type: 'permit' },
};

/** The Task with its ServiceRequest, Patient, Coverage, requester and Consent contained (or those given). */
export function fixtureTask(n: number, overrides: Record<string, unknown> = {}, contained?: unknown[]): Task {
  return {
    resourceType: 'Task',
    contained: contained ?? [
      fixturePatient(n),
      fixtureServiceRequest,
      fixtureCoverage,
      fixtureRequester,
      fixtureConsent,
    ],
    status: 'requested',
    intent: 'order',
    priority: 'urgent',
    code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }] },
    focus: { reference: '#sr' },
    for: { reference: '#pat' },
    authoredOn: '2026-11-29T10:00:00Z',
    requester: { reference: '#req' },
    ...overrides,
  } as Task;
}

const uuid = (i: number) => `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** The same referral as a transaction Bundle (Patient, ServiceRequest, Task, Coverage, requester, Consent). */
export function fixtureBundle(n: number, srOverride: Record<string, unknown> = {}): Bundle {
  const strip = ({ id: _id, ...r }: Record<string, unknown>) => r;
  const resources = [
    strip(fixturePatient(n)),
    {
      ...strip(fixtureServiceRequest),
      subject: { reference: uuid(1) },
      insurance: [{ reference: uuid(4) }],
      ...srOverride,
    },
    strip({
      ...fixtureTask(n),
      contained: undefined,
      focus: { reference: uuid(2) },
      for: { reference: uuid(1) },
      requester: { reference: uuid(5) },
    }),
    { ...strip(fixtureCoverage), beneficiary: { reference: uuid(1) } },
    strip(fixtureRequester),
    { ...strip(fixtureConsent), patient: { reference: uuid(1) } },
  ].map((r) => JSON.parse(JSON.stringify(r)) as { resourceType: string });
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: resources.map((resource, i) => ({
      fullUrl: uuid(i + 1),
      resource: resource as never,
      request: { method: 'POST', url: resource.resourceType },
    })),
  } as Bundle;
}
