import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fsh, IG_DIR } from './definitions.ts';
import { expand } from './terminology.ts';
import {
  asOperationOutcome,
  type Issue,
  preloadSdohcc,
  SDOHCC_PROFILES,
  validateSdohcc,
} from './validate-profile.ts';

// Conforming resources, written after the IG's own examples (input/fsh/instances/
// SDOHCC-TaskReferralManagementOrderFulfillmentCompletedExample.fsh,
// SDOHCC-ServiceRequestActiveFoodPantryApplicationAssistExample.fsh, SDOHCC-ConsentInformationDisclosureExample.fsh,
// pat-53234.fsh).
const TEMP = 'http://hl7.org/fhir/us/sdoh-clinicalcare/CodeSystem/SDOHCC-CodeSystemTemporaryCodes';

const task = () => ({
  resourceType: 'Task',
  meta: { profile: [SDOHCC_PROFILES.Task] },
  intent: 'order',
  code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }] },
  status: 'completed',
  focus: { reference: 'ServiceRequest/SDOHCC-ServiceRequestActiveFoodPantryApplicationAssistExample' },
  for: { reference: 'Patient/pat-53234', display: 'COLIN ABBAS' },
  authoredOn: '2020-09-11T21:56:54.671Z',
  requester: { reference: 'PractitionerRole/SDOHCC-PractitionerRoleDrJanWaterExample' },
  owner: { reference: 'Organization/SDOHCC-OrganizationCoordinationPlatformExample' },
  output: [
    {
      type: { coding: [{ system: TEMP, code: 'resulting-activity' }] },
      valueReference: { reference: 'Procedure/SDOHCC-ProcedureFoodPantryApplicationAssistanceExample' },
    },
  ],
});

const serviceRequest = () => ({
  resourceType: 'ServiceRequest',
  meta: { profile: [`${SDOHCC_PROFILES.ServiceRequest}|2.3.0`] },
  status: 'active',
  intent: 'order',
  category: [
    { coding: [{ system: 'http://snomed.info/sct', code: '410606002' }] },
    { coding: [{ system: TEMP, code: 'food-insecurity', display: 'Food Insecurity' }] },
  ],
  code: { coding: [{ system: 'http://snomed.info/sct', code: '467771000124109' }] },
  subject: { reference: 'Patient/pat-53234' },
  reasonReference: [{ reference: 'Condition/SDOHCC-ConditionFoodInsecurityExample' }],
});

const consent = () => ({
  resourceType: 'Consent',
  meta: { profile: [SDOHCC_PROFILES.Consent] },
  status: 'active',
  scope: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'patient-privacy' }],
  },
  category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'IDSCL' }] }],
  patient: { reference: 'Patient/pat-53234' },
  dateTime: '2021-05-01',
  organization: [{ reference: 'Organization/SDOHCC-OrganizationPayerExample' }],
  sourceAttachment: { contentType: 'application/pdf', language: 'en', data: 'JVBERi0xLjUK' },
  policyRule: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentpolicycodes', code: 'hipaa-auth' }],
  },
});

const patient = () => ({
  resourceType: 'Patient',
  meta: { profile: [SDOHCC_PROFILES.Patient] },
  identifier: [{ system: 'http://hospital.smarthealthit.org', value: '1032702' }],
  name: [{ family: 'ABBAS', given: ['COLIN', 'V.'] }],
  telecom: [{ system: 'phone', value: '555-555-5555', use: 'home' }],
  gender: 'male',
  birthDate: '1987-02-20',
});

const errors = (issues: Issue[]) => issues.filter((i) => i.severity === 'error');
const expressions = (issues: Issue[]) => errors(issues).map((i) => i.expression);

beforeAll(() => preloadSdohcc());

describe('the IG data files', () => {
  it('reads the three profiles, the value sets and the code system from the FSH sources', () => {
    const names = fsh().entities.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'SDOHCCTaskForReferralManagement',
        'SDOHCCServiceRequest',
        'SDOHCCConsent',
        'SDOHCCValueSetReferralTaskStatus',
        'SDOHCCCodeSystemTemporaryCodes',
      ]),
    );
  });

  it('expands the referral task status value set (R4 TaskStatus minus ready and received)', () => {
    const codes = [...(expand('SDOHCCValueSetReferralTaskStatus')?.codes ?? [])].map((c) => c.split('|')[1]);
    expect(codes).toEqual(
      expect.arrayContaining(['requested', 'accepted', 'in-progress', 'completed', 'rejected']),
    );
    expect(codes).not.toContain('received');
    expect(codes).not.toContain('ready');
    expect(expand('SDOHCCValueSetSDOHCategory')?.codes.has(`${TEMP}|food-insecurity`)).toBe(true);
  });
});

