import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../test/helpers.ts';
import {
  freshNumber,
  freshProvider,
  matchedTo,
  one,
  orgId,
  receiveText,
  sendBySms,
} from './test-fixtures.ts';

// Issue #14 item 3: a provider with no account reports the progress of a referral it accepted by text —
// "STARTED <n>" marks it In Progress, "DONE <n>" Completed with the outcome "service provided" — through the
// lifecycle (the same table as the app), confirmed by text. Anyone else's "DONE" changes nothing.

let t: TestApp;
let plan: number;
let coordinator: string;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

const text = (from: string, body: string) => receiveText(t, admin, from, body);

type Row = { status: string; outcome: string | null; outcome_note: string | null; completed_at: Date | null };
const referralRow = (id: number) =>
  one<Row>(t, 'SELECT status, outcome, outcome_note, completed_at FROM referrals WHERE id = $1', [id]);

/** A referral matched to a new provider, sent to it by SMS, and accepted by its "YES <n>". */
async function acceptedBySms() {
  const number = freshNumber();
  const provider = await freshProvider(t, { phone: number.display });
  const r = await matchedTo(t, coordinator, plan, provider);
  await sendBySms(t, coordinator, plan, r.id, provider);
  const yes = await text(number.display, `YES ${r.referral_number}`);
  expect(yes.action).toBe('accepted');
  return { number, provider, r };
}

describe('the accepted provider reports progress by text', () => {
  it('"STARTED <n>" marks it In Progress, then "DONE <n> note" Completed: service provided, with the note', async () => {
    const { number, r } = await acceptedBySms();
    const started = await text(number.display, `STARTED ${r.referral_number}`);
    expect(started).toMatchObject({ intent: 'started', action: 'started', referral_id: r.id });
    expect(started.reply).toBe(
      `Trust Marketplace: Thank you. Referral ${r.referral_number} is marked In Progress. Reply DONE ${r.referral_number} when the member has been served.`,
    );
    expect((await referralRow(r.id)).status).toBe('in_progress');

    const done = await text(number.display, `DONE ${r.referral_number} food box delivered today`);
    expect(done).toMatchObject({ intent: 'done', action: 'completed', referral_id: r.id });
    expect(done.reply).toBe(
      `Trust Marketplace: Thank you. Referral ${r.referral_number} is marked Completed: service provided.`,
    );
    const row = await referralRow(r.id);
    expect(row).toMatchObject({
      status: 'completed',
      outcome: 'service_provided',
      outcome_note: 'food box delivered today',
    });
    expect(row.completed_at).not.toBeNull();

    // On the timeline as the provider's steps by SMS, with no user; audited the same way.
    const events = await t.database.query<{
      to_status: string;
      actor_user_id: number | null;
      details: Record<string, unknown>;
    }>(
      `SELECT to_status, actor_user_id, details FROM referral_events
        WHERE referral_id = $1 AND type = 'status_changed' ORDER BY id`,
      [r.id],
    );
    expect(events.map((e) => e.to_status)).toEqual(['in_progress', 'completed']);
    for (const e of events) {
      expect(e.actor_user_id).toBeNull();
      expect(e.details).toMatchObject({ channel: 'sms' });
    }
    expect(events[1]!.details).toMatchObject({
      outcome: 'service_provided',
      note: 'food box delivered today',
    });
    const audits = await t.database.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM audit_log WHERE entity_type = 'referral' AND entity_id = $1 AND action = 'referral.status_changed'
        ORDER BY id`,
      [String(r.id)],
    );
    expect(audits.at(-1)!.details).toMatchObject({
      to: 'completed',
      channel: 'sms',
      outcome: 'service_provided',
    });
    // The note is the provider's words: never in the audit log.
    expect(JSON.stringify(audits)).not.toContain('food box');

    // Said twice: nothing changes, and the provider is told.
    const again = await text(number.display, `DONE ${r.referral_number}`);
    expect(again.action).toBe('already_completed');
    expect((await referralRow(r.id)).outcome_note).toBe('food box delivered today');
  });

  it('"Listo" without a number completes the one referral the number serves, answered in Spanish', async () => {
    const { number, r } = await acceptedBySms();
    const done = await text(number.display, 'Listo');
    expect(done).toMatchObject({ intent: 'done', action: 'completed', referral_id: r.id });
    expect(done.reply).toBe(
      `Trust Marketplace: Gracias. El referido ${r.referral_number} quedó Completado: servicio prestado.`,
    );
    expect((await referralRow(r.id)).status).toBe('completed');
  });

  it('a provider that has not accepted, another provider and an unknown number change nothing', async () => {
    // Sent but not accepted yet: "DONE" from its own number is refused.
    const waiting = freshNumber();
    const waitingProvider = await freshProvider(t, { phone: waiting.display });
    const pending = await matchedTo(t, coordinator, plan, waitingProvider);
    await sendBySms(t, coordinator, plan, pending.id, waitingProvider);
    const early = await text(waiting.display, `DONE ${pending.referral_number}`);
    expect(early.action).toBe('not_accepted');
    expect((await referralRow(pending.id)).status).toBe('matched');

    const { r } = await acceptedBySms();
    // Another provider's number naming it: not a referral of theirs.
    const other = freshNumber();
    const otherProvider = await freshProvider(t, { phone: other.display });
    const elsewhere = await matchedTo(t, coordinator, plan, otherProvider);
    await sendBySms(t, coordinator, plan, elsewhere.id, otherProvider);
    const foreign = await text(other.display, `DONE ${r.referral_number}`);
    expect(foreign.action).toBe('not_found');
    // A number nobody knows: stored unmatched, no action.
    const stranger = await text(freshNumber().display, `DONE ${r.referral_number}`);
    expect(stranger).toMatchObject({ matched: false, action: 'none', reply: null });
    expect((await referralRow(r.id)).status).toBe('accepted');
  });

  it('"STARTED" on a Completed referral is refused with its status named', async () => {
    const { number, r } = await acceptedBySms();
    await text(number.display, `DONE ${r.referral_number}`);
    const late = await text(number.display, `STARTED ${r.referral_number}`);
    // Found by its number on the provider's thread; the lifecycle allows nothing from Completed.
    expect(late.action).toBe('progress_refused');
    expect(late.reply).toBe(
      `Trust Marketplace: Referral ${r.referral_number} is Completed. Nothing was changed.`,
    );
    expect((await referralRow(r.id)).status).toBe('completed');
  });
});
