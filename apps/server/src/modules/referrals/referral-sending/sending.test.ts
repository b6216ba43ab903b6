import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CommunicationMethod,
  type Referral,
  type ReferralCreateInput,
  SENDING_MESSAGES,
  selectMethodForAllMessage,
  sentToProvidersMessage,
  WEB_FORM_MESSAGES,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  orgContextOf,
  type TestApp,
} from '../../../../test/helpers.ts';
import type { Drivers } from '../../../adapters/delivery.ts';
import { LocalEmailDriver } from '../../../adapters/email/local.ts';
import { OUTBOUND_MAX_ATTEMPTS } from '../../../adapters/outbound.ts';
import { LocalSmsDriver } from '../../../adapters/sms/local.ts';
import { decryptSecret, encryptionKey } from '../../../platform/secret-box.ts';
import { deliverAndReport } from '../../communications/outbox/deliver-and-report.ts';
import { discoverProviderMethods } from './methods-service.ts';

let t: TestApp;
let plan: number;
let harbor: number;
let lakeside: number;
let harborProvider: number;
let lakesideProvider: number;
let otherProvider: number;
let coordinator: string;
let cbo: string;
let staff: string;
let viewer: string;
let seq = 0;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}
/** A message body as the driver gets it: sealed at rest when it names the member (phi). */
const opened = (body: string) => decryptSecret(encryptionKey(t.app.deps.config), body);

const orgId = async (name: string) =>
  (await one<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [name])).id;
const firstProviderOf = async (org: number) =>
  (
    await one<{ id: number }>('SELECT id FROM providers WHERE organization_id = $1 ORDER BY id LIMIT 1', [
      org,
    ])
  ).id;

/** A directory provider with known contacts and no stored methods (the demo data's are left alone). */
async function freshProvider(contacts: {
  phone?: string | null;
  email?: string | null;
  website?: string | null;
}) {
  seq += 1;
  const row = await one<{ id: number }>(
    `INSERT INTO providers (name, organization_type, phone, email, website, latitude, longitude)
     VALUES ($1, 'Food Bank', $2, $3, $4, 34.05, -118.25) RETURNING id`,
    [`Sending Test Pantry ${seq}`, contacts.phone ?? null, contacts.email ?? null, contacts.website ?? null],
  );
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  harbor = await orgId('Harbor Community Services');
  lakeside = await orgId('Lakeside Food Network');
  harborProvider = await firstProviderOf(harbor);
  lakesideProvider = await firstProviderOf(lakeside);
  otherProvider = await freshProvider({ phone: '(213) 555-0101', email: 'intake@other.example.org' });
  await t.database.query('UPDATE providers SET phone = $2, email = $3 WHERE id = $1', [
    harborProvider,
    '(213) 555-0142',
    'intake@harbor.example.org',
  ]);
  await t.database.query('UPDATE providers SET phone = $2, email = $3 WHERE id = $1', [
    lakesideProvider,
    '(312) 555-0177',
    'intake@lakeside.example.org',
  ]);
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
});
afterAll(async () => t?.close());

const api = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  org?: number,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token, org) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** What the messages are checked for: the templates fill in the urgency, and no diagnosis goes by SMS. */
const member = {
  first_name: 'Rosalind',
  last_name: 'Achterberg',
  primary_diagnosis: 'Type 2 diabetes',
  // Issue #14: the provider reads the urgency as chosen, not the spec's Urgent it maps to.
  urgency: 'Within 1 Week',
} satisfies Partial<ReferralCreateInput>;

/** A referral of the health plan, auto-matched (001 §4) to `providerIds` in that order, every entry pending. */
async function autoMatched(providerIds: number[]): Promise<Referral> {
  const r = await createReferral(t, { token: coordinator, orgId: plan, ...member });
  await t.database.query(
    `UPDATE referrals SET status = 'matched', match_method = 'auto', matched_at = now(), auto_matched_at = now(),
       matched_provider_id = NULL, acceptance_status = NULL, expires_at = NULL WHERE id = $1`,
    [r.id],
  );
  for (const [i, providerId] of providerIds.entries()) {
    await t.database.query(
      `INSERT INTO referral_provider_matches (referral_id, provider_id, rank, distance_miles, status)
       VALUES ($1, $2, $3, $4, 'pending')`,
      [r.id, providerId, i + 1, i + 1.5],
    );
  }
  return r;
}

