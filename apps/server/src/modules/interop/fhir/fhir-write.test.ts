import type { Bundle, OperationOutcome, Task } from '@medplum/fhirtypes';
import { REFERRAL_OUTCOME_CODE_SYSTEM } from '@trust/domain/fhir-task-status';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login, one, orgId, type TestApp } from '../../../../test/helpers.ts';
import {
  fixtureBundle,
  fixtureConsent,
  fixtureCoverage,
  fixturePatient,
  fixtureRequester,
  fixtureServiceRequest,
  fixtureTask,
} from './inbound/referral-task.fixture.ts';

// The FHIR write side (issue #21) through HTTP: a referral created from an SDOHCC Task (contained resources or
// a transaction Bundle), its Task moved along the lifecycle by the provider and the requester, and every refusal
// as an OperationOutcome naming the element.

let t: TestApp;
let plan: number;
let harbor: number;
let pantry: number;
let harborProvider: number;
let coordinator: string;
let cbo: string;
let viewer: string;
let staff: string;
let orgAdmin: string;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  pantry = await orgId(t, 'Lakeside Food Network');
  harborProvider = (
    await one<{ id: number }>(t, 'SELECT id FROM providers WHERE organization_id = $1 ORDER BY id LIMIT 1', [
      harbor,
    ])
  ).id;
  // A matched referral nobody took stays as the provider left it: the cascade is tested in matching/.
  await t.database.query(`UPDATE organizations SET settings = settings || '{"cascade": false}'::jsonb`);
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
  orgAdmin = await login(t.app, 'orgadmin@trust.demo');
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const fhir = (
  method: Method,
  url: string,
  token: string,
  org: number | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...bearer(token, org),
      ...(payload === undefined
        ? {}
        : { 'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/fhir+json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

/** The OperationOutcome of a refusal, checked for status, and its first issue's expression. */
function outcomeOf(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const body = res.json() as OperationOutcome;
  expect(body.resourceType).toBe('OperationOutcome');
  expect(res.body).not.toContain('    at ');
  return {
    body,
    expressions: (body.issue ?? []).flatMap((i) => i.expression ?? []),
    code: body.issue?.[0]?.code,
  };
}

/** A member unique to each call, so no two referrals are duplicates unless a test wants them to be. */
const patient = (n = ++seq) => fixturePatient(n);
const serviceRequest = fixtureServiceRequest;
const coverage = fixtureCoverage;
const requester = fixtureRequester;
const consent = fixtureConsent;
const taskWith = (overrides: Record<string, unknown> = {}, contained?: unknown[]) =>
  fixtureTask(++seq, overrides, contained);

async function createTask(token = coordinator, org = plan, body: unknown = taskWith()): Promise<Task> {
  const res = await fhir('POST', '/fhir/Task', token, org, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Task;
}

/** The referral matched to Harbor's provider and waiting for its answer (as a claim or the matcher leaves it). */
async function matchToHarbor(id: string) {
  await t.database.query(
    `UPDATE referrals SET status = 'matched', matched_provider_id = $2, matched_at = now(), match_method = 'claim',
       acceptance_status = 'pending', expires_at = now() + interval '7 days' WHERE id = $1`,
    [Number(id), harborProvider],
  );
}

const patch = (ops: unknown[]) => ops;
const completedOutput = [
  {
    type: { text: 'Outcome' },
    valueCodeableConcept: {
      coding: [{ system: REFERRAL_OUTCOME_CODE_SYSTEM, code: 'service_provided' }],
      text: 'Two weeks of groceries delivered.',
    },
  },
];

describe('POST /fhir/Task', () => {
  it('creates the referral through the form’s rules and answers 201 with its Task and Location', async () => {
    const res = await fhir('POST', '/fhir/Task', coordinator, plan, taskWith());
    expect(res.statusCode).toBe(201);
    const task = res.json() as Task;
    expect(task).toMatchObject({ resourceType: 'Task', status: 'requested', intent: 'order' });
    expect(res.headers.location).toMatch(new RegExp(`/fhir/Task/${task.id}(/_history/\\d+)?$`));
    expect(res.headers.etag).toBe(`W/"${task.meta?.versionId}"`);
    const referral = (
      await t.app.inject({ url: `/api/referrals/${task.id}`, headers: bearer(coordinator, plan) })
    ).json();
    expect(referral).toMatchObject({
      first_name: 'Philippa',
      date_of_birth: '1969-09-14',
      zip_code: '97205',
      phone_number: '(503) 555-0142',
      preferred_language: 'Spanish',
      health_plan: 'Molina Healthcare',
      provider_name: 'Dr. Ines Calloway',
      npi_number: '1457382910',
      organization: 'Northgate Clinic',
      primary_diagnosis: 'Congestive heart failure',
      urgency: 'Within 1 Week',
      sdoh_needs: ['Food Assistance'],
      member_consent_obtained: true,
      additional_notes: 'Use the side entrance after 4pm.',
    });
    const audit = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'referral.created' AND entity_id = $1`,
      [Number(task.id)],
    );
    expect(audit.n).toBe(1);
  });

  it('refuses a non-conforming Task with 400 naming the element', async () => {
    const { focus: _f, ...noFocus } = taskWith();
    const missing = outcomeOf(await fhir('POST', '/fhir/Task', coordinator, plan, noFocus), 400);
    expect(missing.expressions).toContain('Task.focus');

    const badDate = taskWith({}, [
      { ...patient(), birthDate: '1969-13-45' },
      serviceRequest,
      coverage,
      requester,
      consent,
    ]);
    const invalid = outcomeOf(await fhir('POST', '/fhir/Task', coordinator, plan, badDate), 400);
    expect(invalid.expressions).toContain('Task.contained[0].birthDate');

    const { category: _c, ...noCategory } = serviceRequest;
    const noCat = taskWith({}, [patient(), noCategory, coverage, requester, consent]);
    expect(outcomeOf(await fhir('POST', '/fhir/Task', coordinator, plan, noCat), 400).expressions).toContain(
      'Task.contained[1].category',
    );

    const wrongIntent = outcomeOf(
      await fhir('POST', '/fhir/Task', coordinator, plan, taskWith({ intent: 'plan' })),
      400,
    );
    expect(wrongIntent.expressions).toContain('Task.intent');
  });

  it('refuses a conforming Task missing the form’s required data with 422 naming the element', async () => {
    const { birthDate: _b, ...noDob } = patient();
    const res = outcomeOf(
      await fhir(
        'POST',
        '/fhir/Task',
        coordinator,
        plan,
        taskWith({}, [noDob, serviceRequest, coverage, requester, consent]),
      ),
      422,
    );
    expect(res.expressions).toContain('Task.contained[0].birthDate');
    expect(res.code).toBe('business-rule');
  });

  it('requires the member’s consent, from a Consent sent with it', async () => {
    const none = outcomeOf(
      await fhir(
        'POST',
        '/fhir/Task',
        coordinator,
        plan,
        taskWith({}, [patient(), serviceRequest, coverage, requester]),
      ),
      422,
    );
    expect(none.expressions).toContain('Task.contained');
    expect(JSON.stringify(none.body)).toContain('Member consent must be obtained');
    const denied = { ...consent, provision: { type: 'deny' } };
    const refused = outcomeOf(
      await fhir(
        'POST',
        '/fhir/Task',
        coordinator,
        plan,
        taskWith({}, [patient(), serviceRequest, coverage, requester, denied]),
      ),
      422,
    );
    expect(refused.expressions).toContain('Task.contained[4].status');
  });

  it('refuses a duplicate open referral for the same member and need, as the form does', async () => {
    const member = patient();
    await createTask(coordinator, plan, taskWith({}, [member, serviceRequest, coverage, requester, consent]));
    const again = await fhir(
      'POST',
      '/fhir/Task',
      coordinator,
      plan,
      taskWith({}, [member, serviceRequest, coverage, requester, consent]),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().resourceType).toBe('OperationOutcome');
  });

  it('is refused to a viewer (403) and to nobody signed in (401)', async () => {
    outcomeOf(await fhir('POST', '/fhir/Task', viewer, plan, taskWith()), 403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/fhir/Task',
      headers: { 'content-type': 'application/fhir+json' },
      payload: JSON.stringify(taskWith()),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /fhir/metadata', () => {
  it('lists create, update and patch of Task', async () => {
    const res = await t.app.inject({ url: '/fhir/metadata' });
    expect(res.statusCode).toBe(200);
    const task = res.json().rest[0].resource.find((r: { type: string }) => r.type === 'Task') as {
      interaction: { code: string }[];
    };
    expect(task.interaction.map((i) => i.code)).toEqual(
      expect.arrayContaining(['create', 'update', 'patch', 'read']),
    );
  });
});

describe('API clients', () => {
  async function clientToken(scopes: string[]) {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/api-clients',
      headers: bearer(orgAdmin, plan),
      payload: { name: `EHR ${scopes.join(' ')} ${++seq}`, scopes },
    });
    expect(made.statusCode).toBe(201);
    const { client_id, client_secret } = made.json();
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id, client_secret },
    });
    expect(token.statusCode).toBe(200);
    return token.json().access_token as string;
  }

  it('a read-scoped client that writes is refused 403; a write-scoped one creates', async () => {
    const reader = await clientToken(['fhir/*.read']);
    const refused = outcomeOf(await fhir('POST', '/fhir/Task', reader, plan, taskWith()), 403);
    expect(JSON.stringify(refused.body)).toContain('fhir/*.write');
    const writer = await clientToken(['fhir/*.read', 'fhir/*.write']);
    const created = await fhir('POST', '/fhir/Task', writer, plan, taskWith());
    expect(created.statusCode).toBe(201);
    const task = created.json() as Task;
    outcomeOf(
      await fhir(
        'PATCH',
        `/fhir/Task/${task.id}`,
        reader,
        plan,
        patch([{ op: 'replace', path: '/status', value: 'cancelled' }]),
      ),
      403,
    );
  });
});

describe('the round trip of a referral Task', () => {
  it('created by FHIR, accepted in the app, started and completed by PATCH, reads each status', async () => {
    const created = await createTask();
    const id = created.id!;
    await matchToHarbor(id);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${id}/accept`,
      headers: bearer(cbo, harbor),
      payload: { provider_id: harborProvider },
    });
    expect(accepted.statusCode).toBe(200);
    const read = await fhir('GET', `/fhir/Task/${id}`, cbo, harbor);
    expect(read.statusCode).toBe(200);
    expect((read.json() as Task).status).toBe('accepted');

    const started = await fhir(
      'PATCH',
      `/fhir/Task/${id}`,
      cbo,
      harbor,
      patch([{ op: 'replace', path: '/status', value: 'in-progress' }]),
    );
    expect(started.statusCode).toBe(200);
    expect((started.json() as Task).status).toBe('in-progress');

    // Completed needs its outcome.
    const noOutcome = outcomeOf(
      await fhir(
        'PATCH',
        `/fhir/Task/${id}`,
        cbo,
        harbor,
        patch([{ op: 'replace', path: '/status', value: 'completed' }]),
      ),
      422,
    );
    expect(noOutcome.expressions).toContain('Task.output');

    const done = await fhir(
      'PATCH',
      `/fhir/Task/${id}`,
      cbo,
      harbor,
      patch([
        { op: 'replace', path: '/status', value: 'completed' },
        { op: 'add', path: '/output', value: completedOutput },
      ]),
    );
    expect(done.statusCode).toBe(200);
    const after = (await fhir('GET', `/fhir/Task/${id}`, coordinator, plan)).json() as Task;
    expect(after.status).toBe('completed');
    const referral = (
      await t.app.inject({ url: `/api/referrals/${id}`, headers: bearer(coordinator, plan) })
    ).json();
    expect(referral).toMatchObject({ status: 'completed', outcome: 'service_provided' });
    // The app's history has each step, by the provider's user, as from its own buttons.
    const events = await t.database.query<{ to_status: string }>(
      `SELECT to_status FROM referral_events WHERE referral_id = $1 AND to_status IS NOT NULL ORDER BY id`,
      [Number(id)],
    );
    expect(events.map((e) => e.to_status)).toEqual(
      expect.arrayContaining(['accepted', 'in_progress', 'completed']),
    );
  });

  it('a PATCH that skips a lifecycle step is refused 409 naming Task.status, and changes nothing', async () => {
    const { id } = await createTask();
    await matchToHarbor(id!);
    const res = outcomeOf(
      await fhir(
        'PATCH',
        `/fhir/Task/${id}`,
        cbo,
        harbor,
        patch([{ op: 'replace', path: '/status', value: 'completed' }]),
      ),
      409,
    );
    expect(res.expressions).toEqual(['Task.status']);
    expect(res.code).toBe('conflict');
    const status = await one<{ status: string }>(t, 'SELECT status FROM referrals WHERE id = $1', [
      Number(id),
    ]);
    expect(status.status).toBe('matched');
    // Nor may the requester take the provider's step.
    outcomeOf(
      await fhir(
        'PATCH',
        `/fhir/Task/${id}`,
        coordinator,
        plan,
        patch([{ op: 'replace', path: '/status', value: 'accepted' }]),
      ),
      409,
    );
  });

  it('the provider accepts or rejects by FHIR, a rejection with its reason', async () => {
    const { id } = await createTask();
    await matchToHarbor(id!);
    const noReason = outcomeOf(
      await fhir(
        'PATCH',
        `/fhir/Task/${id}`,
        cbo,
        harbor,
        patch([{ op: 'replace', path: '/status', value: 'rejected' }]),
      ),
      422,
    );
    expect(noReason.expressions).toContain('Task.statusReason.text');
    const rejected = await fhir(
      'PATCH',
      `/fhir/Task/${id}`,
      cbo,
      harbor,
      patch([
        { op: 'replace', path: '/status', value: 'rejected' },
        { op: 'add', path: '/statusReason', value: { text: 'No capacity this month' } },
      ]),
    );
    expect(rejected.statusCode).toBe(200);
    expect((rejected.json() as Task).status).toBe('rejected');
    const row = await one<{ status: string; rejection_reason: string }>(
      t,
      'SELECT status, rejection_reason FROM referrals WHERE id = $1',
      [Number(id)],
    );
    expect(row).toEqual({ status: 'rejected', rejection_reason: 'No capacity this month' });

    const other = await createTask();
    await matchToHarbor(other.id!);
    const ok = await fhir(
      'PATCH',
      `/fhir/Task/${other.id}`,
      cbo,
      harbor,
      patch([{ op: 'replace', path: '/status', value: 'accepted' }]),
    );
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as Task).status).toBe('accepted');
  });

  it('the requester cancels with a reason; another organization’s Task is not found', async () => {
    const { id } = await createTask();
    outcomeOf(
      await fhir(
        'PATCH',
        `/fhir/Task/${id}`,
        staff,
        pantry,
        patch([{ op: 'replace', path: '/status', value: 'cancelled' }]),
      ),
      404,
    );
    const noReason = outcomeOf(
      await fhir(
        'PATCH',
        `/fhir/Task/${id}`,
        coordinator,
        plan,
        patch([{ op: 'replace', path: '/status', value: 'cancelled' }]),
      ),
      422,
    );
    expect(noReason.expressions).toContain('Task.statusReason.text');
    const cancelled = await fhir(
      'PATCH',
      `/fhir/Task/${id}`,
      coordinator,
      plan,
      patch([
        { op: 'replace', path: '/status', value: 'cancelled' },
        { op: 'replace', path: '/statusReason', value: { text: 'Member moved away' } },
      ]),
    );
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as Task).status).toBe('cancelled');
  });

  it('PATCH of another element than status, statusReason, businessStatus, output is refused', async () => {
    const { id } = await createTask();
    const res = outcomeOf(
      await fhir(
        'PATCH',
        `/fhir/Task/${id}`,
        coordinator,
        plan,
        patch([{ op: 'replace', path: '/priority', value: 'stat' }]),
      ),
      422,
    );
    expect(res.expressions).toEqual(['Task.priority']);
    outcomeOf(
      await fhir('PATCH', `/fhir/Task/${id}`, coordinator, plan, patch([{ op: 'remove', path: '/status' }])),
      400,
    );
  });
});