const igExample = (file: string) => JSON.parse(readFileSync(`${IG_DIR}examples/${file}`, 'utf8'));

describe("the IG's own examples (compiled by SUSHI from input/fsh/instances)", () => {
  const files = readdirSync(`${IG_DIR}examples`).filter((f) =>
    /^(Task-SDOHCC-TaskReferral|Consent-)/.test(f),
  );

  it.each(files)('%s passes', (file) => {
    expect(validateSdohcc(igExample(file))).toEqual([]);
  });

  it('a Task of the other profile (SDOHCC Task For Patient) does not', () => {
    const issues = validateSdohcc(igExample('Task-SDOHCC-TaskPatientReviewInformationCompletedExample.json'));
    expect(expressions(issues)).toEqual(['Task.code', 'Task.focus']);
  });
});

describe('conforming resources pass', () => {
  it.each([
    ['Task', task],
    ['ServiceRequest', serviceRequest],
    ['Consent', consent],
    ['Patient', patient],
  ])('%s', (_, make) => {
    expect(validateSdohcc(make())).toEqual([]);
  });

  it('a transaction Bundle and contained resources', () => {
    const t = { ...task(), contained: [{ ...serviceRequest(), id: 'sr' }], focus: { reference: '#sr' } };
    const bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [{ resource: t }, { resource: patient() }],
    };
    expect(validateSdohcc(bundle)).toEqual([]);
  });

  it('is fast once loaded', () => {
    const start = performance.now();
    for (let i = 0; i < 200; i++) validateSdohcc(task());
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('SDOHCC Task For Referral Management', () => {
  it('missing focus', () => {
    const { focus: _, ...t } = task();
    expect(expressions(validateSdohcc(t))).toEqual(['Task.focus']);
  });

  it('focus that is not a ServiceRequest', () => {
    const issues = validateSdohcc({ ...task(), focus: { reference: 'Patient/1' } });
    expect(expressions(issues)).toEqual(['Task.focus']);
    expect(issues[0]!.message).toMatch(/ServiceRequest/);
  });

  it("intent 'plan'", () => {
    const issues = errors(validateSdohcc({ ...task(), intent: 'plan' }));
    expect(issues.map((i) => i.expression)).toEqual(['Task.intent']);
    expect(issues[0]!.message).toMatch(/order/);
    expect(asOperationOutcome(issues).issue[0]).toMatchObject({
      severity: 'error',
      code: 'value',
      expression: ['Task.intent'],
    });
  });

  it('code other than fulfill', () => {
    const t = {
      ...task(),
      code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'approve' }] },
    };
    expect(expressions(validateSdohcc(t))).toEqual(['Task.code']);
  });

  it.each(['received', 'ready', 'bogus'])('status %s not in SDOHCCValueSetReferralTaskStatus', (status) => {
    const issues = errors(validateSdohcc({ ...task(), status }));
    expect(issues.map((i) => i.expression)).toEqual(['Task.status']);
    expect(issues[0]!.message).toMatch(/SDOHCC-ValueSetReferralTaskStatus/);
  });

  it.each(['authoredOn', 'for', 'requester', 'code'])('missing %s', (field) => {
    const t: Record<string, unknown> = task();
    delete t[field];
    expect(expressions(validateSdohcc(t))).toEqual([`Task.${field}`]);
  });

  it('statusReason without text', () => {
    const t = { ...task(), status: 'rejected', statusReason: { coding: [{ code: 'x' }] } };
    expect(expressions(validateSdohcc(t))).toEqual(['Task.statusReason.text']);
  });

  it('requester that is not a PractitionerRole or Organization', () => {
    expect(expressions(validateSdohcc({ ...task(), requester: { reference: 'Device/d' } }))).toEqual([
      'Task.requester',
    ]);
  });

  it('resulting-activity output with neither a Procedure reference nor a code', () => {
    const t = { ...task(), output: [{ type: task().output[0]!.type, valueString: 'done' }] };
    expect(expressions(validateSdohcc(t))).toEqual(['Task.output[0].valueReference']);
    const wrong = {
      ...task(),
      output: [{ type: task().output[0]!.type, valueReference: { reference: 'Patient/1' } }],
    };
    expect(expressions(validateSdohcc(wrong))).toEqual(['Task.output[0].valueReference']);
  });

  it('meta.profile not declared: a warning', () => {
    const issues = validateSdohcc({ ...task(), meta: undefined });
    expect(issues.map((i) => [i.severity, i.expression])).toEqual([['warning', 'Task.meta.profile']]);
  });
});

