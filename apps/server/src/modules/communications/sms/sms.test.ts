import type { AddressInfo } from 'node:net';
import {
  COMMUNICATION_EVENTS,
  COMMUNICATION_MESSAGES,
  OUTBOX_MESSAGES,
  REFERRAL_MESSAGES,
  type SmsConversation,
  type SmsSendResponse,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectEnvelope,
  login,
  openEventStream,
  type TestApp,
} from '../../../../test/helpers.ts';
import { decryptSecret, encryptionKey } from '../../../platform/secret-box.ts';
import { api as apiOf, freshNumber, freshProvider, newReferral, one, orgId } from './test-fixtures.ts';

// 001 §2.12, §5, §7 "SMS and email": a coordinator texts a provider about a referral and reads the thread.

let t: TestApp;
let plan: number;
let lakeside: number;
let coordinator: string;
let viewer: string;
let staff: string;
let admin: string;
let api: ReturnType<typeof apiOf>;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  lakeside = await orgId(t, 'Lakeside Food Network');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

const send = (body: Record<string, unknown>, token: string | null = coordinator, org = plan) =>
  api('POST', '/api/sms/send', token, org, body);
const conversation = (query: string, token = coordinator, org = plan) =>
  api('GET', `/api/sms/conversations?${query}`, token, org);
const simulate = (from: string, body: string, token = admin) =>
  api('POST', '/api/outbox/inbound/sms', token, undefined, { from_phone: from, body });
const queuedTo = (e164: string) =>
  one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM outbound_messages WHERE to_address = $1', [e164]);

describe('POST /api/sms/send', () => {
  it('texts the provider through the outbox on the thread about the referral, sealed, and answers the message', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await newReferral(t, coordinator, plan);
    const res = await send({
      referral_id: r.id,
      provider_id: provider,
      message_text: '  Can you take Marisol this week?  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SmsSendResponse;
    expect(body).toMatchObject({ success: true, message_sid: null, error: null });
    expect(body.message).toMatchObject({
      referral_id: r.id,
      provider_id: provider,
      to_phone: number.e164,
      message_body: 'Can you take Marisol this week?',
      direction: 'outbound',
      status: 'queued',
      num_segments: 1,
      intent: null,
      sent_by_name: 'Casey Coordinator',
    });
    expect(body.message.conversation_id).toEqual(expect.any(Number));

    // The outbox message: to the number in E.164, a conversation message, sealed (it may name the member).
    const message = await one<Record<string, unknown>>(
      t,
      `SELECT channel, category, to_address, body_text, phi, referral_id, provider_id, organization_id
         FROM outbound_messages WHERE to_address = $1`,
      [number.e164],
    );
    expect(message).toMatchObject({
      channel: 'sms',
      category: 'conversation',
      to_address: number.e164,
      phi: true,
      referral_id: r.id,
      provider_id: provider,
      organization_id: plan,
    });
    expect(message.body_text).not.toContain('Marisol');
    expect(decryptSecret(encryptionKey(t.app.deps.config), String(message.body_text))).toBe(
      'Can you take Marisol this week?',
    );
    // The record's body is sealed too, and the timeline has the send.
    const record = await one<{ body_text: string; phi: boolean; counterpart: string }>(
      t,
      'SELECT body_text, phi, counterpart FROM communications WHERE id = $1',
      [body.message.id],
    );
    expect(record.phi).toBe(true);
    expect(record.body_text).not.toContain('Marisol');
    expect(record.counterpart).toBe(number.e164);
    const events = await t.database.query<{ type: string; actor_user_id: number | null }>(
      `SELECT type, actor_user_id FROM referral_events WHERE referral_id = $1 AND type = 'message_sent'`,
      [r.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.actor_user_id).toEqual(expect.any(Number));
    const audit = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'sms.sent' AND entity_id = $1`,
      [String(r.id)],
    );
    expect(audit.n).toBe(1);
  });

  it('sends to a typed number when the provider has none on file', async () => {
    const provider = await freshProvider(t, { email: 'desk@pantry.example.org' });
    const r = await newReferral(t, coordinator, plan);
    const number = freshNumber();
    const res = await send({
      referral_id: r.id,
      provider_id: provider,
      to_phone: number.display,
      message_text: 'Hello',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.to_phone).toBe(number.e164);
  });

  it("refuses with 001 §5's messages and sends nothing", async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await newReferral(t, coordinator, plan);

    const noReferral = expectEnvelope(await send({ provider_id: provider, message_text: 'Hello' }), 400);
    expect(noReferral).toMatchObject({
      code: 'validation_failed',
      message: COMMUNICATION_MESSAGES.referralRequired,
      fields: { referral_id: 'Please select a referral to discuss' },
    });
    const nullReferral = expectEnvelope(
      await send({ referral_id: null, provider_id: provider, message_text: 'Hello' }),
      400,
    );
    expect(nullReferral.message).toBe('Please select a referral to discuss');

    for (const text of ['', '   ', '\n\t ']) {
      const blank = expectEnvelope(
        await send({ referral_id: r.id, provider_id: provider, message_text: text }),
        400,
      );
      expect(blank).toMatchObject({
        message: 'Please enter a message',
        fields: { message_text: 'Please enter a message' },
      });
    }

    const noPhone = await freshProvider(t, { email: 'only@pantry.example.org' });
    const missing = expectEnvelope(
      await send({ referral_id: r.id, provider_id: noPhone, message_text: 'Hello' }),
      422,
      'rule_broken',
    );
    expect(missing).toMatchObject({
      message: 'Provider phone number not available',
      fields: { to_phone: 'Provider phone number not available' },
    });

    const invalid = expectEnvelope(
      await send({ referral_id: r.id, provider_id: provider, to_phone: '555-12', message_text: 'Hello' }),
      400,
    );
    expect(invalid).toMatchObject({
      message: COMMUNICATION_MESSAGES.invalidPhone,
      fields: { to_phone: expect.any(String) },
    });

    const unknownProvider = expectEnvelope(
      await send({ referral_id: r.id, provider_id: 999_999_999, message_text: 'Hello' }),
      404,
    );
    expect(unknownProvider.message).toBe(COMMUNICATION_MESSAGES.providerNotFound);

    expect(await queuedTo(number.e164)).toEqual({ n: 0 });
    const records = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM communications WHERE referral_id = $1`,
      [r.id],
    );
    expect(records.n).toBe(0);
  });

  it("answers 404 for another organization's referral, 403 to a viewer, 401 without a session", async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await newReferral(t, coordinator, plan);
    const body = { referral_id: r.id, provider_id: provider, message_text: 'Hello' };
    expect(expectEnvelope(await send(body, staff, lakeside), 404).message).toBe(REFERRAL_MESSAGES.notFound);
    expectEnvelope(await send(body, viewer, plan), 403, 'forbidden');
    expectEnvelope(await send(body, null), 401);
    expect(await queuedTo(number.e164)).toEqual({ n: 0 });
  });
});

