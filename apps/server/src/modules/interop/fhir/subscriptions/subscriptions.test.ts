import {
  BACKPORT_URLS,
  type FhirSubscriptionDeliveryList,
  type FhirSubscriptionList,
  referralTaskStatusTopic,
  SIGNING_SECRET_EXTENSION,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReferral, createReferral } from '../../../../../test/factories.ts';
import {
  api,
  bearer,
  buildTestApp,
  eventually,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../../test/helpers.ts';
import { verifySignature } from './signature.ts';
import {
  type NotificationBundle,
  type Param,
  startTestSubscriber,
  statusParam,
  type TestSubscriber,
} from './test-subscriber.ts';

// Issue #21 FHIR Subscriptions, end to end: organizations subscribe through /fhir, a real subscriber on loopback
// (allowed by FHIR_SUBSCRIPTION_ALLOW_HOSTS, as a deployment allows an internal system) receives the handshake
// and then one signed event-notification per Task status change of the referrals its organization may see; a
// failing subscriber is retried (short backoff here) until the subscription is marked in error; a reactivation
// brings it back; private addresses are refused when not allowed.

let t: TestApp;
let sub: TestSubscriber;
let plan: number;
let harbor: number;
let lakeside: number;
let orgadmin: string;
let coordinator: string;
let cbo: string;
let staff: string;
let admin: string;
let topic: string;
const secrets = new Map<string, string>();
const ids = new Map<string, number>();

beforeAll(async () => {
  sub = await startTestSubscriber();
  t = await buildTestApp({
    jobs: true,
    env: {
      FHIR_SUBSCRIPTION_ALLOW_HOSTS: '127.0.0.1',
      FHIR_SUBSCRIPTION_RETRIES: '2',
      FHIR_SUBSCRIPTION_RETRY_DELAY_SECONDS: '1',
      FHIR_SUBSCRIPTION_TIMEOUT_MS: '3000',
    },
  });
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  lakeside = await orgId(t, 'Lakeside Food Network');
  orgadmin = await login(t.app, 'orgadmin@trust.demo');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
  topic = referralTaskStatusTopic(t.app.deps.config.publicUrl);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sub?.close();
});

function subscriptionBody(
  endpoint: string,
  options: { filter?: string; content?: string; headers?: string[]; type?: string } = {},
) {
  return {
    resourceType: 'Subscription',
    status: 'requested',
    reason: 'Referral updates for our care-management system',
    criteria: topic,
    ...(options.filter
      ? { _criteria: { extension: [{ url: BACKPORT_URLS.filterCriteria, valueString: options.filter }] } }
      : {}),
    channel: {
      type: options.type ?? 'rest-hook',
      endpoint,
      payload: 'application/fhir+json',
      _payload: {
        extension: [{ url: BACKPORT_URLS.payloadContent, valueCode: options.content ?? 'id-only' }],
      },
      ...(options.headers ? { header: options.headers } : {}),
    },
  };
}

function postSubscription(token: string, org: number, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/fhir/Subscription',
    headers: { ...bearer(token, org), 'content-type': 'application/fhir+json' },
    payload: JSON.stringify(body),
  });
}

async function subscribe(
  name: string,
  token: string,
  org: number,
  options: Parameters<typeof subscriptionBody>[1] = {},
) {
  const res = await postSubscription(token, org, subscriptionBody(`${sub.base}/${name}`, options));
  expect(res.statusCode, res.body).toBe(201);
  const resource = res.json() as {
    id: string;
    status: string;
    extension: { url: string; valueString: string }[];
  };
  const secret = resource.extension.find((e) => e.url === SIGNING_SECRET_EXTENSION)!.valueString;
  expect(res.headers['x-trust-signing-secret']).toBe(secret);
  secrets.set(name, secret);
  ids.set(name, Number(resource.id));
  return resource;
}

