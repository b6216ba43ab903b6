import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import {
  api as apiOf,
  freshNumber,
  freshProvider,
  matchedTo,
  one,
  orgId,
  receiveText,
  sendBySms,
} from '../../communications/sms/test-fixtures.ts';
import { FOLLOW_UP_JOB, scheduleMemberFollowUp, sendDueFollowUps } from './member-follow-up.ts';
import { findReferral } from './repo.ts';

// Issue #14 item 4: a few days after the provider reports the service provided, the member is asked by SMS in
// their language "Did you get the help you needed? Reply YES or NO"; the YES or NO is recorded on the timeline
// and counts for the provider; a reply after the question closed is stored, not acted on.

let t: TestApp;
let plan: number;
let coordinator: string;
let admin: string;
let api: ReturnType<typeof apiOf>;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

const text = (from: string, body: string) => receiveText(t, admin, from, body);

type Sms = { body_text: string; category: string };
/** The texts queued to a member's number (stored as the referral gives it). */
const smsTo = (number: string) =>
  t.database.query<Sms>(
    "SELECT body_text, category FROM outbound_messages WHERE channel = 'sms' AND to_address = $1 ORDER BY id",
    [number],
  );
type FollowUp = { due_at: Date; sent_at: Date | null; answer: string | null; provider_id: number | null };
const followUpOf = (referralId: number) =>
  one<FollowUp | undefined>(
    t,
    'SELECT due_at, sent_at, answer, provider_id FROM member_follow_ups WHERE referral_id = $1',
    [referralId],
  );
const eventsOf = (referralId: number, type: string) =>
  t.database.query<{ details: Record<string, unknown> }>(
    'SELECT details FROM referral_events WHERE referral_id = $1 AND type = $2 ORDER BY id',
    [referralId, type],
  );
const runJob = (now: Date) => sendDueFollowUps(systemContext(t.app.deps, FOLLOW_UP_JOB), { now });

/**
 * A referral for a member with a number of their own, accepted by a provider by text and marked Completed by its
 * "DONE"; returns the member's number.
 */
async function completedReferral(language = 'English') {
  const providerNumber = freshNumber();
  const member = freshNumber();
  const provider = await freshProvider(t, { phone: providerNumber.display });
  const r = await matchedTo(t, coordinator, plan, provider);
  await t.database.query('UPDATE referrals SET phone_number = $2, preferred_language = $3 WHERE id = $1', [
    r.id,
    member.display,
    language,
  ]);
  await sendBySms(t, coordinator, plan, r.id, provider);
  expect((await text(providerNumber.display, `YES ${r.referral_number}`)).action).toBe('accepted');
  expect((await text(providerNumber.display, `DONE ${r.referral_number}`)).action).toBe('completed');
  return { r, member, provider };
}

