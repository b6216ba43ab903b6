import type { AddressInfo } from 'node:net';
import {
  COMMUNICATION_EVENTS,
  COMMUNICATION_MESSAGES,
  type Communication,
  type Conversation,
  type Referral,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  openEventStream,
  type TestApp,
} from '../../../../test/helpers.ts';
import type { Drivers } from '../../../adapters/delivery.ts';
import { LocalEmailDriver } from '../../../adapters/email/local.ts';
import { OUTBOUND_MAX_ATTEMPTS } from '../../../adapters/outbound.ts';
import { LocalSmsDriver } from '../../../adapters/sms/local.ts';
import { inTransaction, systemContext } from '../../../platform/context.ts';
import { deliverAndReport } from '../outbox/deliver-and-report.ts';
import { recordCommunication } from './service.ts';

// The record of every communication (001 §3 Communication record, Conversation; §7 GET /api/communications) and
// the inbox's threads (001 §2.11): what a referral send records, how it follows its delivery, who reads it,
// unread counts, and filing an unmatched inbound thread under a referral (platform operators only, issue #12).

let t: TestApp;
let plan: number;
let lakeside: number;
let harbor: number;
let provider: number;
let coordinator: string;
let staff: string;
let viewer: string;
/** The product role admin: the health plan's organization admin, not a platform operator. */
let orgadmin: string;
let cbo: string;
/** A platform operator (admin@trust.demo: a super_admin membership). */
let operator: string;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}

const api = (method: 'GET' | 'POST', url: string, token: string | null, org?: number, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token, org) : {},
    ...(payload === undefined ? {} : { payload }),
  });

const local: Drivers = { email: new LocalEmailDriver(), sms: new LocalSmsDriver() };
const failing: Drivers = {
  email: new LocalEmailDriver(),
  sms: { name: 'twilio', send: async () => Promise.reject(new Error('Twilio answered 503: busy')) },
};

