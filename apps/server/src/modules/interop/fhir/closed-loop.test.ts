import type { Task } from '@medplum/fhirtypes';
import { BACKPORT_URLS, referralTaskStatusTopic, SIGNING_SECRET_EXTENSION } from '@trust/domain';
import { REFERRAL_OUTCOME_CODE_SYSTEM } from '@trust/domain/fhir-task-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReferral } from '../../../../test/factories.ts';
import {
  api,
  bearer,
  buildTestApp,
  eventually,
  login,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';
import { validateSdohcc } from './ig/validate-profile.ts';
import { fixtureTask } from './inbound/referral-task.fixture.ts';
import { hasErrors, validateR4 } from './r4-validator.ts';
import { verifySignature } from './subscriptions/signature.ts';
import {
  type NotificationBundle,
  type Param,
  startTestSubscriber,
  statusParam,
  type TestSubscriber,
} from './subscriptions/test-subscriber.ts';

// Issue #21 "Done when", in one piece and only through the doors a real integration uses: a health plan's
// care-management system (an API client of the plan, with its own OAuth token) subscribes to its referrals' Task
// changes and sends a referral as an SDOHCC Task; a community organization claims and accepts it in the app, then
// starts and completes it over FHIR; the plan reads each status back, and its subscriber on loopback receives
// one signed notification per change, in order. Every Task read conforms to base R4 and to the SDOHCC profile.

let t: TestApp;
let sub: TestSubscriber;
let plan: number;
let harbor: number;
let cbo: string;
let clientToken: string;
let secret: string;

beforeAll(async () => {
  sub = await startTestSubscriber();
  t = await buildTestApp({ jobs: true, env: { FHIR_SUBSCRIPTION_ALLOW_HOSTS: '127.0.0.1' } });
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  // A referral nobody answers stays as it is: the cascade has tests of its own (matching/).
  await t.database.query(`UPDATE organizations SET settings = settings || '{"cascade": false}'::jsonb`);
  cbo = await login(t.app, 'cbo@trust.demo');

  // The plan's admin registers the care-management system; the system gets its token by client credentials.
  const orgadmin = await login(t.app, 'orgadmin@trust.demo');
  const created = await api(t)('POST', '/api/api-clients', orgadmin, plan, {
    name: 'Care management system',
    scopes: ['fhir/*.read', 'fhir/*.write'],
  });
  expect(created.statusCode, created.body).toBe(201);
  const { client_id, client_secret } = created.json() as { client_id: string; client_secret: string };
  const token = await t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  expect(token.statusCode, token.body).toBe(200);
  clientToken = (token.json() as { access_token: string }).access_token;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sub?.close();
});

const fhir = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, org?: number, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...bearer(token, org),
      ...(body === undefined
        ? {}
        : { 'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/fhir+json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** The plan's Task as its system reads it, checked against base R4 and the SDOHCC profile. */
async function planReadsTask(id: string): Promise<Task> {
  const res = await fhir('GET', `/fhir/Task/${id}`, clientToken);
  expect(res.statusCode, res.body).toBe(200);
  const task = res.json() as Task;
  expect(hasErrors(validateR4(task)), JSON.stringify(validateR4(task))).toBe(false);
  const profileErrors = validateSdohcc(task).filter((i) => i.severity === 'error');
  expect(profileErrors).toEqual([]);
  return task;
}

const part = (p: Param | undefined, name: string) => p?.part?.find((x) => x.name === name);

function eventNotifications(): NotificationBundle[] {
  return sub
    .bundlesAt('/plan-system')
    .map((b) => b.bundle)
    .filter((b) => statusParam(b, 'type')?.valueCode === 'event-notification');
}

async function notificationCount(n: number) {
  await eventually(
    async () => {
      if (eventNotifications().length >= n) return true;
      await new Promise((r) => setTimeout(r, 200));
      return undefined;
    },
    20_000,
    `${n} notifications`,
  );
}

describe('the closed loop of a referral over FHIR', () => {
  it('subscribe → POST /fhir/Task → accepted in the app → completed by PATCH; the subscriber got each change', async () => {
    // 1. The system subscribes with its own token; the handshake makes the subscription active.
    const subscribed = await fhir('POST', '/fhir/Subscription', clientToken, undefined, {
      resourceType: 'Subscription',
      status: 'requested',
      reason: 'Referral updates for the care-management system',
      criteria: referralTaskStatusTopic(t.app.deps.config.publicUrl),
      channel: {
        type: 'rest-hook',
        endpoint: `${sub.base}/plan-system`,
        payload: 'application/fhir+json',
        _payload: { extension: [{ url: BACKPORT_URLS.payloadContent, valueCode: 'full-resource' }] },
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const subscription = subscribed.json() as {
      id: string;
      extension: { url: string; valueString: string }[];
    };
    secret = subscription.extension.find((e) => e.url === SIGNING_SECRET_EXTENSION)!.valueString;
    await eventually(
      async () => {
        const read = await fhir('GET', `/fhir/Subscription/${subscription.id}`, clientToken);
        if ((read.json() as { status: string }).status === 'active') return true;
        await new Promise((r) => setTimeout(r, 200));
        return undefined;
      },
      20_000,
      'the subscription active',
    );

    // 2. The referral arrives as an SDOHCC Task with its ServiceRequest, Patient and Consent contained.
    const posted = await fhir('POST', '/fhir/Task', clientToken, undefined, fixtureTask(9001));
    expect(posted.statusCode, posted.body).toBe(201);
    const id = (posted.json() as Task).id!;
    expect(posted.headers.location).toContain(`/fhir/Task/${id}`);
    expect((await planReadsTask(id)).status).toBe('requested');
    await notificationCount(1);

    // 3. Harbor claims it from the live feed and accepts it in the app, as its people do.
    const claimed = await claimReferral(t, { token: cbo, orgId: harbor }, Number(id));
    const accepted = await api(t)('POST', `/api/referrals/${id}/accept`, cbo, harbor, {
      provider_id: claimed.matched_provider_id,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await planReadsTask(id)).status).toBe('accepted');
    await notificationCount(2);

    // 4. Harbor's system starts and completes it over FHIR, with the outcome.
    const started = await fhir('PATCH', `/fhir/Task/${id}`, cbo, harbor, [
      { op: 'replace', path: '/status', value: 'in-progress' },
    ]);
    expect(started.statusCode, started.body).toBe(200);
    expect((await planReadsTask(id)).status).toBe('in-progress');
    await notificationCount(3);
    const completed = await fhir('PATCH', `/fhir/Task/${id}`, cbo, harbor, [
      { op: 'replace', path: '/status', value: 'completed' },
      {
        op: 'add',
        path: '/output',
        value: [
          {
            type: { text: 'Outcome' },
            valueCodeableConcept: {
              coding: [{ system: REFERRAL_OUTCOME_CODE_SYSTEM, code: 'service_provided' }],
              text: 'Groceries delivered for two weeks.',
            },
          },
        ],
      },
    ]);
    expect(completed.statusCode, completed.body).toBe(200);
    const done = await planReadsTask(id);
    expect(done.status).toBe('completed');
    expect(done.output?.length).toBeGreaterThan(0);

    // 5. The subscriber received each Task change once, numbered in order, signed, each carrying the Task as
    // it stood (the steps above waited for each notification, as a system working live would).
    await notificationCount(4);
    const notifications = eventNotifications();
    expect(notifications).toHaveLength(4);
    expect(
      notifications.map((b) => part(statusParam(b, 'notification-event'), 'event-number')?.valueString),
    ).toEqual(['1', '2', '3', '4']);
    expect(
      notifications.map((b) => (b.entry[1]?.resource as { status?: string } | undefined)?.status),
    ).toEqual(['requested', 'accepted', 'in-progress', 'completed']);
    for (const b of notifications) {
      expect(part(statusParam(b, 'notification-event'), 'focus')?.valueReference).toEqual({
        reference: `${t.app.deps.config.publicUrl}/fhir/Task/${id}`,
      });
    }
    const received = sub.received.filter((r) => r.path === '/plan-system');
    for (const r of received) {
      expect(verifySignature(secret, r.body, String(r.headers['x-trust-signature']))).toBe(true);
    }
  }, 120_000);
});
