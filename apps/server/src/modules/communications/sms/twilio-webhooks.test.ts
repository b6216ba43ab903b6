import { COMMUNICATION_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { twilioSignature } from '../../../adapters/twilio/signature.ts';
import { WEBHOOK_PATHS } from '../../../platform/webhook-urls.ts';
import {
  api as apiOf,
  autoMatched,
  freshNumber,
  freshProvider,
  newReferral,
  one,
  orgId,
  repliesTo,
  sendBySms,
} from './test-fixtures.ts';

// Twilio's inbound SMS and delivery-report webhooks with the real driver configured: every request must carry
// Twilio's X-Twilio-Signature over PUBLIC_URL + path and the form fields (twilio.com/docs/usage/security).

const PUBLIC_URL = 'https://trust.example.org';
const AUTH_TOKEN = 'twilio-test-auth-token';
const OUR_NUMBER = '+16265550100';

let t: TestApp;
let plan: number;
let coordinator: string;
let admin: string;
let api: ReturnType<typeof apiOf>;
let sidSeq = 0;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: OUR_NUMBER,
      // Nothing is delivered in these tests (no job queue); a send would go nowhere.
      TWILIO_BASE_URL: 'http://127.0.0.1:9',
      PUBLIC_URL,
    },
  });
  api = apiOf(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

const nextSid = () => `SM${String(++sidSeq).padStart(32, '0')}`;

/** Posts Twilio's form to a webhook, signed as Twilio signs it (or with the given signature). */
function post(path: string, fields: Record<string, string>, signature?: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const signed =
    signature === undefined ? twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${path}`, fields) : signature;
  if (signed !== null) headers['x-twilio-signature'] = signed;
  return t.app.inject({
    method: 'POST',
    url: path,
    headers,
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Twilio's inbound message fields (https://www.twilio.com/docs/messaging/guides/webhook-request). */
function inbound(from: string, body: string, sid = nextSid()) {
  return {
    ToCountry: 'US',
    SmsMessageSid: sid,
    NumMedia: '0',
    SmsSid: sid,
    SmsStatus: 'received',
    Body: body,
    To: OUR_NUMBER,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: 'AC00000000000000000000000000000001',
    From: from,
    ApiVersion: '2010-04-01',
  };
}

const storedWithSid = (sid: string) =>
  one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM communications WHERE external_id = $1', [sid]);

describe('POST /api/webhooks/twilio/sms', () => {
  it('stores a signed message on the thread and answers empty TwiML; a retry of the same sid is stored once', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await newReferral(t, coordinator, plan);
    const sent = await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: 'Can you take her?',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // With Twilio configured the product's number is the sender.
    expect(sent.json()).toMatchObject({ from_phone: OUR_NUMBER, message: { from_phone: OUR_NUMBER } });

    const fields = inbound(number.e164, 'When can she start?');
    const res = await post(WEBHOOK_PATHS.smsInbound, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    const row = await one<Record<string, unknown>>(
      t,
      `SELECT conversation_id, organization_id, referral_id, provider_id, direction, status, intent, from_address,
          to_address, phi FROM communications WHERE external_id = $1`,
      [fields.MessageSid],
    );
    expect(row).toEqual({
      conversation_id: sent.json().message.conversation_id,
      organization_id: plan,
      referral_id: r.id,
      provider_id: provider,
      direction: 'inbound',
      status: 'received',
      intent: 'question',
      from_address: number.e164,
      to_address: OUR_NUMBER,
      phi: true,
    });

    const retry = await post(WEBHOOK_PATHS.smsInbound, fields);
    expect(retry.statusCode).toBe(200);
    expect(await storedWithSid(fields.MessageSid)).toEqual({ n: 1 });
  });

  it('refuses a bad or missing signature with 403 and stores nothing', async () => {
    const number = freshNumber();
    const fields = inbound(number.e164, 'YES');
    const forged = twilioSignature('another-token', `${PUBLIC_URL}${WEBHOOK_PATHS.smsInbound}`, fields);
    const bad = expectEnvelope(await post(WEBHOOK_PATHS.smsInbound, fields, forged), 403, 'forbidden');
    expect(bad.message).toBe(COMMUNICATION_MESSAGES.badSignature);
    expectEnvelope(await post(WEBHOOK_PATHS.smsInbound, fields, null), 403);
    // Signed for other fields: a changed Body does not verify.
    const signedOther = twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${WEBHOOK_PATHS.smsInbound}`, {
      ...fields,
      Body: 'NO',
    });
    expectEnvelope(await post(WEBHOOK_PATHS.smsInbound, fields, signedOther), 403);
    // Even a body that would not validate is refused for its signature first.
    expectEnvelope(await post(WEBHOOK_PATHS.smsInbound, { Body: 'x' }, 'bogus'), 403);
    expect(await storedWithSid(fields.MessageSid)).toEqual({ n: 0 });
    const any = await one<{ n: number }>(
      t,
      'SELECT count(*)::int AS n FROM communications WHERE counterpart = $1',
      [number.e164],
    );
    expect(any.n).toBe(0);
  });

  it('"YES <referral number>" from the provider\'s number accepts the referral and texts a confirmation', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await autoMatched(t, coordinator, plan, [provider]);
    await sendBySms(t, coordinator, plan, r.id, provider);
    const res = await post(WEBHOOK_PATHS.smsInbound, inbound(number.e164, `YES ${r.referral_number}`));
    expect(res.statusCode, res.body).toBe(200);
    const referral = await one<{ status: string; matched_provider_id: number }>(
      t,
      'SELECT status, matched_provider_id FROM referrals WHERE id = $1',
      [r.id],
    );
    expect(referral).toEqual({ status: 'accepted', matched_provider_id: provider });
    const replies = await repliesTo(t, number.e164);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body_text).toContain(`Referral ${r.referral_number} is accepted`);
  });

  it('the simulated reply is refused while Twilio is configured (422)', async () => {
    const res = await api('POST', '/api/outbox/inbound/sms', admin, undefined, {
      from_phone: freshNumber().display,
      body: 'YES',
    });
    expect(expectEnvelope(res, 422, 'rule_broken').message).toBe(COMMUNICATION_MESSAGES.localDriverOnly);
  });
});