type Entry = {
  provider_id: number;
  status: string;
  sent_at: Date | null;
  communication_method: string | null;
  contact_value: string | null;
  communication_method_id: number | null;
};
const entries = (referralId: number) =>
  t.database.query<Entry>(
    `SELECT provider_id, status, sent_at, communication_method, contact_value, communication_method_id
       FROM referral_provider_matches WHERE referral_id = $1 ORDER BY rank`,
    [referralId],
  );

type MethodRow = {
  success_count: number;
  failure_count: number;
  priority: number;
  last_used_at: Date | null;
};
const methodRow = (id: number) =>
  one<MethodRow>(
    'SELECT success_count, failure_count, priority, last_used_at FROM provider_communication_methods WHERE id = $1',
    [id],
  );

const listMethods = (providerId: number, token = coordinator, org = plan) =>
  api('GET', `/api/provider-communication-methods?provider_id=${providerId}`, token, org);
const discover = (providerId: number, token = coordinator, org = plan) =>
  api('GET', `/api/provider-communication-methods/discover/${providerId}`, token, org);
const putMethod = (id: number, body: unknown, token = coordinator, org = plan) =>
  api('PUT', `/api/provider-communication-methods/${id}`, token, org, body);
const send = (body: Record<string, unknown>, token = coordinator, org = plan) =>
  api('POST', '/api/referral-communications', token, org, body);

const localDrivers: Drivers = { email: new LocalEmailDriver(), sms: new LocalSmsDriver() };
const failingDrivers: Drivers = {
  email: { name: 'smtp', send: async () => Promise.reject(new Error('550 mailbox unavailable')) },
  sms: { name: 'twilio', send: async () => Promise.reject(new Error('21211 invalid To number')) },
};

describe('GET /api/provider-communication-methods', () => {
  it('answers a provider with no stored method with its directory fallbacks: negative ids, highest priority first', async () => {
    const id = await freshProvider({
      phone: '(213) 555-0111',
      email: 'a@pantry.example.org',
      website: 'pantry.example.org',
    });
    const res = await listMethods(id);
    expect(res.statusCode, res.body).toBe(200);
    const methods = res.json().methods as CommunicationMethod[];
    expect(
      methods.map((m) => [m.id, m.method_type, m.contact_value, m.priority, m.verified, m.discovery_method]),
    ).toEqual([
      [-3, 'web_form', 'https://pantry.example.org', 100, false, 'fallback'],
      [-2, 'email', 'a@pantry.example.org', 80, false, 'fallback'],
      [-1, 'phone', '(213) 555-0111', 60, false, 'fallback'],
    ]);
  });

  it('refuses an unknown provider (404), a missing provider_id (400) and a caller without a session (401)', async () => {
    expectEnvelope(await listMethods(999_999), 404, 'not_found');
    expectEnvelope(await api('GET', '/api/provider-communication-methods', coordinator, plan), 400);
    expectEnvelope(await listMethods(harborProvider, null as unknown as string), 401);
  });
});

