import type { Bundle, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { Referral } from '@trust/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReferral, createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, login, one, orgId, type TestApp } from '../../../../test/helpers.ts';
import { validateSdohcc } from './ig/validate-profile.ts';
import { hasErrors, validateR4 } from './r4-validator.ts';

// The read side of the FHIR API (issue #21): each resource read and searched for the caller's organization,
// paging, the CapabilityStatement, and every refusal as an OperationOutcome. Every resource the API produces
// must pass base FHIR R4 validation.

let t: TestApp;
let plan: number;
let harbor: number;
let coordinator: string;
let cbo: string;
let viewer: string;
/** A referral of the health plan claimed by Harbor (so both sides see it), and one only the plan sees. */
let shared: Referral;
let planOnly: Referral;
let noConsent: Referral;

function get(url: string, token?: string, org?: number) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token, org) : {} });
}

function expectFhir(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

function expectOutcome(res: LightMyRequestResponse, status: number, code: string, expression?: string) {
  const body = expectFhir(res, status) as OperationOutcome;
  expect(body.resourceType).toBe('OperationOutcome');
  expect(body.issue[0]?.code).toBe(code);
  expect(body.issue[0]?.diagnostics).toBeTruthy();
  if (expression) expect(body.issue[0]?.expression).toEqual([expression]);
  expect(hasErrors(validateR4(body))).toBe(false);
  return body;
}

/** Valid base R4, and conforming to its SDOHCC / US Core profile where the IG has one for it. */
function expectValid(resource: Resource) {
  const issues = validateR4(resource);
  expect(
    issues.filter((i) => i.severity === 'error'),
    JSON.stringify(issues),
  ).toEqual([]);
  if (['Task', 'ServiceRequest', 'Consent', 'Patient', 'Bundle'].includes(resource.resourceType)) {
    const profile = validateSdohcc(resource).filter((i) => i.severity === 'error');
    expect(profile, JSON.stringify(profile)).toEqual([]);
  }
}

async function lastAudit() {
  return one<{
    action: string;
    entity_type: string;
    entity_id: string | null;
    details: Record<string, unknown>;
  }>(t, 'SELECT action, entity_type, entity_id, details FROM audit_log ORDER BY id DESC LIMIT 1');
}

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  shared = await createReferral(t, { token: coordinator, orgId: plan, sdoh_needs: ['Food Assistance'] });
  shared = await claimReferral(t, { token: cbo, orgId: harbor }, shared.id);
  planOnly = await createReferral(t, {
    token: coordinator,
    orgId: plan,
    sdoh_needs: ['Housing Assistance', 'Transportation'],
    additional_notes: 'Prefers mornings',
  });
  // The form refuses a referral without consent; older rows (imported, or from before the rule) may lack it.
  noConsent = await createReferral(t, { token: coordinator, orgId: plan });
  await t.database.query('UPDATE referrals SET member_consent_obtained = false WHERE id = $1', [
    noConsent.id,
  ]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /fhir/metadata', () => {
  it('answers the CapabilityStatement to anyone: R4, JSON, the SDOHCC IG, OAuth token URL, the five resources', async () => {
    const cs = expectFhir(await get('/fhir/metadata'), 200);
    expect(cs.resourceType).toBe('CapabilityStatement');
    expect(cs.fhirVersion).toBe('4.0.1');
    expect(cs.format).toContain('json');
    expect(cs.implementationGuide).toEqual(['http://hl7.org/fhir/us/sdoh-clinicalcare|2.3.0']);
    const rest = cs.rest[0];
    expect(rest.mode).toBe('server');
    const oauth = rest.security.extension[0];
    expect(oauth.extension[0].valueUri).toMatch(/\/oauth\/token$/);
    const types = rest.resource.map((r: { type: string }) => r.type);
    for (const type of ['Consent', 'Organization', 'Patient', 'ServiceRequest', 'Task'])
      expect(types).toContain(type);
    const task = rest.resource.find((r: { type: string }) => r.type === 'Task');
    expect(task.supportedProfile).toContain(
      'http://hl7.org/fhir/us/sdoh-clinicalcare/StructureDefinition/SDOHCC-TaskForReferralManagement',
    );
    expect(task.searchParam.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['status', 'owner', 'focus', 'patient', '_lastUpdated']),
    );
    expectValid(cs);
  });
});