describe('PUT /fhir/Task/{id}', () => {
  it('changes the status of the Task as read, honours If-Match, and refuses other changes', async () => {
    const { id } = await createTask();
    await matchToHarbor(id!);
    const read = await fhir('GET', `/fhir/Task/${id}`, cbo, harbor);
    const current = read.json() as Task;
    const etag = `W/"${(await fhir('POST', '/fhir/Task', coordinator, plan, taskWith())).json().meta.versionId}"`;
    // A version that is not this Task's current one.
    const stale = outcomeOf(
      await fhir(
        'PUT',
        `/fhir/Task/${id}`,
        cbo,
        harbor,
        { ...current, status: 'accepted' },
        { 'if-match': etag },
      ),
      412,
    );
    expect(stale.expressions).toContain('Task.meta.versionId');

    const priority = outcomeOf(
      await fhir('PUT', `/fhir/Task/${id}`, cbo, harbor, {
        ...current,
        status: 'accepted',
        priority: 'stat',
      }),
      422,
    );
    expect(priority.expressions).toEqual(['Task.priority']);

    const wrongId = outcomeOf(
      await fhir('PUT', `/fhir/Task/${id}`, cbo, harbor, { ...current, id: '999999' }),
      400,
    );
    expect(wrongId.expressions).toEqual(['Task.id']);

    const versionNow = (await fhir('GET', `/fhir/Task/${id}`, cbo, harbor)).json() as Task;
    const version = versionNow.meta?.versionId;
    expect(version).toMatch(/^\d+$/);
    const accepted = await fhir(
      'PUT',
      `/fhir/Task/${id}`,
      cbo,
      harbor,
      { ...current, status: 'accepted' },
      { 'if-match': `W/"${version}"` },
    );
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as Task).status).toBe('accepted');
    expect(accepted.headers.etag).toMatch(/^W\/"\d+"$/);

    // The same Task again is no step: answered as it is.
    const same = await fhir('PUT', `/fhir/Task/${id}`, cbo, harbor, { ...(accepted.json() as Task) });
    expect(same.statusCode).toBe(200);
    expect((same.json() as Task).status).toBe('accepted');
  });
});