describe("the member's answer (issue #14 item 4)", () => {
  it('asks the member 3 days after Completed, in English, and records "YES" on the timeline', async () => {
    const { r, member, provider } = await completedReferral();
    // The member hears of the completion at once…
    expect((await smsTo(member.display)).map((m) => m.body_text)).toEqual([
      `Trust Marketplace: Hi Marisol, the provider marked your referral ${r.referral_number} as completed.`,
    ]);
    // …and the question is scheduled for 3 days later, for the provider that served them.
    const scheduled = (await followUpOf(r.id))!;
    expect(scheduled).toMatchObject({ sent_at: null, answer: null, provider_id: provider });
    const wait = scheduled.due_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(3 * DAY - 60_000);
    expect(wait).toBeLessThan(3 * DAY + 60_000);

    // Not due yet: nothing sent.
    await runJob(new Date(Date.now() + 2 * DAY));
    expect(await smsTo(member.display)).toHaveLength(1);
    // Due: sent once, however often the job runs.
    await runJob(new Date(Date.now() + 3 * DAY + 60_000));
    await runJob(new Date(Date.now() + 3 * DAY + 120_000));
    const sent = await smsTo(member.display);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      category: 'member_follow_up',
      body_text: `Trust Marketplace: Hi Marisol, about your referral ${r.referral_number}: Did you get the help you needed? Reply YES or NO`,
    });
    expect(await eventsOf(r.id, 'member_follow_up_sent')).toEqual([
      { details: expect.objectContaining({ sent: true, language: 'en' }) },
    ]);

    const yes = await text(member.display, 'YES');
    expect(yes).toMatchObject({
      intent: 'accept',
      action: 'member_replied',
      referral_id: r.id,
      matched: true,
    });
    expect(yes.reply).toBe('Trust Marketplace: Thank you for your answer.');
    expect((await followUpOf(r.id))!.answer).toBe('yes');
    expect(await eventsOf(r.id, 'member_replied')).toEqual([
      { details: expect.objectContaining({ answer: 'yes', late: false, channel: 'sms' }) },
    ]);
    // The referral itself is untouched; a second answer does not replace the first.
    const again = await text(member.display, 'NO');
    expect(again.action).toBe('member_already_replied');
    expect((await followUpOf(r.id))!.answer).toBe('yes');
    const audit = await t.database.query(
      "SELECT 1 FROM audit_log WHERE action = 'referral.member_replied' AND entity_id = $1",
      [String(r.id)],
    );
    expect(audit).toHaveLength(1);
  });

  it('asks in Spanish and takes "No" and "Sí"; other languages are asked in English, and NO is a NO', async () => {
    await api('PUT', `/api/cbos/${plan}`, admin, undefined, { settings: { member_follow_up_days: 0 } });
    try {
      const { r, member } = await completedReferral('Spanish');
      const sent = await smsTo(member.display);
      expect(sent.map((m) => m.body_text)).toEqual([
        `Trust Marketplace: Hola Marisol, el proveedor marcó su referido ${r.referral_number} como completado.`,
        `Trust Marketplace: Hola Marisol, sobre su referido ${r.referral_number}: ¿Recibió la ayuda que necesitaba? Responda SI o NO`,
      ]);
      const no = await text(member.display, 'No');
      expect(no).toMatchObject({
        action: 'member_replied',
        reply: 'Trust Marketplace: Gracias por su respuesta.',
      });
      expect((await followUpOf(r.id))!.answer).toBe('no');

      const si = await completedReferral('Spanish');
      expect((await text(si.member.display, 'Sí')).action).toBe('member_replied');
      expect((await followUpOf(si.r.id))!.answer).toBe('yes');

      const other = await completedReferral('Vietnamese');
      expect((await smsTo(other.member.display)).at(-1)!.body_text).toContain(
        'Did you get the help you needed? Reply YES or NO',
      );
      // And a NO in English is a NO.
      const englishNo = await text(other.member.display, 'NO');
      expect(englishNo).toMatchObject({
        action: 'member_replied',
        reply: 'Trust Marketplace: Thank you for your answer.',
      });
      expect((await followUpOf(other.r.id))!.answer).toBe('no');
    } finally {
      await t.database.query("UPDATE organizations SET settings = settings - 'member_follow_up_days'");
    }
  });

  it('stores a reply after the question closed without counting it', async () => {
    await api('PUT', `/api/cbos/${plan}`, admin, undefined, { settings: { member_follow_up_days: 0 } });
    try {
      const { r, member } = await completedReferral();
      await t.database.query(
        "UPDATE member_follow_ups SET expires_at = now() - interval '1 minute' WHERE referral_id = $1",
        [r.id],
      );
      const late = await text(member.display, 'YES');
      expect(late).toMatchObject({ action: 'member_reply_late', reply: null, matched: true });
      expect((await followUpOf(r.id))!.answer).toBeNull();
      expect(await eventsOf(r.id, 'member_replied')).toEqual([
        { details: expect.objectContaining({ answer: 'yes', late: true }) },
      ]);
      // Stored with the messages all the same.
      const stored = await t.database.query(
        "SELECT 1 FROM communications WHERE direction = 'inbound' AND referral_id = $1 AND provider_id IS NULL",
        [r.id],
      );
      expect(stored).toHaveLength(1);
    } finally {
      await t.database.query("UPDATE organizations SET settings = settings - 'member_follow_up_days'");
    }
  });

  it('asks nobody when the service was not provided, and refuses a wrong setting', async () => {
    const providerNumber = freshNumber();
    const provider = await freshProvider(t, { phone: providerNumber.display });
    const r = await matchedTo(t, coordinator, plan, provider);
    await sendBySms(t, coordinator, plan, r.id, provider);
    await text(providerNumber.display, `YES ${r.referral_number}`);
    // Completed with another outcome (as the app's Mark Completed would store it): the lifecycle's hook asks nobody.
    await t.database.query(
      "UPDATE referrals SET status = 'completed', outcome = 'unable_to_reach' WHERE id = $1",
      [r.id],
    );
    const system = systemContext(t.app.deps, FOLLOW_UP_JOB);
    await scheduleMemberFollowUp(system, {
      referral: (await findReferral(system.db, r.id))!,
      at: new Date(),
    });
    await runJob(new Date(Date.now() + 40 * DAY));
    expect(await followUpOf(r.id)).toBeUndefined();

    const res = await api('PUT', `/api/cbos/${plan}`, admin, undefined, {
      settings: { member_follow_up_days: 31 },
    });
    expectEnvelope(res, 400);
    expect(res.body).toContain('member_follow_up_days must be a whole number from 0 to 30.');
  });
});
