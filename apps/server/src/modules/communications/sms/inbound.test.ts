import {
  COMMUNICATION_MESSAGES,
  type CommunicationMethod,
  type ConversationList,
  type SmsConversation,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { type Drivers, SMS_OPTED_OUT_ERROR } from '../../../adapters/delivery.ts';
import { LocalEmailDriver } from '../../../adapters/email/local.ts';
import { LocalSmsDriver } from '../../../adapters/sms/local.ts';
import { deliverAndReport } from '../outbox/deliver-and-report.ts';
import {
  api as apiOf,
  autoMatched,
  freshNumber,
  freshProvider,
  matchedTo,
  newReferral,
  one,
  orgId,
  receiveText,
  repliesTo,
  sendBySms,
} from './test-fixtures.ts';

// Issue #6: a provider's text is stored on the right thread, classified, and acted on — an accept or decline
// answers the referral by the response panel's rules and is confirmed by text; STOP, START and HELP. Typed as
// the provider on the outbox page (local driver), which takes the same path as Twilio's webhook.

let t: TestApp;
let plan: number;
let coordinator: string;
let admin: string;
let viewer: string;
let api: ReturnType<typeof apiOf>;

const drivers: Drivers = { email: new LocalEmailDriver(), sms: new LocalSmsDriver() };

beforeAll(async () => {
  t = await buildTestApp();
  // A referral nobody took stays Expired or Rejected here; the cascade is tested in matching/cascade.test.ts.
  await t.database.query(`UPDATE organizations SET settings = settings || '{"cascade": false}'::jsonb`);
  api = apiOf(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  await t.database.query(
    `UPDATE organizations SET contact_phone = '(626) 555-0150', contact_email = 'care@goldenvalley.example.org'
      WHERE id = $1`,
    [plan],
  );
});
afterAll(async () => t?.close());

const text = (from: string, body: string) => receiveText(t, admin, from, body);

type Row = {
  status: string;
  acceptance_status: string | null;
  matched_provider_id: number | null;
  rejection_reason: string | null;
};
const referralRow = (id: number) =>
  one<Row>(
    t,
    'SELECT status, acceptance_status, matched_provider_id, rejection_reason FROM referrals WHERE id = $1',
    [id],
  );
const entries = (referralId: number) =>
  t.database.query<{ provider_id: number; status: string }>(
    'SELECT provider_id, status FROM referral_provider_matches WHERE referral_id = $1 ORDER BY rank',
    [referralId],
  );

describe('an accept by text (issue #6: "YES 1234567890" from the provider\'s number)', () => {
  it('accepts the referral through the response rules, settles the other providers and texts a confirmation', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display, email: 'intake@yes.example.org' });
    const otherNumber = freshNumber();
    const other = await freshProvider(t, { phone: otherNumber.display });
    const r = await autoMatched(t, coordinator, plan, [provider, other]);
    await sendBySms(t, coordinator, plan, r.id, provider);
    await sendBySms(t, coordinator, plan, r.id, other);

    const result = await text(number.display, `YES ${r.referral_number}`);
    expect(result).toMatchObject({ matched: true, intent: 'accept', action: 'accepted', referral_id: r.id });
    expect(result.reply).toBe(
      `Trust Marketplace: Thank you. Referral ${r.referral_number} is accepted. The member's details are on their way to your email on file.`,
    );
    expect(await referralRow(r.id)).toMatchObject({
      status: 'accepted',
      acceptance_status: 'accepted',
      matched_provider_id: provider,
    });
    // First accept wins: the other provider is not selected.
    expect(await entries(r.id)).toEqual([
      { provider_id: provider, status: 'accepted' },
      { provider_id: other, status: 'not_selected' },
    ]);
    // The member's details went by email to the provider, as from the panel.
    const phi = await one<{ to_address: string; category: string }>(
      t,
      `SELECT to_address, category FROM outbound_messages WHERE referral_id = $1 AND category = 'referral_phi'`,
      [r.id],
    );
    expect(phi.to_address).toBe('intake@yes.example.org');

    // The reply and the confirmation are on the thread the referral was sent on, in order.
    const thread = (
      await api(
        'GET',
        `/api/sms/conversations?referral_id=${r.id}&provider_id=${provider}`,
        coordinator,
        plan,
      )
    ).json() as SmsConversation;
    expect(thread.conversation_id).toBe(result.conversation_id);
    expect(thread.messages.map((m) => [m.direction, m.intent])).toEqual([
      ['outbound', null],
      ['inbound', 'accept'],
      ['outbound', null],
    ]);
    expect(thread.messages[2]!.message_body).toBe(result.reply);
    const reply = (await repliesTo(t, number.e164))[0]!;
    expect(reply.metadata).toMatchObject({ in_reply_to: result.communication_id });

    // Who answered: the provider by SMS, no user (audit actor null, channel sms), on the timeline too.
    const audit = await one<{ actor_user_id: number | null; details: Record<string, unknown> }>(
      t,
      `SELECT actor_user_id, details FROM audit_log WHERE action = 'referral.accepted' AND entity_id = $1`,
      [String(r.id)],
    );
    expect(audit).toMatchObject({
      actor_user_id: null,
      details: { provider_id: provider, channel: 'sms', communication_id: result.communication_id },
    });
    const event = await one<{ actor_user_id: number | null; details: Record<string, unknown> }>(
      t,
      `SELECT actor_user_id, details FROM referral_events WHERE referral_id = $1 AND type = 'accepted'`,
      [r.id],
    );
    expect(event).toMatchObject({ actor_user_id: null, details: { channel: 'sms' } });
    const received = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM referral_events WHERE referral_id = $1 AND type = 'message_received'`,
      [r.id],
    );
    expect(received.n).toBe(1);

    // Accepting again changes nothing and says so; the other provider is told it went elsewhere.
    const again = await text(number.display, 'YES');
    expect(again).toMatchObject({ action: 'already_accepted', referral_id: r.id });
    expect(again.reply).toContain('has already been accepted');
    const late = await text(otherNumber.display, `yes ${r.referral_number}`);
    expect(late).toMatchObject({ action: 'other_provider' });
    expect(late.reply).toContain('no longer available');
    expect((await referralRow(r.id)).matched_provider_id).toBe(provider);
  });

  it('takes "Yes!" without a number as the answer to the one referral awaiting the number, in Spanish for "sí"', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await matchedTo(t, coordinator, plan, provider);
    await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: `Referral #${r.referral_number}: can you take her?`,
    });
    const result = await text(number.display, 'sí');
    expect(result).toMatchObject({ intent: 'accept', action: 'accepted', referral_id: r.id });
    // No email on file: accepted all the same, the reply says the coordinator will send the details.
    expect(result.reply).toBe(
      `Trust Marketplace: Gracias. El referido ${r.referral_number} quedó aceptado. El coordinador le enviará los datos del miembro.`,
    );
    expect((await referralRow(r.id)).status).toBe('accepted');
  });

  it('answers a referral sent by email from the number on file, on a new thread about it', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display, email: 'desk@mail-only.example.org' });
    const r = await autoMatched(t, coordinator, plan, [provider]);
    const sent = await api('POST', '/api/referral-communications', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      method_type: 'email',
      message_content: 'A new referral for you',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const result = await text(number.display, 'we can take him');
    expect(result).toMatchObject({ matched: true, intent: 'accept', action: 'accepted', referral_id: r.id });
    const thread = await one<Record<string, unknown>>(
      t,
      'SELECT organization_id, provider_id, referral_id, channel, counterpart FROM conversations WHERE id = $1',
      [result.conversation_id],
    );
    expect(thread).toEqual({
      organization_id: plan,
      provider_id: provider,
      referral_id: r.id,
      channel: 'sms',
      counterpart: number.e164,
    });
    expect((await referralRow(r.id)).status).toBe('accepted');
  });

  it('asks which referral when several await the number, and accepts none', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const first = await autoMatched(t, coordinator, plan, [provider]);
    const second = await autoMatched(t, coordinator, plan, [provider]);
    await sendBySms(t, coordinator, plan, first.id, provider);
    await sendBySms(t, coordinator, plan, second.id, provider);

    const result = await text(number.display, 'Yes!');
    expect(result).toMatchObject({ intent: 'accept', action: 'ambiguous', referral_id: null });
    expect(result.reply).toContain(first.referral_number);
    expect(result.reply).toContain(second.referral_number);
    expect(result.reply).toMatch(/Reply YES or NO with the referral number/);
    expect((await referralRow(first.id)).status).toBe('matched');
    expect((await referralRow(second.id)).status).toBe('matched');

    // Naming one answers that one only.
    const named = await text(number.display, `ACCEPT ${second.referral_number}`);
    expect(named).toMatchObject({ action: 'accepted', referral_id: second.id });
    expect((await referralRow(second.id)).status).toBe('accepted');
    expect((await referralRow(first.id)).status).toBe('matched');

    // A number nobody sent: nothing changes, and the reply says how to name one.
    const unknown = await text(number.display, 'YES 9999999999');
    expect(unknown).toMatchObject({ action: 'not_found' });
    expect(unknown.reply).toContain('could not find a referral 9999999999');
  });

  it('refuses an answer after the 7 days: the referral expires and the provider is told', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await matchedTo(t, coordinator, plan, provider, '-1 minute');
    await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: 'Still interested?',
    });
    const result = await text(number.display, `YES ${r.referral_number}`);
    expect(result).toMatchObject({ action: 'expired', referral_id: r.id });
    expect(result.reply).toContain('has passed');
    expect(await referralRow(r.id)).toMatchObject({ status: 'expired', acceptance_status: 'expired' });
  });
});