beforeAll(async () => {
  t = await buildTestApp();
  plan = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
    .id;
  lakeside = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Lakeside Food Network'"))
    .id;
  harbor = (
    await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Harbor Community Services'")
  ).id;
  provider = (
    await one<{ id: number }>(
      `INSERT INTO providers (name, organization_type, phone, email, latitude, longitude)
       VALUES ('Records Test Pantry', 'Food Bank', '(213) 555-0111', 'intake@records.example.org', 34.05, -118.25)
       RETURNING id`,
    )
  ).id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  orgadmin = await login(t.app, 'orgadmin@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  operator = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

/** A Pending referral of the health plan with `provider` as its only (pending) auto-match entry. */
async function referral(): Promise<Referral> {
  const r = await createReferral(t, {
    token: coordinator,
    orgId: plan,
    first_name: 'Odalys',
    last_name: 'Verhoeven',
  });
  await t.database.query(
    `UPDATE referrals SET status = 'matched', match_method = 'auto', matched_at = now(), auto_matched_at = now()
     WHERE id = $1`,
    [r.id],
  );
  await t.database.query(
    `INSERT INTO referral_provider_matches (referral_id, provider_id, rank, status) VALUES ($1, $2, 1, 'pending')`,
    [r.id, provider],
  );
  return r;
}

async function sendSms(referralId: number, text: string) {
  const res = await api('POST', '/api/referral-communications', coordinator, plan, {
    referral_id: referralId,
    provider_id: provider,
    method_type: 'phone',
    message_content: text,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message_id as number;
}

const listFor = async (referralId: number) =>
  (await api('GET', `/api/communications?referral_id=${referralId}`, coordinator, plan)).json()
    .communications as Communication[];

/** An inbound SMS from a number nobody knows: no organization (what the SMS module stores it as). */
const unmatchedSms = (bodyText: string, from = '(213) 555-0111') =>
  t.database.db.transaction((tx) =>
    recordCommunication(inTransaction(systemContext(t.app.deps, 'test'), tx), {
      organizationId: null,
      channel: 'sms',
      direction: 'inbound',
      category: 'conversation',
      status: 'received',
      from,
      to: '+15550001111',
      bodyText,
      phi: true,
    }),
  );

/** What a full count of an organization's threads says (null: the unmatched ones). */
const counted = (org: number | null) =>
  one<{ threads: number; unread: number }>(
    `SELECT count(*)::int AS threads, coalesce(sum(unread_count), 0)::int AS unread FROM conversations
      WHERE organization_id IS NOT DISTINCT FROM $1 AND last_message_at IS NOT NULL`,
    [org],
  );
const countedFor = async (org: number) => {
  const c = await counted(org);
  return { total: c.threads, total_unread: c.unread };
};

describe('a referral sent to a provider by SMS', () => {
  it('is a record on the thread with that provider about that referral, sealed at rest and readable by its organization', async () => {
    const r = await referral();
    await sendSms(r.id, 'Can you take this one?');
    const [record] = await listFor(r.id);
    expect(record).toMatchObject({
      referral_id: r.id,
      referral_number: r.referral_number,
      provider_id: provider,
      provider_name: 'Records Test Pantry',
      method_type: 'sms',
      direction: 'outbound',
      status: 'queued',
      category: 'referral_send',
      message_content: 'Can you take this one?',
      contact_value: '(213) 555-0111',
      phi_included: true,
      success: null,
      unread_count: 0,
      last_message: 'Can you take this one?',
    });
    expect(record!.encrypted_at).not.toBeNull();
    const stored = await one<{ body_text: string; counterpart: string }>(
      'SELECT body_text, counterpart FROM communications WHERE id = $1',
      [record!.id],
    );
    expect(stored.body_text).not.toContain('Can you take');
    expect(stored.counterpart).toBe('+12135550111');
    // The read is audited with the records it showed: the bodies name members (issue #12).
    const audited = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'communication.list_read'
         AND details->>'referral_id' = $1 AND details->'ids' @> $2::jsonb`,
      [String(r.id), JSON.stringify([record!.id])],
    );
    expect(audited.n).toBeGreaterThan(0);
  });

  it('follows its delivery: the local driver delivers it; a retried failure shows its error; the last one fails it', async () => {
    const r = await referral();
    const delivered = await sendSms(r.id, 'First');
    expect(await deliverAndReport(t.app.deps, local, delivered)).toBe('sent');
    expect((await listFor(r.id))[0]).toMatchObject({
      status: 'delivered',
      success: true,
      error_message: null,
    });
    expect((await listFor(r.id))[0]!.delivered_at).not.toBeNull();

    const failed = await sendSms(r.id, 'Second');
    await expect(deliverAndReport(t.app.deps, failing, failed)).rejects.toThrow('503');
    expect((await listFor(r.id))[0]).toMatchObject({
      status: 'queued',
      error_message: 'Twilio answered 503: busy',
    });
    await t.database.query('UPDATE outbound_messages SET attempts = $2 WHERE id = $1', [
      failed,
      OUTBOUND_MAX_ATTEMPTS - 1,
    ]);
    expect(await deliverAndReport(t.app.deps, failing, failed)).toBe('failed');
    expect((await listFor(r.id))[0]).toMatchObject({
      status: 'failed',
      success: false,
      error_message: 'Twilio answered 503: busy',
    });
  });

  it('is listed for its own organization only, filtered by method, provider and direction, in pages', async () => {
    const r = await referral();
    await sendSms(r.id, 'One');
    await sendSms(r.id, 'Two');
    const page = await api(
      'GET',
      `/api/communications?referral_id=${r.id}&method=sms&page_size=1&page=2`,
      coordinator,
      plan,
    );
    expect(page.json()).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page.json().communications[0].message_content).toBe('One');
    const emails = await api(
      'GET',
      `/api/communications?referral_id=${r.id}&method=email`,
      coordinator,
      plan,
    );
    expect(emails.json().total).toBe(0);
    const inbound = await api(
      'GET',
      `/api/communications?provider_id=${provider}&direction=inbound`,
      coordinator,
      plan,
    );
    expect(inbound.json().communications.every((c: Communication) => c.direction === 'inbound')).toBe(true);
    // Another organization does not see the referral at all; its own list holds none of these.
    expectEnvelope(await api('GET', `/api/communications?referral_id=${r.id}`, staff, lakeside), 404);
    const theirs = await api('GET', `/api/communications?provider_id=${provider}`, staff, lakeside);
    expect(theirs.json().total).toBe(0);
    // Viewers read.
    expect((await api('GET', `/api/communications?referral_id=${r.id}`, viewer, plan)).statusCode).toBe(200);
  });

  it('refuses bad filters (400) and callers without a session (401)', async () => {
    expectEnvelope(await api('GET', '/api/communications?method=pigeon', coordinator, plan), 400);
    expectEnvelope(await api('GET', '/api/communications?page=0', coordinator, plan), 400);
    expectEnvelope(await api('GET', '/api/communications', null), 401);
    expectEnvelope(await api('GET', '/api/conversations', null), 401);
  });
});

describe('the inbox', () => {
  it('lists threads newest first with the last message and unread count; reading clears it', async () => {
    const r = await referral();
    await sendSms(r.id, 'Hello from the plan');
    const thread = await one<{ id: number }>(
      'SELECT conversation_id AS id FROM communications WHERE referral_id = $1 ORDER BY id LIMIT 1',
      [r.id],
    );
    // A reply arrives (the SMS module's inbound path records it like this).
    await t.database.db.transaction((tx) =>
      recordCommunication(inTransaction(systemContext(t.app.deps, 'test'), tx), {
        organizationId: plan,
        channel: 'sms',
        direction: 'inbound',
        category: 'conversation',
        status: 'received',
        from: '+12135550111',
        to: '+15550001111',
        bodyText: 'Yes we have room',
        phi: true,
        conversation: { id: thread.id },
      }),
    );
    const list = await api('GET', `/api/conversations?referral_id=${r.id}`, coordinator, plan);
    expect(list.statusCode, list.body).toBe(200);
    const [conversation] = list.json().conversations as Conversation[];
    expect(conversation).toMatchObject({
      id: thread.id,
      method_type: 'sms',
      provider_id: provider,
      provider_name: 'Records Test Pantry',
      referral_number: r.referral_number,
      contact_value: '+12135550111',
      last_message: 'Yes we have room',
      last_direction: 'inbound',
      unread_count: 1,
      message_count: 2,
      matched: true,
    });
    expect(list.json().total_unread).toBe(1);

    const read = await api('POST', `/api/conversations/${thread.id}/read`, coordinator, plan);
    expect(read.json()).toEqual({ read: 1 });
    const after = await api('GET', `/api/conversations?referral_id=${r.id}`, coordinator, plan);
    expect(after.json().total_unread).toBe(0);
    // Another organization cannot read or clear it.
    expectEnvelope(await api('POST', `/api/conversations/${thread.id}/read`, staff, lakeside), 404);
  });

  it('shows a message nobody could place to platform operators only, who file it under a referral of the organization they act for', async () => {
    const r = await referral();
    await sendSms(r.id, 'Opening the thread');
    const { row } = await unmatchedSms('From another phone of ours: yes');
    const id = row.conversationId!;

    // Every organization's people, coordinators and organization admins included (issue #12): the list is
    // refused, their own inbox, unread total and count hold none of it, a read by id is not found, filing it
    // is refused.
    for (const [who, org] of [
      [coordinator, plan],
      [orgadmin, plan],
      [viewer, plan],
      [cbo, harbor],
      [staff, lakeside],
    ] as const) {
      const refused = expectEnvelope(await api('GET', '/api/conversations?unmatched=true', who, org), 403);
      expect(refused.message).toBe(COMMUNICATION_MESSAGES.unmatchedForbidden);
      expect(refused).toMatchObject({ reason: 'conversation.unmatched_operators_only' });
      const inbox = (await api('GET', '/api/conversations?page_size=200', who, org)).json();
      expect((inbox.conversations as Conversation[]).some((c) => c.id === id || !c.matched)).toBe(false);
      expect(inbox).toMatchObject(await countedFor(org));
      expectEnvelope(await api('POST', `/api/conversations/${id}/read`, who, org), 404);
      expectEnvelope(await api('GET', `/api/sms/conversations?conversation_id=${id}`, who, org), 404);
      // (A viewer may not write at all: the route refuses it before the rule is asked.)
      const assign = await api('POST', `/api/conversations/${id}/assign`, who, org, { referral_id: r.id });
      const assignRefused = expectEnvelope(assign, 403);
      if (who !== viewer) expect(assignRefused.message).toBe(COMMUNICATION_MESSAGES.unmatchedForbidden);
    }
    expect(
      await one<{ n: number }>('SELECT unread_count AS n FROM conversations WHERE id = $1', [id]),
    ).toEqual({
      n: 1,
    });

    // A platform operator lists and reads it, whichever organization it acts for.
    const unmatched = await api('GET', '/api/conversations?unmatched=true', operator, lakeside);
    expect(unmatched.statusCode, unmatched.body).toBe(200);
    expect((unmatched.json().conversations as Conversation[]).find((c) => c.id === id)).toMatchObject({
      matched: false,
      last_message: 'From another phone of ours: yes',
      unread_count: 1,
    });
    const thread = await api('GET', `/api/sms/conversations?conversation_id=${id}`, operator, plan);
    expect(thread.statusCode, thread.body).toBe(200);
    // It files it under a referral of the organization it acts for: acting for Lakeside, the health plan's
    // referral is not found; acting for the health plan, it is filed there.
    expectEnvelope(
      await api('POST', `/api/conversations/${id}/assign`, operator, lakeside, { referral_id: r.id }),
      404,
    );
    const assigned = await api('POST', `/api/conversations/${id}/assign`, operator, plan, {
      referral_id: r.id,
      provider_id: provider,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // It joined the existing thread about that referral with that provider (same number).
    expect(assigned.json()).toMatchObject({
      referral_id: r.id,
      provider_id: provider,
      message_count: 2,
      matched: true,
    });
    const gone = await api('GET', '/api/conversations?unmatched=true', operator, plan);
    expect((gone.json().conversations as Conversation[]).some((c) => c.id === id)).toBe(false);
    // Filed, it is the health plan's: its coordinator reads it now.
    expect((await listFor(r.id)).map((c) => c.message_content)).toContain('From another phone of ours: yes');
    // Filed once: a second assign finds nothing to file.
    expectEnvelope(
      await api('POST', `/api/conversations/${id}/assign`, operator, plan, { referral_id: r.id }),
      404,
    );
  });
});

describe('the inbox totals', () => {
  it('are kept in step with the threads: what a full count would say, after sends, replies, reads and a filing', async () => {
    const r = await referral();
    await sendSms(r.id, 'Totals');
    const [record] = await listFor(r.id);
    for (const body of ['one', 'two']) {
      await t.database.db.transaction((tx) =>
        recordCommunication(inTransaction(systemContext(t.app.deps, 'test'), tx), {
          organizationId: plan,
          channel: 'sms',
          direction: 'inbound',
          category: 'conversation',
          status: 'received',
          from: '+12135550111',
          bodyText: body,
          conversation: { id: record!.conversation_id! },
        }),
      );
    }
    const inbox = async () => (await api('GET', '/api/conversations', coordinator, plan)).json();
    expect(await inbox()).toMatchObject({
      total: (await counted(plan)).threads,
      total_unread: (await counted(plan)).unread,
    });
    const bySms = (await api('GET', '/api/conversations?method=sms', coordinator, plan)).json();
    expect(bySms.total_unread).toBe((await counted(plan)).unread);
    await api('POST', `/api/conversations/${record!.conversation_id}/read`, coordinator, plan);
    expect((await inbox()).total_unread).toBe((await counted(plan)).unread);
    await unmatchedSms('Totals from nowhere', '(213) 555-0177');
    const unmatched = async () =>
      (await api('GET', '/api/conversations?unmatched=true', operator, plan)).json();
    expect(await unmatched()).toMatchObject({
      total: (await counted(null)).threads,
      total_unread: (await counted(null)).unread,
    });
  });
});

describe('referrals to discuss with a provider', () => {
  it('lists the ones linked to the provider first, then open ones; 404 for an unknown provider', async () => {
    const r = await referral();
    const res = await api('GET', `/api/providers/${provider}/referrals`, coordinator, plan);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().referrals as { id: number; linked: boolean; member_name: string }[];
    expect(list[0]).toMatchObject({ linked: true });
    expect(list.find((x) => x.id === r.id)).toMatchObject({ linked: true, member_name: 'Odalys Verhoeven' });
    const searched = await api(
      'GET',
      `/api/providers/${provider}/referrals?search=${r.referral_number.slice(0, 6)}`,
      coordinator,
      plan,
    );
    expect(searched.json().referrals.some((x: { id: number }) => x.id === r.id)).toBe(true);
    // Another organization's referrals are never offered.
    const other = await api('GET', `/api/providers/${provider}/referrals`, staff, lakeside);
    expect(other.json().referrals.some((x: { id: number }) => x.id === r.id)).toBe(false);
    expectEnvelope(await api('GET', '/api/providers/999999/referrals', coordinator, plan), 404);
  });
});

describe('attachments', () => {
  it('answers 404 for an attachment that does not exist or belongs to another organization', async () => {
    const r = await referral();
    await sendSms(r.id, 'No files');
    const [record] = await listFor(r.id);
    expectEnvelope(
      await api('GET', `/api/communications/${record!.id}/attachments/1`, coordinator, plan),
      404,
    );
    expectEnvelope(await api('GET', `/api/communications/${record!.id}/attachments/1`, staff, lakeside), 404);
  });
});

describe('the events of a message nobody could place', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it("go to the platform operators' streams only, never to an organization's (issue #12)", async () => {
    const others = [
      await openEventStream(base, coordinator, plan),
      await openEventStream(base, orgadmin, plan),
      await openEventStream(base, cbo, harbor),
      await openEventStream(base, staff, lakeside),
    ];
    const operatorStream = await openEventStream(base, operator, lakeside);
    const about = (type: string, id: number) => (e: { type: string; data: unknown }) =>
      e.type === type && (e.data as { id: number }).id === id;

    const { row } = await unmatchedSms(
      'Noor Haddad, Medicaid ID CR811111111, still needs a bed',
      '(213) 555-0178',
    );
    const created = about(COMMUNICATION_EVENTS.created, row.id);
    expect(await operatorStream.waitFor(() => operatorStream.events.some(created))).toBe(true);
    // Reading it (the operator) announces the thread's unread count: to operators only as well.
    expect(
      (await api('POST', `/api/conversations/${row.conversationId}/read`, operator, plan)).json(),
    ).toEqual({ read: 1 });
    const changed = about(COMMUNICATION_EVENTS.conversationChanged, row.conversationId!);
    expect(await operatorStream.waitFor(() => operatorStream.events.some(changed))).toBe(true);

    // Events reach a process's streams in the order they were published: once a later public event is in,
    // the earlier ones would have been too.
    await t.app.deps.events.publish('test.marker', { kind: 'public' }, {});
    for (const stream of others) {
      expect(await stream.waitForType('test.marker')).toBe(true);
      expect(stream.events.some(created) || stream.events.some(changed), JSON.stringify(stream.events)).toBe(
        false,
      );
    }
    for (const stream of [...others, operatorStream]) stream.close();
  });
});