describe('GET /api/provider-communication-methods/discover/{providerId}', () => {
  it("stores the record's phone, email and website with their base priorities, once", async () => {
    // .invalid never resolves (RFC 2606): the website part finds nothing, quickly, offline or not.
    const id = await freshProvider({
      phone: '(213) 555-0122',
      email: 'b@pantry.example.org',
      website: 'https://pantry.invalid',
    });
    const started = Date.now();
    const res = await discover(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(6000);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.discovered).toBe(3);
    expect(
      body.methods.map((m: CommunicationMethod) => [
        m.method_type,
        m.contact_value,
        m.priority,
        m.discovery_method,
      ]),
    ).toEqual([
      ['web_form', 'https://pantry.invalid', 100, 'directory'],
      ['email', 'b@pantry.example.org', 80, 'directory'],
      ['phone', '(213) 555-0122', 60, 'directory'],
    ]);
    expect(body.methods.every((m: CommunicationMethod) => m.id > 0)).toBe(true);
    // Listing now gives the stored methods; discovering again adds nothing.
    expect((await listMethods(id)).json().methods).toHaveLength(3);
    expect((await discover(id)).json().discovered).toBe(0);
  });

  it("adds the tel: and mailto: links found on the provider's website", async () => {
    const server: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        '<a href="tel:+1-213-555-0188">Call</a> <a href="mailto:Referrals@Pantry.example.org?subject=Hi">Mail</a>' +
          '<a href="tel:12">bad</a>',
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const id = await freshProvider({ phone: null, email: null, website: `http://127.0.0.1:${port}/` });
      const asPlan = await orgContextOf(t, 'coordinator@trust.demo', plan);
      // Loopback is allowed only here: the route never fetches private addresses.
      const found = await discoverProviderMethods(asPlan, {
        providerId: id,
        options: { allowPrivateAddresses: true },
      });
      const pairs = found.methods.map((m) => [m.method_type, m.contact_value, m.discovery_method]);
      expect(pairs).toContainEqual(['phone', '(213) 555-0188', 'website']);
      expect(pairs).toContainEqual(['email', 'referrals@pantry.example.org', 'website']);
      expect(pairs).toContainEqual(['web_form', `http://127.0.0.1:${port}/`, 'directory']);
      expect(found.discovered).toBe(3);

      // Through the route, the same private address is refused and nothing is read from it.
      const other = await freshProvider({ phone: null, email: null, website: `http://127.0.0.1:${port}/` });
      const res = await discover(other);
      expect(res.json().methods.map((m: CommunicationMethod) => m.method_type)).toEqual(['web_form']);
    } finally {
      server.close();
    }
  });

  it('finds nothing for a provider without contacts and says so', async () => {
    const id = await freshProvider({});
    const body = (await discover(id)).json();
    expect(body).toMatchObject({ success: false, discovered: 0, methods: [] });
    expect(body.error).toEqual(expect.any(String));
  });

  it('is refused to a viewer (403) and for an unknown provider (404)', async () => {
    expectEnvelope(await discover(harborProvider, viewer, plan), 403);
    expectEnvelope(await discover(999_999), 404);
  });
});

describe('PUT /api/provider-communication-methods/{id}', () => {
  async function storedMethods() {
    const id = await freshProvider({ phone: '(213) 555-0133', email: 'c@pantry.example.org' });
    const methods = (await discover(id)).json().methods as CommunicationMethod[];
    return {
      providerId: id,
      email: methods.find((m) => m.method_type === 'email')!,
      phone: methods.find((m) => m.method_type === 'phone')!,
    };
  }

  it('verifies (+20) and makes one method preferred (+5), taking the flag from the other', async () => {
    const { email, phone } = await storedMethods();
    const verified = await putMethod(phone.id, { verified: true });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ verified: true, priority: 80 });

    expect((await putMethod(phone.id, { is_preferred: true })).json()).toMatchObject({
      is_preferred: true,
      priority: 85,
    });
    expect((await putMethod(email.id, { is_preferred: true })).json()).toMatchObject({
      is_preferred: true,
      priority: 85,
    });
    const after = (await listMethods(phone.provider_id)).json().methods as CommunicationMethod[];
    expect(after.filter((m) => m.is_preferred).map((m) => m.id)).toEqual([email.id]);
    expect(after.find((m) => m.id === phone.id)).toMatchObject({ is_preferred: false, priority: 80 });
  });

  it('records an attempt with {success} and recomputes the success rate and priority', async () => {
    const { email } = await storedMethods();
    expect((await putMethod(email.id, { success: true })).json()).toMatchObject({
      success_count: 1,
      failure_count: 0,
      success_rate: 100,
      priority: 80 + 30 + 10,
    });
    expect((await putMethod(email.id, { success: false })).json()).toMatchObject({
      success_count: 1,
      failure_count: 1,
      success_rate: 50,
      priority: 80 + 15 + 10,
    });
  });

  it('refuses a directory fallback (422), an empty body (400), an unknown id (404) and a viewer (403)', async () => {
    const { email } = await storedMethods();
    expect(expectEnvelope(await putMethod(-2, { verified: true }), 422)).toMatchObject({
      reason: 'provider_method.fallback_not_stored',
      message: SENDING_MESSAGES.fallbackNotStored,
    });
    expect(expectEnvelope(await putMethod(email.id, {}), 400)).toMatchObject({
      reason: 'provider_method.update_empty',
      message: SENDING_MESSAGES.updateRequired,
    });
    expectEnvelope(await putMethod(email.id, { verified: false }), 400);
    expect(expectEnvelope(await putMethod(999_999, { verified: true }), 404)).toMatchObject({
      reason: 'provider_method.not_found',
    });
    expectEnvelope(await putMethod(email.id, { verified: true }, viewer, plan), 403);
  });
});