describe('a decline by text', () => {
  it('"DECLINE 4821 full": the last digits name the referral, the rest is the reason', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await matchedTo(t, coordinator, plan, provider);
    await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: `Referral #${r.referral_number}: can you take him?`,
    });
    const suffix = r.referral_number.slice(-4);
    const result = await text(number.display, `DECLINE ${suffix} full`);
    expect(result).toMatchObject({ intent: 'decline', action: 'rejected', referral_id: r.id });
    expect(result.reply).toBe(
      `Trust Marketplace: Referral ${r.referral_number} is declined. Thank you for letting us know.`,
    );
    expect(await referralRow(r.id)).toMatchObject({
      status: 'rejected',
      acceptance_status: 'rejected',
      rejection_reason: 'full',
    });
    const audit = await one<{ actor_user_id: number | null; details: Record<string, unknown> }>(
      t,
      `SELECT actor_user_id, details FROM audit_log WHERE action = 'referral.rejected' AND entity_id = $1`,
      [String(r.id)],
    );
    expect(audit).toMatchObject({ actor_user_id: null, details: { channel: 'sms' } });
  });

  it('a bare "NO" declines with the default reason; "no room" keeps its words', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const a = await matchedTo(t, coordinator, plan, provider);
    await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: a.id,
      provider_id: provider,
      message_text: 'Can you take this one?',
    });
    expect((await text(number.display, 'NO')).action).toBe('rejected');
    expect((await referralRow(a.id)).rejection_reason).toBe('Declined by text message');

    const b = await matchedTo(t, coordinator, plan, provider);
    await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: b.id,
      provider_id: provider,
      message_text: 'And this one?',
    });
    expect((await text(number.display, 'no room')).action).toBe('rejected');
    expect((await referralRow(b.id)).rejection_reason).toBe('no room');
  });

  it('one of several providers declining does not reject the referral for the others', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const other = await freshProvider(t, { phone: freshNumber().display });
    const r = await autoMatched(t, coordinator, plan, [provider, other]);
    await sendBySms(t, coordinator, plan, r.id, provider);
    const result = await text(number.display, `NO ${r.referral_number}`);
    // Issue #14: recorded on its own entry (never sent again), thanked; the referral waits for the other.
    expect(result).toMatchObject({ action: 'rejected', referral_id: r.id });
    expect(result.reply).toContain('Thank you');
    expect((await referralRow(r.id)).status).toBe('matched');
    expect(await entries(r.id)).toEqual([
      { provider_id: provider, status: 'declined' },
      { provider_id: other, status: 'pending' },
    ]);
  });
});