describe('POST /fhir (transaction Bundle)', () => {
  const bundleWith = (srOverride: Record<string, unknown> = {}) => fixtureBundle(++seq, srOverride);

  it('creates the referral and answers a transaction-response with each entry’s location', async () => {
    const res = await fhir('POST', '/fhir', coordinator, plan, bundleWith());
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Bundle;
    expect(answer.type).toBe('transaction-response');
    const [pat, sr, task] = answer.entry!;
    expect(task?.response).toMatchObject({
      status: '201 Created',
      location: expect.stringMatching(/^Task\/\d+$/),
    });
    expect(sr?.response?.location).toMatch(/^ServiceRequest\/\d+$/);
    expect(pat?.response?.location).toMatch(/^Patient\/\d+$/);
    expect(task?.resource).toMatchObject({ resourceType: 'Task', status: 'requested' });
    const id = task!.response!.location!.split('/')[1];
    const read = await fhir('GET', `/fhir/Task/${id}`, coordinator, plan);
    expect(read.statusCode).toBe(200);
  });

  it('names the entry’s element of a non-conforming resource', async () => {
    const res = outcomeOf(
      await fhir('POST', '/fhir', coordinator, plan, bundleWith({ category: undefined })),
      400,
    );
    expect(res.expressions).toContain('Bundle.entry[1].resource.category');
    const notTransaction = outcomeOf(
      await fhir('POST', '/fhir', coordinator, plan, { ...bundleWith(), type: 'batch' }),
      400,
    );
    expect(notTransaction.expressions).toContain('Bundle.type');
  });
});