describe('POST /api/webhooks/twilio/sms/status', () => {
  /** A conversation message handed to Twilio: the outbox row got Twilio's sid, the record not yet. */
  async function handedOver() {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await newReferral(t, coordinator, plan);
    const sent = await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: 'Hello',
    });
    const id = sent.json().message.id as number;
    const sid = nextSid();
    await t.database.query(
      `UPDATE outbound_messages SET status = 'sent', driver = 'twilio', provider_message_id = $2, sent_at = now()
        WHERE id = (SELECT outbound_message_id FROM communications WHERE id = $1)`,
      [id, sid],
    );
    return { id, sid };
  }
  const record = (id: number) =>
    one<{
      status: string;
      delivered_at: Date | null;
      sent_at: Date | null;
      error_message: string | null;
      external_id: string | null;
    }>(
      t,
      'SELECT status, delivered_at, sent_at, error_message, external_id FROM communications WHERE id = $1',
      [id],
    );
  const status = (fields: Record<string, string>, signature?: string | null) =>
    post(WEBHOOK_PATHS.smsStatus, { AccountSid: 'AC00000000000000000000000000000001', ...fields }, signature);

  it('delivered: the record is delivered with its time, and learns the sid', async () => {
    const { id, sid } = await handedOver();
    const sent = await status({ MessageSid: sid, MessageStatus: 'sent', SmsSid: sid, SmsStatus: 'sent' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await record(id)).toMatchObject({ status: 'sent', external_id: sid, delivered_at: null });
    const res = await status({
      MessageSid: sid,
      MessageStatus: 'delivered',
      SmsSid: sid,
      SmsStatus: 'delivered',
    });
    expect(res.statusCode).toBe(200);
    const after = await record(id);
    expect(after).toMatchObject({ status: 'delivered', external_id: sid, error_message: null });
    expect(after.delivered_at).toBeInstanceOf(Date);
    // A late "sent" does not move it back.
    await status({ MessageSid: sid, MessageStatus: 'sent' });
    expect((await record(id)).status).toBe('delivered');
    // The conversation shows it.
    const list = await api('GET', `/api/communications?method=sms`, coordinator, plan);
    const listed = list.json().communications.find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({ status: 'delivered', success: true });
  });

  it("undelivered: the carrier's error is stored on the message and shown", async () => {
    const { id, sid } = await handedOver();
    const res = await status({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' });
    expect(res.statusCode).toBe(200);
    expect(await record(id)).toMatchObject({
      status: 'undelivered',
      error_message: 'Twilio error 30003: Unreachable destination handset',
    });
    const failed = await handedOver();
    await status({
      MessageSid: failed.sid,
      MessageStatus: 'failed',
      ErrorCode: '30008',
      ErrorMessage: 'Carrier said no',
    });
    expect(await record(failed.id)).toMatchObject({
      status: 'failed',
      error_message: 'Twilio error 30008: Carrier said no',
    });
    const conversationId = (
      await one<{ conversation_id: number }>(t, 'SELECT conversation_id FROM communications WHERE id = $1', [
        id,
      ])
    ).conversation_id;
    const thread = (
      await api('GET', `/api/sms/conversations?conversation_id=${conversationId}`, coordinator, plan)
    ).json();
    expect(thread.messages[0]).toMatchObject({
      status: 'undelivered',
      error_message: 'Twilio error 30003: Unreachable destination handset',
    });
  });

  it('answers 200 and changes nothing for an unknown sid; refuses an unsigned report (403)', async () => {
    const res = await status({ MessageSid: 'SMunknown000000000000000000000000', MessageStatus: 'delivered' });
    expect(res.statusCode).toBe(200);
    const { id, sid } = await handedOver();
    const forged = await status({ MessageSid: sid, MessageStatus: 'delivered' }, 'forged');
    expectEnvelope(forged, 403);
    expect((await record(id)).status).toBe('queued');
  });
});