describe('STOP and START (CTIA keywords, English and Spanish)', () => {
  it('STOP opts the number out: confirmed once, shown on the methods, sends refused; START brings it back', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await newReferral(t, coordinator, plan);
    await api('GET', `/api/provider-communication-methods/discover/${provider}`, coordinator, plan);
    const first = await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: 'Hello',
    });
    expect(first.statusCode, first.body).toBe(200);
    // A message still waiting in the outbox when the STOP arrives.
    const waiting = await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: 'Are you there?',
    });
    const waitingId = (
      await one<{ outbound_message_id: number }>(
        t,
        'SELECT outbound_message_id FROM communications WHERE id = $1',
        [waiting.json().message.id],
      )
    ).outbound_message_id;

    const stop = await text(number.display, 'STOP');
    expect(stop).toMatchObject({ intent: 'stop', action: 'opted_out', matched: true });
    expect(stop.reply).toContain('Reply START to resubscribe');
    const optOut = await one<{ opted_out: boolean; communication_id: number }>(
      t,
      'SELECT opted_out, communication_id FROM sms_opt_outs WHERE phone = $1',
      [number.e164],
    );
    expect(optOut).toEqual({ opted_out: true, communication_id: stop.communication_id });
    // The provider's phone method shows it (001 §2.2 rows).
    const methods = (
      await api('GET', `/api/provider-communication-methods?provider_id=${provider}`, coordinator, plan)
    ).json().methods as CommunicationMethod[];
    const phone = methods.find((m) => m.method_type === 'phone')!;
    expect(phone.opted_out).toBe(true);
    expect(methods.find((m) => m.method_type !== 'phone')?.opted_out ?? false).toBe(false);

    // The confirmation alone passes the opt-out; the waiting message is refused at delivery.
    const [confirmation] = await repliesTo(t, number.e164);
    expect(confirmation!.metadata).toMatchObject({ bypass_opt_out: true });
    expect(await deliverAndReport(t.app.deps, drivers, confirmation!.id)).toBe('sent');
    expect(await deliverAndReport(t.app.deps, drivers, waitingId)).toBe('failed');
    const refusedRecord = await one<{ status: string; error_message: string }>(
      t,
      'SELECT status, error_message FROM communications WHERE id = $1',
      [waiting.json().message.id],
    );
    expect(refusedRecord).toEqual({ status: 'failed', error_message: SMS_OPTED_OUT_ERROR });

    // A new send is refused up front with a clear message; the conversation says so.
    const refused = expectEnvelope(
      await api('POST', '/api/sms/send', coordinator, plan, {
        referral_id: r.id,
        provider_id: provider,
        message_text: 'Hi?',
      }),
      422,
      'rule_broken',
    );
    expect(refused.message).toBe(COMMUNICATION_MESSAGES.optedOut);
    expect(refused).toMatchObject({ reason: 'sms.opted_out' });
    const panel = (
      await api(
        'GET',
        `/api/sms/conversations?referral_id=${r.id}&provider_id=${provider}`,
        coordinator,
        plan,
      )
    ).json() as SmsConversation;
    expect(panel.opted_out).toBe(true);

    // A second STOP is not confirmed again.
    const again = await text(number.display, 'Stop all');
    expect(again).toMatchObject({ action: 'opted_out', reply: null });
    expect(await repliesTo(t, number.e164)).toHaveLength(1);

    // START (Spanish INICIAR) opts back in and confirms; sending works again.
    const start = await text(number.display, 'INICIAR');
    expect(start).toMatchObject({ intent: 'start', action: 'opted_in' });
    expect(start.reply).toContain('Se suscribió de nuevo');
    expect(
      (
        await one<{ opted_out: boolean }>(t, 'SELECT opted_out FROM sms_opt_outs WHERE phone = $1', [
          number.e164,
        ])
      ).opted_out,
    ).toBe(false);
    const after = (
      await api('GET', `/api/provider-communication-methods?provider_id=${provider}`, coordinator, plan)
    ).json().methods as CommunicationMethod[];
    expect(after.find((m) => m.method_type === 'phone')!.opted_out).toBe(false);
    const resent = await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: 'Welcome back',
    });
    expect(resent.statusCode, resent.body).toBe(200);
  });

  it('"PARAR" opts out in Spanish', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await newReferral(t, coordinator, plan);
    await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: 'Hola',
    });
    const stop = await text(number.display, 'PARAR');
    expect(stop).toMatchObject({ intent: 'stop', action: 'opted_out' });
    expect(stop.reply).toContain('Responda INICIAR');
  });
});