describe('SDOHCC ServiceRequest', () => {
  it.each(['subject', 'code', 'intent', 'status'])('missing %s', (field) => {
    const sr: Record<string, unknown> = serviceRequest();
    delete sr[field];
    expect(expressions(validateSdohcc(sr))).toEqual([`ServiceRequest.${field}`]);
  });

  it('missing category: must-support information (the IG does not require it)', () => {
    const { category: _, ...sr } = serviceRequest();
    expect(errors(validateSdohcc(sr))).toEqual([]);
    const issues = validateSdohcc(sr, { mustSupport: true });
    expect(issues.find((i) => i.expression === 'ServiceRequest.category')?.severity).toBe('information');
  });

  it('subject that is not a Patient, Group or Location', () => {
    expect(expressions(validateSdohcc({ ...serviceRequest(), subject: { reference: 'Device/1' } }))).toEqual([
      'ServiceRequest.subject',
    ]);
  });

  it('bodySite and specimen are not allowed', () => {
    const sr = { ...serviceRequest(), bodySite: [{ text: 'arm' }], specimen: [{ reference: 'Specimen/1' }] };
    expect(expressions(validateSdohcc(sr)).sort()).toEqual([
      'ServiceRequest.bodySite[0]',
      'ServiceRequest.specimen[0]',
    ]);
  });

  it('occurrence of a type the profile excludes', () => {
    const sr = { ...serviceRequest(), occurrenceString: 'soon' };
    expect(expressions(validateSdohcc(sr))).toEqual(['ServiceRequest.occurrenceString']);
    expect(validateSdohcc({ ...serviceRequest(), occurrenceDateTime: '2024-01-01' })).toEqual([]);
  });

  it('status outside the R4 required value set', () => {
    expect(expressions(validateSdohcc({ ...serviceRequest(), status: 'open' }))).toEqual([
      'ServiceRequest.status',
    ]);
  });
});

describe('SDOHCC Consent', () => {
  it.each(['patient', 'dateTime', 'organization', 'scope'])('missing %s', (field) => {
    const c: Record<string, unknown> = consent();
    delete c[field];
    expect(expressions(validateSdohcc(c))).toEqual([`Consent.${field}`]);
  });

  it('missing source[x]', () => {
    const { sourceAttachment: _, ...c } = consent();
    expect(expressions(validateSdohcc(c))).toEqual(['Consent.source']);
  });

  it('category without IDSCL', () => {
    const c = { ...consent(), category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0' }] }] };
    const issues = errors(validateSdohcc(c));
    expect(issues.map((i) => i.expression)).toEqual(['Consent.category']);
    expect(issues[0]!.message).toMatch(/IDSCL/);
  });

  it('two organizations', () => {
    const c = {
      ...consent(),
      organization: [{ reference: 'Organization/a' }, { reference: 'Organization/b' }],
    };
    expect(expressions(validateSdohcc(c))).toEqual(['Consent.organization']);
  });

  it('patient reference to another resource type', () => {
    expect(expressions(validateSdohcc({ ...consent(), patient: { reference: 'Group/1' } }))).toEqual([
      'Consent.patient',
    ]);
  });
});

describe('US Core Patient (as the IG requires for Task.for, ServiceRequest.subject, Consent.patient)', () => {
  it.each(['identifier', 'name', 'gender'])('missing %s', (field) => {
    const p: Record<string, unknown> = patient();
    delete p[field];
    expect(expressions(validateSdohcc(p))).toEqual([`Patient.${field}`]);
  });

  it('identifier without system, unknown gender code', () => {
    const p = { ...patient(), identifier: [{ value: '1' }], gender: 'M' };
    expect(expressions(validateSdohcc(p)).sort()).toEqual(['Patient.gender', 'Patient.identifier[0].system']);
  });
});

describe('other resources', () => {
  it('are not checked', () => {
    expect(validateSdohcc({ resourceType: 'Organization', name: 'x' })).toEqual([]);
    expect(validateSdohcc(null)).toEqual([]);
  });
});