describe('GET /api/sms/conversations', () => {
  it('answers a conversation nobody started with no messages and the provider, so the panel can start it', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display, name: 'Quiet Pantry' });
    const r = await newReferral(t, coordinator, plan);
    const res = await conversation(`referral_id=${r.id}&provider_id=${provider}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      conversation_id: null,
      provider_id: provider,
      provider_name: 'Quiet Pantry',
      phone: number.e164,
      opted_out: false,
      messages: [],
    } satisfies SmsConversation);
  });

  it('lists the thread oldest first with the reply and its intent, marks it read, audits the read and tells the screens', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = await openEventStream(base, coordinator);
    try {
      const number = freshNumber();
      const provider = await freshProvider(t, { phone: number.display });
      const r = await newReferral(t, coordinator, plan);
      const sent = await send({
        referral_id: r.id,
        provider_id: provider,
        message_text: 'Can you take her?',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const conversationId = sent.json().message.conversation_id as number;

      const reply = await simulate(number.display, 'What time would she come?');
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({
        conversation_id: conversationId,
        matched: true,
        intent: 'question',
        action: 'none',
        reply: null,
      });
      // The organization's screens hear of the new message (ids only) within a second.
      const created = (e: { type: string; data: unknown }) =>
        e.type === COMMUNICATION_EVENTS.created &&
        (e.data as { conversation_id: number; direction: string }).conversation_id === conversationId &&
        (e.data as { direction: string }).direction === 'inbound';
      expect(await stream.waitFor(() => stream.events.some(created), 1000)).toBe(true);
      expect(JSON.stringify(stream.events)).not.toContain('What time');

      const unread = await one<{ unread_count: number }>(
        t,
        'SELECT unread_count FROM conversations WHERE id = $1',
        [conversationId],
      );
      expect(unread.unread_count).toBe(1);

      const res = await conversation(`referral_id=${r.id}&provider_id=${provider}`);
      expect(res.statusCode, res.body).toBe(200);
      const thread = res.json() as SmsConversation;
      expect(thread).toMatchObject({
        conversation_id: conversationId,
        provider_id: provider,
        phone: number.e164,
      });
      expect(thread.messages.map((m) => [m.direction, m.message_body, m.intent])).toEqual([
        ['outbound', 'Can you take her?', null],
        ['inbound', 'What time would she come?', 'question'],
      ]);
      expect(thread.messages[1]).toMatchObject({
        from_phone: number.e164,
        status: 'received',
        sent_by_name: null,
      });
      expect(thread.messages[1]!.read_at).not.toBeNull();

      // Read: the unread badge clears and the screens are told.
      const after = await one<{ unread_count: number }>(
        t,
        'SELECT unread_count FROM conversations WHERE id = $1',
        [conversationId],
      );
      expect(after.unread_count).toBe(0);
      const changed = (e: { type: string; data: unknown }) =>
        e.type === COMMUNICATION_EVENTS.conversationChanged &&
        (e.data as { id: number }).id === conversationId;
      expect(await stream.waitFor(() => stream.events.some(changed), 1000)).toBe(true);
      const audit = await one<{ n: number }>(
        t,
        `SELECT count(*)::int AS n FROM audit_log
          WHERE action = 'communication.list_read' AND details->>'conversation_id' = $1`,
        [String(conversationId)],
      );
      expect(audit.n).toBe(1);

      // The same thread by its id.
      const byId = await conversation(`conversation_id=${conversationId}`);
      expect(byId.json().messages).toHaveLength(2);
    } finally {
      stream.close();
    }
  });

  it("refuses another organization's referral (404), a missing provider (400) and no session (401)", async () => {
    const provider = await freshProvider(t, { phone: freshNumber().display });
    const r = await newReferral(t, coordinator, plan);
    expectEnvelope(await conversation(`referral_id=${r.id}&provider_id=${provider}`, staff, lakeside), 404);
    expectEnvelope(await conversation(`referral_id=${r.id}`), 400);
    expectEnvelope(await api('GET', `/api/sms/conversations?provider_id=${provider}`, null), 401);
    // A thread of another organization is not found by its id either.
    const sent = await send({ referral_id: r.id, provider_id: provider, message_text: 'Hi' });
    const id = sent.json().message.conversation_id as number;
    expectEnvelope(await conversation(`conversation_id=${id}`, staff, lakeside), 404);
  });
});

describe('POST /api/outbox/inbound/sms (simulated provider reply)', () => {
  it('is for platform operators only (403), and refuses a bad number or a blank text (400)', async () => {
    const number = freshNumber();
    const refused = expectEnvelope(await simulate(number.display, 'YES', coordinator), 403);
    expect(refused.message).toBe(OUTBOX_MESSAGES.forbidden);
    expectEnvelope(await simulate(number.display, 'YES', viewer), 403);
    expectEnvelope(
      await api('POST', '/api/outbox/inbound/sms', null, undefined, {
        from_phone: number.display,
        body: 'YES',
      }),
      401,
    );
    expect(expectEnvelope(await simulate('12', 'YES'), 400).message).toBe(
      COMMUNICATION_MESSAGES.invalidPhone,
    );
    expect(expectEnvelope(await simulate(number.display, '  '), 400).message).toBe(
      COMMUNICATION_MESSAGES.messageRequired,
    );
    const stored = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM communications WHERE counterpart = $1`,
      [number.e164],
    );
    expect(stored.n).toBe(0);
  });
});

describe('the API document', () => {
  it('describes the SMS routes and webhooks', async () => {
    const res = await api('GET', '/api/openapi.json', null);
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, object>;
    expect(paths['/api/sms/send']).toHaveProperty('post');
    expect(paths['/api/sms/conversations']).toHaveProperty('get');
    expect(paths['/api/webhooks/twilio/sms']).toHaveProperty('post');
    expect(paths['/api/webhooks/twilio/sms/status']).toHaveProperty('post');
    expect(paths['/api/outbox/inbound/sms']).toHaveProperty('post');
  });
});