describe('HELP', () => {
  it("answers with the coordinator's organization and how to reach it", async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const r = await newReferral(t, coordinator, plan);
    await api('POST', '/api/sms/send', coordinator, plan, {
      referral_id: r.id,
      provider_id: provider,
      message_text: 'Hello',
    });
    const help = await text(number.display, 'HELP');
    expect(help).toMatchObject({ intent: 'help', action: 'help_sent' });
    expect(help.reply).toBe(
      'Trust Marketplace: Messages about referrals from Golden Valley Health Plan. Reach the coordinator at (626) 555-0150 or care@goldenvalley.example.org. Reply YES or NO with the referral number to answer, STOP to unsubscribe.',
    );
    const ayuda = await text(number.display, 'ayuda');
    expect(ayuda.reply).toContain(
      'Comuníquese con el coordinador al (626) 555-0150 o care@goldenvalley.example.org',
    );
    expect(await repliesTo(t, number.e164)).toHaveLength(2);
  });
});

describe('a text from an unknown number', () => {
  it('is stored unmatched, never dropped, answered by nothing, and shown to platform operators only', async () => {
    const number = freshNumber();
    const result = await text(number.display, 'YES we can take her');
    expect(result).toMatchObject({
      matched: false,
      intent: 'accept',
      action: 'none',
      reply: null,
      referral_id: null,
    });
    expect(await repliesTo(t, number.e164)).toHaveLength(0);
    const stored = await one<{
      organization_id: number | null;
      status: string;
      intent: string;
      phi: boolean;
    }>(t, 'SELECT organization_id, status, intent, phi FROM communications WHERE id = $1', [
      result.communication_id,
    ]);
    expect(stored).toEqual({ organization_id: null, status: 'received', intent: 'accept', phi: true });

    // admin@trust.demo is a platform operator (a super_admin membership), here acting for the health plan.
    const list = await api('GET', '/api/conversations?unmatched=true&method=sms', admin, plan);
    expect(list.statusCode, list.body).toBe(200);
    const found = (list.json() as ConversationList).conversations.find(
      (c) => c.id === result.conversation_id,
    );
    expect(found).toMatchObject({
      matched: false,
      contact_value: number.e164,
      unread_count: 1,
      last_message: 'YES we can take her',
    });
    // No organization's people triage them, coordinators included (issue #12): the thread is not found.
    expectEnvelope(await api('GET', '/api/conversations?unmatched=true', viewer, plan), 403);
    expectEnvelope(await api('GET', '/api/conversations?unmatched=true', coordinator, plan), 403);
    expectEnvelope(
      await api('GET', `/api/sms/conversations?conversation_id=${result.conversation_id}`, coordinator, plan),
      404,
    );
  });

  it('a number of a provider nobody wrote to yet is unmatched with that provider', async () => {
    const number = freshNumber();
    const provider = await freshProvider(t, { phone: number.display });
    const result = await text(number.display, 'Hi, is this about a referral?');
    expect(result).toMatchObject({ matched: false, intent: 'question' });
    const thread = await one<{ provider_id: number | null; organization_id: number | null }>(
      t,
      'SELECT provider_id, organization_id FROM conversations WHERE id = $1',
      [result.conversation_id],
    );
    expect(thread).toEqual({ provider_id: provider, organization_id: null });

    // Its STOP is honoured all the same (nothing is ever sent to it), without an answer; the provider's
    // directory contact (a fallback method, not stored) shows it.
    const stop = await text(number.display, 'STOP');
    expect(stop).toMatchObject({ matched: false, action: 'opted_out', reply: null });
    expect(await repliesTo(t, number.e164)).toHaveLength(0);
    const methods = (
      await api('GET', `/api/provider-communication-methods?provider_id=${provider}`, coordinator, plan)
    ).json().methods as CommunicationMethod[];
    expect(methods.find((m) => m.method_type === 'phone')).toMatchObject({ id: -1, opted_out: true });
  });
});