describe('reads', () => {
  it('serves the Task of a referral: SDOHCC profile, status from the lifecycle, focus, for, requester, owner', async () => {
    const task = expectFhir(await get(`/fhir/Task/${shared.id}`, coordinator, plan), 200);
    expect(task).toMatchObject({
      resourceType: 'Task',
      id: String(shared.id),
      meta: {
        profile: [
          'http://hl7.org/fhir/us/sdoh-clinicalcare/StructureDefinition/SDOHCC-TaskForReferralManagement',
        ],
      },
      status: 'requested',
      intent: 'order',
      code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }] },
      focus: { reference: `ServiceRequest/${shared.id}` },
      for: { reference: `Patient/${shared.member_id}` },
      requester: { reference: `Organization/${plan}` },
      owner: { reference: `Organization/${harbor}` },
      businessStatus: { coding: [{ code: 'matched' }] },
    });
    expectValid(task);
    expect(await lastAudit()).toMatchObject({
      action: 'fhir.read',
      entity_type: 'referral',
      entity_id: String(shared.id),
    });
  });

  it('serves the ServiceRequest with the SDOH category of the need and the consent it rests on', async () => {
    const sr = expectFhir(await get(`/fhir/ServiceRequest/${planOnly.id}`, coordinator, plan), 200);
    expect(sr.status).toBe('active');
    expect(sr.intent).toBe('order');
    const codes = sr.category.flatMap((c: { coding: { code: string }[] }) => c.coding.map((x) => x.code));
    expect(codes).toEqual(expect.arrayContaining(['housing-instability', 'transportation-insecurity']));
    expect(sr.subject).toEqual({ reference: `Patient/${planOnly.member_id}` });
    expect(sr.supportingInfo).toEqual([{ reference: `Consent/${planOnly.id}` }]);
    expect(sr.note).toEqual([{ text: 'Prefers mornings' }]);
    expectValid(sr);
  });

  it('serves the Patient to the referring organization and to the provider the referral is matched to', async () => {
    for (const [token, org] of [
      [coordinator, plan],
      [cbo, harbor],
    ] as const) {
      const p = expectFhir(await get(`/fhir/Patient/${shared.member_id}`, token, org), 200);
      expect(p.name).toEqual([{ family: shared.last_name, given: [shared.first_name] }]);
      expect(p.birthDate).toBe(shared.date_of_birth);
      expect(p.identifier[0].value).toBe(shared.medicaid_id);
      expectValid(p);
      expect(await lastAudit()).toMatchObject({ action: 'fhir.read', entity_type: 'member' });
    }
  });

  it('serves the Consent of a referral whose form records consent, and none otherwise', async () => {
    const c = expectFhir(await get(`/fhir/Consent/${shared.id}`, coordinator, plan), 200);
    expect(c).toMatchObject({ status: 'active', patient: { reference: `Patient/${shared.member_id}` } });
    expect(c.category[0].coding[0].code).toBe('IDSCL');
    expectValid(c);
    expectOutcome(await get(`/fhir/Consent/${noConsent.id}`, coordinator, plan), 404, 'not-found');
  });

  it("serves the caller's organization and the other party of its referrals, no other", async () => {
    const own = expectFhir(await get(`/fhir/Organization/${plan}`, coordinator, plan), 200);
    expect(own.name).toBe('Golden Valley Health Plan');
    expectValid(own);
    expectFhir(await get(`/fhir/Organization/${harbor}`, coordinator, plan), 200);
    // An organization with no referral to or from the plan.
    const { id: stranger } = await one<{ id: number }>(
      t,
      "INSERT INTO organizations (name) VALUES ('Unrelated Outreach') RETURNING id",
    );
    expectOutcome(await get(`/fhir/Organization/${stranger}`, coordinator, plan), 404, 'not-found');
    const found = expectFhir(await get('/fhir/Organization?_count=100', coordinator, plan), 200) as Bundle;
    expect(found.entry?.map((e) => e.resource?.id)).not.toContain(String(stranger));
  });

  it('lets a viewer read', async () => {
    expectFhir(await get(`/fhir/Task/${shared.id}`, viewer, plan), 200);
  });
});