async function fhirStatus(token: string, org: number, id: number): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/fhir/Subscription/${id}`,
    headers: bearer(token, org),
  });
  return (res.json() as { status: string }).status;
}

const part = (p: Param | undefined, name: string) => p?.part?.find((x) => x.name === name);

/** The event-notifications a path received, in the order they arrived. */
function events(path: string): NotificationBundle[] {
  return sub
    .bundlesAt(`/${path}`)
    .map((b) => b.bundle)
    .filter((b) => statusParam(b, 'type')?.valueCode === 'event-notification');
}

function expectSigned(path: string) {
  const all = sub.received.filter((r) => r.path === `/${path}`);
  expect(all.length).toBeGreaterThan(0);
  for (const r of all) {
    expect(r.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(verifySignature(secrets.get(path)!, r.body, String(r.headers['x-trust-signature']))).toBe(true);
    // A byte changed: the signature no longer holds.
    expect(verifySignature(secrets.get(path)!, `${r.body} `, String(r.headers['x-trust-signature']))).toBe(
      false,
    );
  }
}

const wait = <T>(check: () => Promise<T | undefined> | T | undefined, what: string, ms = 20_000) =>
  eventually(
    async () => {
      const v = await check();
      if (v === undefined) await new Promise((r) => setTimeout(r, 200));
      return v;
    },
    ms,
    what,
  );

describe('subscribing', () => {
  it('answers 201 with the secret once, sends a signed handshake, then the subscription is active', async () => {
    const created = await subscribe('plan', orgadmin, plan, {
      content: 'full-resource',
      headers: ['Authorization: Bearer subscriber-token'],
    });
    expect(created.status).toBe('requested');
    const handshake = await wait(() => sub.bundlesAt('/plan')[0], 'the handshake');
    expect(handshake.bundle).toMatchObject({ resourceType: 'Bundle', type: 'history' });
    expect(handshake.bundle.entry[0]!.resource.resourceType).toBe('Parameters');
    expect(statusParam(handshake.bundle, 'type')?.valueCode).toBe('handshake');
    expect(statusParam(handshake.bundle, 'topic')?.valueCanonical).toBe(topic);
    expect(statusParam(handshake.bundle, 'events-since-subscription-start')?.valueString).toBe('0');
    expect(handshake.raw.headers.authorization).toBe('Bearer subscriber-token');
    expectSigned('plan');
    await wait(
      async () => ((await fhirStatus(orgadmin, plan, ids.get('plan')!)) === 'active' ? true : undefined),
      'active',
    );

    // The secret and the headers are sealed at rest and never shown again.
    const read = await t.app.inject({
      method: 'GET',
      url: `/fhir/Subscription/${ids.get('plan')}`,
      headers: bearer(orgadmin, plan),
    });
    expect(read.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(read.body).not.toContain(secrets.get('plan')!);
    expect(read.body).not.toContain('subscriber-token');
    const row = await one<{ signing_secret_sealed: string; headers_sealed: string }>(
      t,
      'SELECT signing_secret_sealed, headers_sealed FROM fhir_subscriptions WHERE id = $1',
      [ids.get('plan')],
    );
    expect(row.signing_secret_sealed).not.toContain(secrets.get('plan')!);
    expect(row.headers_sealed).not.toContain('subscriber-token');

    const status = await t.app.inject({
      method: 'GET',
      url: `/fhir/Subscription/${ids.get('plan')}/$status`,
      headers: bearer(orgadmin, plan),
    });
    expect(status.statusCode).toBe(200);
    const parameters = (status.json() as NotificationBundle).entry[0]!.resource;
    expect(parameters.parameter?.find((p) => p.name === 'status')?.valueCode).toBe('active');
  });

  it('lists the subscription in the CapabilityStatement with its topic', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/metadata', headers: bearer(orgadmin, plan) });
    expect(res.statusCode).toBe(200);
    const resources = (
      res.json() as { rest: { resource: { type: string; extension?: { valueCanonical?: string }[] }[] }[] }
    ).rest[0]!.resource;
    const entry = resources.find((r) => r.type === 'Subscription');
    expect(entry?.extension?.[0]?.valueCanonical).toBe(topic);
  });

  it('refuses what it does not do, naming the element (400 OperationOutcome), and stores nothing', async () => {
    const before = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM fhir_subscriptions');
    const cases: [unknown, string][] = [
      [subscriptionBody(`${sub.base}/x`, { type: 'websocket' }), 'Subscription.channel.type'],
      [
        { ...subscriptionBody(`${sub.base}/x`), criteria: 'http://example.org/SubscriptionTopic/admission' },
        'Subscription.criteria',
      ],
      [
        subscriptionBody(`${sub.base}/x`, { filter: 'Task?status=sleeping' }),
        'Subscription.criteria.extension',
      ],
      [
        subscriptionBody(`${sub.base}/x`, { headers: ['X-Trust-Signature: forged'] }),
        'Subscription.channel.header[0]',
      ],
      // Loopback is allowed by number only: "localhost" resolves to it but is not on the list.
      [subscriptionBody(`${sub.base.replace('127.0.0.1', 'localhost')}/x`), 'Subscription.channel.endpoint'],
      [subscriptionBody('https://10.1.2.3/hook'), 'Subscription.channel.endpoint'],
      [subscriptionBody('https://169.254.169.254/latest'), 'Subscription.channel.endpoint'],
      [subscriptionBody('http://example.org/hook'), 'Subscription.channel.endpoint'],
    ];
    for (const [body, expression] of cases) {
      const res = await postSubscription(orgadmin, plan, body);
      expect(res.statusCode, res.body).toBe(400);
      const outcome = res.json() as { resourceType: string; issue: { expression?: string[] }[] };
      expect(outcome.resourceType).toBe('OperationOutcome');
      expect(outcome.issue[0]!.expression).toEqual([expression]);
    }
    // A person who is not an admin of the organization does not manage its subscriptions.
    for (const token of [coordinator, await login(t.app, 'viewer@trust.demo')]) {
      const refused = await postSubscription(token, plan, subscriptionBody(`${sub.base}/x`));
      expect(refused.statusCode, refused.body).toBe(403);
      expect((refused.json() as { resourceType: string }).resourceType).toBe('OperationOutcome');
    }
    const after = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM fhir_subscriptions');
    expect(after.n).toBe(before.n);
  });
});

describe('notifications', () => {
  let referralId: number;

  it('delivers each Task status change to the organizations that see the referral, numbered and signed', async () => {
    await subscribe('harbor', cbo, harbor, { filter: 'Task?status=accepted,completed' });
    await subscribe('lakeside', admin, lakeside);
    for (const name of ['harbor', 'lakeside']) {
      await wait(
        async () =>
          (await fhirStatus(
            name === 'harbor' ? cbo : staff,
            name === 'harbor' ? harbor : lakeside,
            ids.get(name)!,
          )) === 'active'
            ? true
            : undefined,
        `${name} active`,
      );
    }

    const referral = await createReferral(t, { token: coordinator, orgId: plan });
    referralId = referral.id;
    const first = await wait(() => events('plan')[0], 'the creation event');
    expect(part(statusParam(first, 'notification-event'), 'event-number')?.valueString).toBe('1');
    expect(part(statusParam(first, 'notification-event'), 'focus')?.valueReference).toEqual({
      reference: `${t.app.deps.config.publicUrl}/fhir/Task/${referralId}`,
    });
    // full-resource: the Task itself follows the status.
    expect(first.entry[1]!.resource).toMatchObject({
      resourceType: 'Task',
      id: String(referralId),
      status: 'requested',
    });

    // Claimed: pending → matched is `requested` both times, so no Task change is announced.
    const claimed = await claimReferral(t, { token: cbo, orgId: harbor }, referralId);
    const accepted = await api(t)('POST', `/api/referrals/${referralId}/accept`, cbo, harbor, {
      provider_id: claimed.matched_provider_id,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const second = await wait(() => events('plan')[1], 'the acceptance event for the plan');
    expect(part(statusParam(second, 'notification-event'), 'event-number')?.valueString).toBe('2');
    expect(statusParam(second, 'events-since-subscription-start')?.valueString).toBe('2');
    expect(second.entry[1]!.resource).toMatchObject({ resourceType: 'Task', status: 'accepted' });

    // Harbor sees the referral now (its provider accepted it); id-only: the focus and no Task.
    const harborEvent = await wait(() => events('harbor')[0], 'the acceptance event for Harbor');
    expect(part(statusParam(harborEvent, 'notification-event'), 'event-number')?.valueString).toBe('1');
    expect(harborEvent.entry).toHaveLength(1);
    const harborDeliveries = (
      await api(t)('GET', `/api/fhir-subscriptions/${ids.get('harbor')}/deliveries`, cbo, harbor)
    ).json() as FhirSubscriptionDeliveryList;
    expect(harborDeliveries.deliveries[0]).toMatchObject({
      kind: 'event-notification',
      task_status: 'accepted',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
    });

    expectSigned('plan');
    expectSigned('harbor');
    // Lakeside has no part in this referral: its handshake only.
    expect(events('lakeside')).toHaveLength(0);
    expect(events('plan')).toHaveLength(2);
  });

  it('retries a failing subscriber, then marks the subscription in error; a reactivation brings it back', async () => {
    await subscribe('flaky', orgadmin, plan);
    await wait(
      async () => ((await fhirStatus(orgadmin, plan, ids.get('flaky')!)) === 'active' ? true : undefined),
      'flaky active',
    );
    sub.answer('/flaky', 500);
    const started = await api(t)('PUT', `/api/referrals/${referralId}`, cbo, harbor, {
      status: 'in_progress',
    });
    expect(started.statusCode, started.body).toBe(200);

    const listed = await wait(
      async () => {
        const list = (
          await api(t)('GET', '/api/fhir-subscriptions', orgadmin, plan)
        ).json() as FhirSubscriptionList;
        const flaky = list.subscriptions.find((s) => s.id === ids.get('flaky'));
        return flaky?.status === 'error' ? flaky : undefined;
      },
      'the subscription in error',
      30_000,
    );
    expect(listed.last_error).toBe('The endpoint answered HTTP 500.');
    expect(events('flaky')).toHaveLength(3); // the first try and FHIR_SUBSCRIPTION_RETRIES = 2
    const numbers = events('flaky').map(
      (b) => part(statusParam(b, 'notification-event'), 'event-number')?.valueString,
    );
    expect(new Set(numbers)).toEqual(new Set(['1']));
    const deliveries = (
      await api(t)('GET', `/api/fhir-subscriptions/${ids.get('flaky')}/deliveries`, orgadmin, plan)
    ).json() as FhirSubscriptionDeliveryList;
    expect(deliveries.deliveries[0]).toMatchObject({
      kind: 'event-notification',
      task_status: 'in-progress',
      status: 'failed',
      attempts: 3,
      last_status_code: 500,
      last_error: 'The endpoint answered HTTP 500.',
    });
    expect(await fhirStatus(orgadmin, plan, ids.get('flaky')!)).toBe('error');
    // The plan's healthy subscription got the same change.
    expect(events('plan')[2]!.entry[1]!.resource).toMatchObject({ status: 'in-progress' });
    // Harbor's filter (accepted, completed) leaves `in-progress` out: its numbering did not move either.
    expect(events('harbor')).toHaveLength(1);
    const harborList = (
      await api(t)('GET', '/api/fhir-subscriptions', cbo, harbor)
    ).json() as FhirSubscriptionList;
    expect(harborList.subscriptions[0]!.event_count).toBe(1);

    sub.answer('/flaky', 200);
    const handshakesBefore = sub
      .bundlesAt('/flaky')
      .filter((b) => statusParam(b.bundle, 'type')?.valueCode === 'handshake').length;
    const reactivated = await api(t)(
      'POST',
      `/api/fhir-subscriptions/${ids.get('flaky')}/reactivate`,
      orgadmin,
      plan,
    );
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({ status: 'requested' });
    await wait(
      async () => ((await fhirStatus(orgadmin, plan, ids.get('flaky')!)) === 'active' ? true : undefined),
      'active again',
    );
    const after = (
      await api(t)('GET', '/api/fhir-subscriptions', orgadmin, plan)
    ).json() as FhirSubscriptionList;
    expect(after.subscriptions.find((s) => s.id === ids.get('flaky'))).toMatchObject({
      status: 'active',
      last_error: null,
    });
    const handshakes = sub
      .bundlesAt('/flaky')
      .filter((b) => statusParam(b.bundle, 'type')?.valueCode === 'handshake');
    expect(handshakes).toHaveLength(handshakesBefore + 1);
    expect(statusParam(handshakes.at(-1)!.bundle, 'events-since-subscription-start')?.valueString).toBe('1');
  }, 60_000);

  it('a handshake nobody answers puts the subscription in error', async () => {
    sub.answer('/silent', 503);
    await subscribe('silent', orgadmin, plan);
    const status = await wait(
      async () => {
        const s = await fhirStatus(orgadmin, plan, ids.get('silent')!);
        return s === 'error' ? s : undefined;
      },
      'the handshake given up',
      30_000,
    );
    expect(status).toBe('error');
    expect(sub.bundlesAt('/silent')).toHaveLength(3);
  }, 60_000);

  it('turned off (DELETE), a subscription receives nothing more', async () => {
    const off = await t.app.inject({
      method: 'DELETE',
      url: `/fhir/Subscription/${ids.get('harbor')}`,
      headers: bearer(cbo, harbor),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'off' });
    const harborBefore = events('harbor').length;
    const done = await api(t)('PUT', `/api/referrals/${referralId}`, cbo, harbor, {
      status: 'completed',
      outcome: 'service_provided',
    });
    expect(done.statusCode, done.body).toBe(200);
    await wait(
      () => events('plan').find((b) => (b.entry[1]?.resource.status === 'completed' ? b : undefined)),
      'the completion for the plan',
    );
    // Its filter would match `completed`, but it is off; give the queue a moment to prove nothing was queued.
    await new Promise((r) => setTimeout(r, 1500));
    expect(events('harbor')).toHaveLength(harborBefore);
  }, 30_000);
});

describe('the Interop screen routes', () => {
  it("are for the organization's admins only, and never show another organization's subscriptions", async () => {
    expect((await api(t)('GET', '/api/fhir-subscriptions', coordinator, plan)).statusCode).toBe(403);
    expect((await api(t)('GET', '/api/fhir-subscriptions', staff, lakeside)).statusCode).toBe(403);
    expect((await api(t)('GET', '/api/fhir-subscriptions', cbo, plan)).statusCode).toBe(403);
    const asOperator = await api(t)('GET', '/api/fhir-subscriptions', admin, plan);
    expect(asOperator.statusCode).toBe(200);
    const planIds = (asOperator.json() as FhirSubscriptionList).subscriptions.map((s) => s.id);
    expect(planIds).toContain(ids.get('plan'));
    expect(planIds).not.toContain(ids.get('harbor'));

    const harborList = (
      await api(t)('GET', '/api/fhir-subscriptions', cbo, harbor)
    ).json() as FhirSubscriptionList;
    expect(harborList.subscriptions.map((s) => s.id)).toEqual([ids.get('harbor')]);
    expect(harborList.subscriptions[0]).toMatchObject({
      status: 'off',
      filter_criteria: 'Task?status=accepted,completed',
    });

    // Another organization's subscription does not exist for Harbor, on the app and on /fhir.
    expect(
      (await api(t)('GET', `/api/fhir-subscriptions/${ids.get('plan')}/deliveries`, cbo, harbor)).statusCode,
    ).toBe(404);
    expect(
      (await api(t)('DELETE', `/api/fhir-subscriptions/${ids.get('plan')}`, cbo, harbor)).statusCode,
    ).toBe(404);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/fhir/Subscription/${ids.get('plan')}`,
      headers: bearer(cbo, harbor),
    });
    expect(foreign.statusCode).toBe(404);
    const search = (
      await t.app.inject({ method: 'GET', url: '/fhir/Subscription', headers: bearer(cbo, harbor) })
    ).json() as {
      entry: { resource: { id: string } }[];
    };
    expect(search.entry.map((e) => e.resource.id)).toEqual([String(ids.get('harbor'))]);

    // Only a subscription in error can be reactivated; turning one off from the screen works.
    expect(
      (await api(t)('POST', `/api/fhir-subscriptions/${ids.get('plan')}/reactivate`, orgadmin, plan))
        .statusCode,
    ).toBe(409);
    const off = await api(t)('DELETE', `/api/fhir-subscriptions/${ids.get('lakeside')}`, staff, lakeside);
    expect(off.statusCode).toBe(403);
    const offByAdmin = await api(t)('DELETE', `/api/fhir-subscriptions/${ids.get('silent')}`, orgadmin, plan);
    expect(offByAdmin.json()).toMatchObject({ status: 'off' });
  });
});