describe('POST /api/referral-communications', () => {
  it('texts the provider through the SMS adapter, records the outbox row with provider and method, and marks the entry sent', async () => {
    const r = await autoMatched([harborProvider]);
    const res = await send({
      referral_id: r.id,
      provider_id: harborProvider,
      communication_method_id: -1,
      method_type: 'phone',
      contact_value: '(213) 555-0142',
      message_content: 'New referral for you, please reply.',
      status: 'sent',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      status: 'queued',
      method_type: 'phone',
      contact_value: '(213) 555-0142',
      message: SENDING_MESSAGES.sent,
    });
    const message = await one<Record<string, unknown>>(
      'SELECT channel, to_address, body_text, phi, referral_id, provider_id, communication_method_id, category FROM outbound_messages WHERE id = $1',
      [body.message_id],
    );
    // The SMS names the member, so it is sealed at rest like the email; the driver gets the text.
    expect(message.body_text).not.toBe('New referral for you, please reply.');
    expect(opened(String(message.body_text))).toBe('New referral for you, please reply.');
    expect(message).toMatchObject({
      channel: 'sms',
      to_address: '(213) 555-0142',
      phi: true,
      referral_id: r.id,
      provider_id: harborProvider,
      category: 'referral_send',
    });
    // The fallback became a stored method, so its successes and failures can be counted.
    expect(message.communication_method_id).toEqual(expect.any(Number));
    const [entry] = await entries(r.id);
    expect(entry).toMatchObject({
      status: 'sent',
      communication_method: 'phone',
      contact_value: '(213) 555-0142',
    });
    expect(entry!.sent_at).toBeInstanceOf(Date);
    const types = await t.database.query<{ type: string }>(
      'SELECT type FROM referral_events WHERE referral_id = $1',
      [r.id],
    );
    expect(types.map((e) => e.type)).toContain('sent_to_provider');
  });

  it('fills the placeholders the browser left in a template from the whole referral (001 §3)', async () => {
    const r = await autoMatched([harborProvider]);
    const res = await send({
      referral_id: r.id,
      provider_id: harborProvider,
      method_type: 'phone',
      message_content:
        'Referral #{{referral_id}} for {{provider_name}}, urgency {{urgency_level}} {{unknown}}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = await one<{ body_text: string }>(
      'SELECT body_text FROM outbound_messages WHERE id = $1',
      [res.json().message_id],
    );
    expect(opened(message.body_text)).toMatch(
      new RegExp(`^Referral #${r.referral_number} for .+, urgency Within 1 Week \\{\\{unknown\\}\\}$`),
    );
    expect(opened(message.body_text)).not.toContain('{{provider_name}}');
  });

  it('emails the provider with the body sealed at rest (it names the member)', async () => {
    const r = await autoMatched([harborProvider]);
    const res = await send({
      referral_id: r.id,
      provider_id: harborProvider,
      method_type: 'email',
      message_content: `Referral for ${member.first_name} ${member.last_name}`,
      subject: 'New referral',
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = await one<{
      channel: string;
      to_address: string;
      phi: boolean;
      body_text: string;
      subject: string;
    }>('SELECT channel, to_address, phi, body_text, subject FROM outbound_messages WHERE id = $1', [
      res.json().message_id,
    ]);
    expect(message).toMatchObject({
      channel: 'email',
      to_address: 'intake@harbor.example.org',
      phi: true,
      subject: 'New referral',
    });
    expect(message.body_text).not.toContain(member.last_name);
  });

  it('refuses a blank message (400), channels without an adapter (422) and a provider without that contact (422)', async () => {
    const r = await autoMatched([harborProvider]);
    const base = { referral_id: r.id, provider_id: harborProvider, message_content: 'Hello' };
    const blank = expectEnvelope(await send({ ...base, method_type: 'phone', message_content: '   ' }), 400);
    expect(blank).toMatchObject({
      message: SENDING_MESSAGES.messageRequired,
      fields: { message_content: SENDING_MESSAGES.messageRequired },
    });
    const noWebsite = await freshProvider({ phone: '(213) 555-0145' });
    expect(
      expectEnvelope(await send({ ...base, provider_id: noWebsite, method_type: 'web_form' }), 422).message,
    ).toBe(WEB_FORM_MESSAGES.websiteMissing);
    expect(expectEnvelope(await send({ ...base, method_type: 'fax' }), 422)).toMatchObject({
      reason: 'send.channel_unavailable',
      message: SENDING_MESSAGES.faxUnavailable,
    });
    expect(expectEnvelope(await send({ ...base, method_type: 'portal' }), 422).message).toBe(
      SENDING_MESSAGES.portalUnavailable,
    );
    const noPhone = await freshProvider({ email: 'x@pantry.example.org' });
    expect(
      expectEnvelope(await send({ ...base, provider_id: noPhone, method_type: 'phone' }), 422).message,
    ).toBe(SENDING_MESSAGES.phoneMissing);
    const noEmail = await freshProvider({ phone: '(213) 555-0144' });
    expect(
      expectEnvelope(await send({ ...base, provider_id: noEmail, method_type: 'email' }), 422).message,
    ).toBe(SENDING_MESSAGES.emailMissing);
    expectEnvelope(await send({ ...base, method_type: 'sms' }), 400);
    // Nothing was queued by any of them.
    const count = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM outbound_messages WHERE referral_id = $1',
      [r.id],
    );
    expect(count.n).toBe(0);
  });

  it('sends by web form: the submission is recorded with the entry sent, and its run ends with what happened', async () => {
    const r = await autoMatched([otherProvider]);
    // A provider whose form is on this machine: refused by the browser's guard (private addresses are off).
    await t.database.query("UPDATE providers SET web_form_url = 'http://127.0.0.1:9/refer' WHERE id = $1", [
      otherProvider,
    ]);
    const res = await send({ referral_id: r.id, provider_id: otherProvider, method_type: 'web_form' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      status: 'queued',
      method_type: 'web_form',
      contact_value: 'http://127.0.0.1:9/refer',
      message_id: null,
    });
    expect((await entries(r.id)).find((e) => e.provider_id === otherProvider)).toMatchObject({
      status: 'sent',
      communication_method: 'web_form',
    });
    let row: { status: string; error: string | null } | undefined;
    for (let i = 0; i < 100 && !['submitted', 'filled', 'failed'].includes(row?.status ?? ''); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await one('SELECT status, error FROM web_form_submissions WHERE referral_id = $1', [r.id]);
    }
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.error).toMatch(/private|local|not allowed|refused/i);
    const listed = await api(
      'GET',
      `/api/communications?referral_id=${r.id}&method=web_form`,
      coordinator,
      plan,
    );
    expect(listed.json().communications[0]).toMatchObject({ method_type: 'web_form', status: 'failed' });
  });
  it("refuses another provider's method (422), another organization's referral (404) and a viewer (403)", async () => {
    const r = await autoMatched([harborProvider]);
    const otherMethods = (await discover(otherProvider)).json().methods as CommunicationMethod[];
    const otherPhone = otherMethods.find((m) => m.method_type === 'phone')!;
    const base = {
      referral_id: r.id,
      provider_id: harborProvider,
      method_type: 'phone',
      message_content: 'Hello',
    };
    expect(
      expectEnvelope(await send({ ...base, communication_method_id: otherPhone.id }), 422),
    ).toMatchObject({
      reason: 'provider_method.of_other_provider',
      message: SENDING_MESSAGES.methodOfOtherProvider,
    });
    expectEnvelope(await send(base, staff, lakeside), 404);
    expectEnvelope(await send(base, viewer, plan), 403);
  });
});

describe('delivery reports on the method', () => {
  it('counts a delivered send as a success and recomputes the priority, once', async () => {
    const r = await autoMatched([lakesideProvider]);
    const res = await send({
      referral_id: r.id,
      provider_id: lakesideProvider,
      method_type: 'phone',
      message_content: 'Hi',
    });
    const messageId = res.json().message_id as number;
    const { communication_method_id: methodId } = await one<{ communication_method_id: number }>(
      'SELECT communication_method_id FROM outbound_messages WHERE id = $1',
      [messageId],
    );
    // Queued is not a success yet.
    expect(await methodRow(methodId)).toMatchObject({ success_count: 0, failure_count: 0 });
    expect(await deliverAndReport(t.app.deps, localDrivers, messageId)).toBe('sent');
    const after = await methodRow(methodId);
    expect(after).toMatchObject({ success_count: 1, failure_count: 0, priority: 60 + 30 + 10 });
    expect(after.last_used_at).toBeInstanceOf(Date);
    // A duplicate run of the job changes nothing.
    expect(await deliverAndReport(t.app.deps, localDrivers, messageId)).toBe('skipped');
    expect(await methodRow(methodId)).toMatchObject({ success_count: 1 });
  });

  it('records a send that fails at the SMS provider on the method and keeps the match, with the error listed', async () => {
    const r = await autoMatched([lakesideProvider]);
    const res = await send({
      referral_id: r.id,
      provider_id: lakesideProvider,
      method_type: 'phone',
      message_content: 'Hi',
    });
    const messageId = res.json().message_id as number;
    const deps = t.app.deps;
    // A failed attempt before the last is retried, not yet a failure of the method.
    await expect(deliverAndReport(deps, failingDrivers, messageId)).rejects.toThrow('21211');
    const { communication_method_id: methodId } = await one<{ communication_method_id: number }>(
      'SELECT communication_method_id FROM outbound_messages WHERE id = $1',
      [messageId],
    );
    const before = await methodRow(methodId);
    await t.database.query('UPDATE outbound_messages SET attempts = $2 WHERE id = $1', [
      messageId,
      OUTBOUND_MAX_ATTEMPTS - 1,
    ]);
    expect(await deliverAndReport(deps, failingDrivers, messageId)).toBe('failed');
    const after = await methodRow(methodId);
    expect(after.failure_count).toBe(before.failure_count + 1);
    expect(after.success_count).toBe(before.success_count);
    // The match is kept: still sent to this provider.
    expect((await entries(r.id))[0]).toMatchObject({ status: 'sent', provider_id: lakesideProvider });

    const listed = await api(
      'GET',
      `/api/referral-communications?referral_id=${r.id}&provider_id=${lakesideProvider}`,
      coordinator,
      plan,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().communications[0]).toMatchObject({
      method_type: 'sms',
      direction: 'outbound',
      status: 'failed',
      success: false,
      error_message: '21211 invalid To number',
      provider_id: lakesideProvider,
      // The SMS names the member: sealed at rest, opened only for the organization's own (audited) read.
      message_content: 'Hi',
      phi_included: true,
    });
  });
});

describe('GET /api/referral-communications', () => {
  it("lists one provider's communications of a referral, and refuses a missing referral_id (400) and another organization (404)", async () => {
    const r = await autoMatched([harborProvider, lakesideProvider]);
    await send({
      referral_id: r.id,
      provider_id: harborProvider,
      method_type: 'phone',
      message_content: 'To Harbor',
    });
    await send({
      referral_id: r.id,
      provider_id: lakesideProvider,
      method_type: 'phone',
      message_content: 'To Lakeside',
    });
    const all = await api('GET', `/api/referral-communications?referral_id=${r.id}`, coordinator, plan);
    expect(all.json().communications).toHaveLength(2);
    const one_ = await api(
      'GET',
      `/api/referral-communications?referral_id=${r.id}&provider_id=${harborProvider}`,
      coordinator,
      plan,
    );
    // Only what was sent to Harbor; the body is sealed at rest (it names the member) and opened for its owner.
    expect(one_.json().communications.map((c: { contact_value: string }) => c.contact_value)).toEqual([
      '(213) 555-0142',
    ]);
    expect(one_.json().communications[0]).toMatchObject({ message_content: 'To Harbor', phi_included: true });
    const [stored] = await t.database.query<{ body_text: string }>(
      'SELECT body_text FROM communications WHERE id = $1',
      [one_.json().communications[0].id],
    );
    expect(stored!.body_text).not.toContain('To Harbor');
    expectEnvelope(await api('GET', '/api/referral-communications', coordinator, plan), 400);
    expectEnvelope(
      await api('GET', `/api/referral-communications?referral_id=${r.id}`, staff, lakeside),
      404,
    );
  });
});

describe('POST /api/referrals/{id}/send-to-providers and first accept wins', () => {
  const sendAll = (id: number, body: unknown, token = coordinator, org = plan) =>
    api('POST', `/api/referrals/${id}/send-to-providers`, token, org, body);

  it('sends to every matched provider; each entry becomes sent with time, method and contact', async () => {
    const r = await autoMatched([harborProvider, lakesideProvider]);
    const res = await sendAll(r.id, {
      providers: [
        {
          provider_id: harborProvider,
          method_type: 'email',
          communication_method_id: -2,
          contact_value: 'intake@harbor.example.org',
        },
        {
          provider_id: lakesideProvider,
          method_type: 'phone',
          communication_method_id: -1,
          contact_value: '(312) 555-0177',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, sent: 2, message: sentToProvidersMessage(2) });
    expect(res.json().message).toBe('Referral sent to 2 providers via their preferred communication methods');
    const rows = await entries(r.id);
    expect(rows.map((e) => [e.provider_id, e.status, e.communication_method, e.contact_value])).toEqual([
      [harborProvider, 'sent', 'email', 'intake@harbor.example.org'],
      [lakesideProvider, 'sent', 'phone', '(312) 555-0177'],
    ]);
    expect(rows.every((e) => e.sent_at instanceof Date && e.communication_method_id !== null)).toBe(true);
    // With no message given, each channel's default template was used (the SMS names no diagnosis).
    const sms = await one<{ body_text: string }>(
      "SELECT body_text FROM outbound_messages WHERE referral_id = $1 AND channel = 'sms'",
      [r.id],
    );
    expect(opened(sms.body_text)).toContain(r.referral_number);
    expect(opened(sms.body_text)).not.toContain(member.primary_diagnosis);
  });

  it("refuses when a provider has no method (400, the spec's message, nothing sent) and when none are matched (422)", async () => {
    const r = await autoMatched([harborProvider, lakesideProvider]);
    const res = await sendAll(r.id, {
      providers: [{ provider_id: harborProvider, method_type: 'email' }, { provider_id: lakesideProvider }],
    });
    const body = expectEnvelope(res, 400);
    expect(body.message).toBe(selectMethodForAllMessage(2));
    expect(body.message).toBe('Please select a communication method for all 2 providers before sending.');
    expect((await entries(r.id)).map((e) => e.status)).toEqual(['pending', 'pending']);

    const none = await autoMatched([]);
    expect(expectEnvelope(await sendAll(none.id, { providers: [] }), 422)).toMatchObject({
      reason: 'send.no_matched_providers',
      message: 'No matched providers to send to',
    });
    expect(
      expectEnvelope(
        await sendAll(r.id, { providers: [{ provider_id: otherProvider, method_type: 'phone' }] }),
        422,
      ).message,
    ).toBe(SENDING_MESSAGES.notAmongMatches);
    expectEnvelope(await sendAll(r.id, { providers: [] }, viewer, plan), 403);
    expectEnvelope(await sendAll(r.id, { providers: [] }, staff, lakeside), 404);
  });

  it('keeps nothing of the batch when one send breaks a rule', async () => {
    const noPhone = await freshProvider({ email: 'y@pantry.example.org' });
    const r = await autoMatched([harborProvider, noPhone]);
    const res = await sendAll(r.id, {
      providers: [
        { provider_id: harborProvider, method_type: 'phone' },
        { provider_id: noPhone, method_type: 'phone' },
      ],
    });
    const body = expectEnvelope(res, 422) as { message: string; fields?: Record<string, string> };
    expect(body.message).toBe(SENDING_MESSAGES.phoneMissing);
    // The refusal of the one provider keeps its reason when the batch names it.
    expect(body).toMatchObject({ reason: 'send.contact_missing' });
    expect(body.fields).toHaveProperty('providers.1.contact_value');
    expect((await entries(r.id)).map((e) => e.status)).toEqual(['pending', 'pending']);
  });

  it('lets the first provider that accepts win; the others become not_selected and can no longer accept', async () => {
    const r = await autoMatched([harborProvider, lakesideProvider, otherProvider]);
    const sent = await sendAll(r.id, {
      providers: [
        { provider_id: harborProvider, method_type: 'phone' },
        { provider_id: lakesideProvider, method_type: 'phone' },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Lakeside was sent the referral, so it may accept although no provider is matched yet.
    const accepted = await api('POST', `/api/referrals/${r.id}/accept`, staff, lakeside, {
      provider_id: lakesideProvider,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const referral = await one<{ matched_provider_id: number; status: string; acceptance_status: string }>(
      'SELECT matched_provider_id, status, acceptance_status FROM referrals WHERE id = $1',
      [r.id],
    );
    expect(referral).toEqual({
      matched_provider_id: lakesideProvider,
      status: 'accepted',
      acceptance_status: 'accepted',
    });
    expect((await entries(r.id)).map((e) => [e.provider_id, e.status])).toEqual([
      [harborProvider, 'not_selected'],
      [lakesideProvider, 'accepted'],
      [otherProvider, 'not_selected'],
    ]);
    // Harbor comes second: the referral is no longer its to answer.
    const late = await api('POST', `/api/referrals/${r.id}/accept`, cbo, harbor, {
      provider_id: harborProvider,
    });
    expectEnvelope(late, 404);
  });

  it('shows the referral to each provider it was sent to, as provider, until one accepts', async () => {
    const r = await autoMatched([harborProvider, lakesideProvider, otherProvider]);
    const sent = await sendAll(r.id, {
      providers: [
        { provider_id: harborProvider, method_type: 'phone' },
        { provider_id: lakesideProvider, method_type: 'phone' },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const read = await api('GET', `/api/referrals/${r.id}`, cbo, harbor);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      viewer_role: 'provider',
      sent_to_provider: { id: harborProvider },
      matched_provider: null,
    });
    // The read is audited like any other read of the full record.
    const audited = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'referral.read' AND entity_id = $1 AND organization_id = $2",
      [String(r.id), harbor],
    );
    expect(audited.n).toBe(1);
    // The owner sees no sent_to_provider; once Lakeside accepts, Harbor no longer sees the referral.
    expect(
      (await api('GET', `/api/referrals/${r.id}`, coordinator, plan)).json().sent_to_provider,
    ).toBeNull();
    await api('POST', `/api/referrals/${r.id}/accept`, staff, lakeside, { provider_id: lakesideProvider });
    expectEnvelope(await api('GET', `/api/referrals/${r.id}`, cbo, harbor), 404);
  });

  it('lets exactly one of two providers accepting at the same moment win', async () => {
    const r = await autoMatched([harborProvider, lakesideProvider]);
    await sendAll(r.id, {
      providers: [
        { provider_id: harborProvider, method_type: 'phone' },
        { provider_id: lakesideProvider, method_type: 'phone' },
      ],
    });
    const answers = await Promise.all([
      api('POST', `/api/referrals/${r.id}/accept`, cbo, harbor, { provider_id: harborProvider }),
      api('POST', `/api/referrals/${r.id}/accept`, staff, lakeside, { provider_id: lakesideProvider }),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([404, 409]).toContain(codes[1]);
    const statuses = (await entries(r.id)).map((e) => e.status).sort();
    expect(statuses).toEqual(['accepted', 'not_selected']);
  });

  it('does not let a provider that was matched but never sent the referral accept it', async () => {
    const r = await autoMatched([harborProvider, lakesideProvider]);
    const res = await api('POST', `/api/referrals/${r.id}/accept`, staff, lakeside, {
      provider_id: lakesideProvider,
    });
    expectEnvelope(res, 404);
    expect((await entries(r.id)).map((e) => e.status)).toEqual(['pending', 'pending']);
  });
});

describe('API documentation', () => {
  it('documents every sending route in /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(paths['/api/provider-communication-methods']?.get).toBeDefined();
    expect(paths['/api/provider-communication-methods/discover/{providerId}']?.get).toBeDefined();
    expect(paths['/api/provider-communication-methods/{id}']?.put).toBeDefined();
    expect(paths['/api/referral-communications']?.post).toBeDefined();
    expect(paths['/api/referral-communications']?.get).toBeDefined();
    expect(paths['/api/referrals/{id}/send-to-providers']?.post).toBeDefined();
  });
});