describe('refusals as OperationOutcome', () => {
  it('answers 404 for an unknown id and for a referral of another organization', async () => {
    expectOutcome(await get('/fhir/Task/999999999', coordinator, plan), 404, 'not-found');
    expectOutcome(await get(`/fhir/Task/${planOnly.id}`, cbo, harbor), 404, 'not-found');
    expectOutcome(await get(`/fhir/ServiceRequest/${planOnly.id}`, cbo, harbor), 404, 'not-found');
    expectOutcome(await get(`/fhir/Patient/${planOnly.member_id}`, cbo, harbor), 404, 'not-found');
  });

  it('answers 401 without a session, and 401 for a forged token', async () => {
    expectOutcome(await get(`/fhir/Task/${shared.id}`), 401, 'login');
    expectOutcome(await get('/fhir/Task', 'forged-token-0123456789abcdef'), 401, 'login');
  });

  it('answers 400 for an unknown search parameter, naming it, and for a bad value', async () => {
    expectOutcome(await get('/fhir/Task?name=Smith', coordinator, plan), 400, 'not-supported', 'name');
    expectOutcome(
      await get('/fhir/Task?_lastUpdated=yesterday', coordinator, plan),
      400,
      'value',
      '_lastUpdated',
    );
    expectOutcome(await get('/fhir/Task?_count=-1', coordinator, plan), 400, 'value', '_count');
    expectOutcome(await get('/fhir/Task/abc', coordinator, plan), 400, 'value');
  });

  it('answers 404 for a type the server does not serve', async () => {
    expectOutcome(await get('/fhir/Observation/1', coordinator, plan), 404, 'not-found');
  });
});

describe('search', () => {
  it('finds Tasks by patient, status, owner, focus and _lastUpdated', async () => {
    const byPatient = expectFhir(
      await get(`/fhir/Task?patient=Patient/${shared.member_id}`, coordinator, plan),
      200,
    );
    expect(byPatient.total).toBe(1);
    expect(byPatient.entry[0].resource.id).toBe(String(shared.id));
    expectValid(byPatient);
    const byOwner = expectFhir(
      await get(`/fhir/Task?owner=Organization/${harbor}`, coordinator, plan),
      200,
    ) as Bundle;
    expect(byOwner.entry?.map((e) => e.resource?.id)).toContain(String(shared.id));
    expect(byOwner.entry?.map((e) => e.resource?.id)).not.toContain(String(planOnly.id));
    const byFocus = expectFhir(
      await get(`/fhir/Task?focus=ServiceRequest/${planOnly.id}`, coordinator, plan),
      200,
    );
    expect(byFocus.total).toBe(1);
    const requested = expectFhir(
      await get('/fhir/Task?status=requested&_count=100', coordinator, plan),
      200,
    ) as Bundle;
    expect(requested.entry?.every((e) => (e.resource as { status: string }).status === 'requested')).toBe(
      true,
    );
    const completed = expectFhir(
      await get('/fhir/Task?status=completed&_count=100', coordinator, plan),
      200,
    ) as Bundle;
    expect(completed.entry?.map((e) => e.resource?.id)).not.toContain(String(shared.id));
    const future = expectFhir(await get('/fhir/Task?_lastUpdated=gt2100-01-01', coordinator, plan), 200);
    expect(future.total).toBe(0);
    const audit = await lastAudit();
    expect(audit.action).toBe('fhir.search');
  });

  it("lists only the caller's referrals: the provider sees the claimed one, not the plan's others", async () => {
    const all = expectFhir(await get('/fhir/Task?_count=100', cbo, harbor), 200) as Bundle;
    const ids = all.entry?.map((e) => e.resource?.id);
    expect(ids).toContain(String(shared.id));
    expect(ids).not.toContain(String(planOnly.id));
  });

  it('finds ServiceRequests by SDOH category and Consents by patient', async () => {
    const housing = expectFhir(
      await get('/fhir/ServiceRequest?category=housing-instability&_count=100', coordinator, plan),
      200,
    ) as Bundle;
    expect(housing.entry?.map((e) => e.resource?.id)).toContain(String(planOnly.id));
    expect(housing.entry?.map((e) => e.resource?.id)).not.toContain(String(shared.id));
    const consents = expectFhir(
      await get(`/fhir/Consent?patient=${noConsent.member_id}`, coordinator, plan),
      200,
    );
    expect(consents.total).toBe(0);
    expectFhir(await get(`/fhir/Patient?_id=${shared.member_id}`, cbo, harbor), 200);
    const orgs = expectFhir(await get('/fhir/Organization?name=harbor', coordinator, plan), 200);
    expect(orgs.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([String(harbor)]);
  });

  it('pages with _count and next/previous links that carry only offsets and the parameters', async () => {
    const first = expectFhir(await get('/fhir/ServiceRequest?_count=2', coordinator, plan), 200) as Bundle;
    expect(first.total).toBeGreaterThan(2);
    expect(first.entry).toHaveLength(2);
    const next = first.link?.find((l) => l.relation === 'next')?.url ?? '';
    expect(next).toMatch(/_offset=2/);
    const second = expectFhir(
      await get(next.slice(next.indexOf('/fhir/')), coordinator, plan),
      200,
    ) as Bundle;
    expect(second.entry?.[0]?.resource?.id).not.toBe(first.entry?.[0]?.resource?.id);
    expect(second.link?.find((l) => l.relation === 'previous')?.url).toMatch(/_offset=0|_count=2$/);
    const big = expectFhir(await get('/fhir/ServiceRequest?_count=500', coordinator, plan), 200) as Bundle;
    expect(big.entry?.length).toBeLessThanOrEqual(100);
  });

  it('searches with POST _search and a form body, strictly too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/fhir/Task/_search',
      headers: { ...bearer(coordinator, plan), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `patient=Patient/${shared.member_id}`,
    });
    expect(expectFhir(res, 200).total).toBe(1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/fhir/Task/_search',
      headers: { ...bearer(coordinator, plan), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'family=Smith',
    });
    expectOutcome(bad, 400, 'not-supported', 'family');
  });
});

describe('the lifecycle on the Task', () => {
  it('carries the reason of a declined referral and the outcome of a completed one, still conforming', async () => {
    const declined = await createReferral(t, { token: coordinator, orgId: plan });
    await t.database.query(
      "UPDATE referrals SET status = 'rejected', rejection_reason = 'No capacity this month', updated_at = now() WHERE id = $1",
      [declined.id],
    );
    const rejected = expectFhir(await get(`/fhir/Task/${declined.id}`, coordinator, plan), 200);
    expect(rejected.status).toBe('rejected');
    expect(rejected.statusReason).toEqual({ text: 'No capacity this month' });
    expectValid(rejected);

    const done = await createReferral(t, { token: coordinator, orgId: plan });
    await t.database.query(
      `UPDATE referrals SET status = 'completed', outcome = 'service_provided', outcome_note = 'Two pantry visits',
         completed_at = now(), updated_at = now() WHERE id = $1`,
      [done.id],
    );
    const completed = expectFhir(await get(`/fhir/Task/${done.id}`, coordinator, plan), 200);
    expect(completed.status).toBe('completed');
    expect(completed.output[0].type.coding[0].code).toBe('resulting-activity');
    expect(completed.output[0].valueCodeableConcept.text).toBe('Service provided: Two pantry visits');
    expectValid(completed);
    const request = expectFhir(await get(`/fhir/ServiceRequest/${done.id}`, coordinator, plan), 200);
    expect(request.status).toBe('completed');
    expectValid(request);
  });
});

describe('API clients', () => {
  async function clientToken(scopes: string[]) {
    const admin = await login(t.app, 'orgadmin@trust.demo');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-clients',
      headers: bearer(admin, plan),
      payload: { name: `FHIR read test ${scopes.join(' ')}`, scopes },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { client_id, client_secret } = created.json() as { client_id: string; client_secret: string };
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { access_token: string }).access_token;
  }

  it('lets a read-scoped client of the organization read and search, audited as its service account', async () => {
    const token = await clientToken(['fhir/*.read']);
    const task = expectFhir(await get(`/fhir/Task/${shared.id}`, token), 200);
    expect(task.id).toBe(String(shared.id));
    expect(expectFhir(await get('/fhir/Task?_count=1', token), 200).resourceType).toBe('Bundle');
    const row = await one<{ kind: string }>(
      t,
      'SELECT u.kind FROM audit_log a JOIN users u ON u.id = a.actor_user_id ORDER BY a.id DESC LIMIT 1',
    );
    expect(row.kind).toBe('api_client');
  });

  it('refuses a client without the read scope with 403 forbidden', async () => {
    const token = await clientToken(['fhir/*.write']);
    expectOutcome(await get(`/fhir/Task/${shared.id}`, token), 403, 'forbidden');
  });
});
