import { servicesForNeeds } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  api as apiOf,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import { EXPIRE_JOB, expireOverdueReferrals } from '../referrals/expiry.ts';

// Issue #14 item 2: declines that count and the cascade. Providers answer by SMS (the outbox's inbound route
// takes the same path as Twilio's webhook); every referral here is placed far from the demo directory (central
// South Dakota), among providers of its own, so who is "next" is known.

let t: TestApp;
let plan: number;
let coordinator: string;
let admin: string;
let api: ReturnType<typeof apiOf>;
let seq = 0;

const FOOD = servicesForNeeds(['Food Assistance']);

beforeAll(async () => {
  t = await buildTestApp();
  api = apiOf(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

type Place = { latitude: number; longitude: number };

/** `n` food providers reachable by SMS, each a little farther from `at` than the one before. */
async function providersNear(at: Place, n: number) {
  const out: { id: number; phone: string; e164: string }[] = [];
  for (let i = 0; i < n; i++) {
    seq += 1;
    const line = String(6000 + seq);
    const phone = `(605) 555-${line}`;
    const row = await one<{ id: number }>(
      t,
      `INSERT INTO providers (name, organization_type, phone, latitude, longitude, services)
       VALUES ($1, 'Food Bank', $2, $3, $4, $5) RETURNING id`,
      [`Prairie Pantry ${seq}`, phone, at.latitude + (i + 1) * 0.01, at.longitude, FOOD],
    );
    out.push({ id: row.id, phone, e164: `+1605555${line}` });
  }
  return out;
}

/**
 * A Pending referral whose member lives at `at`. Created for manual selection: with the matching engine it would
 * be auto-matched at create (issue #14 item 8) near the demo metro, before it is moved here.
 */
async function referralAt(at: Place) {
  const r = await createReferral(t, {
    token: coordinator,
    orgId: plan,
    sdoh_needs: ['Food Assistance'],
    use_matching_engine: false,
  });
  await t.database.query('UPDATE referrals SET latitude = $2, longitude = $3 WHERE id = $1', [
    r.id,
    at.latitude,
    at.longitude,
  ]);
  return r;
}

async function autoMatchAndSendAll(id: number) {
  const matched = await api('POST', `/api/referrals/${id}/auto-match`, coordinator, plan);
  expect(matched.statusCode, matched.body).toBe(200);
  const ids = (matched.json() as { matched_providers: { provider_id: number }[] }).matched_providers.map(
    (p) => p.provider_id,
  );
  const sent = await api('POST', `/api/referrals/${id}/send-to-providers`, coordinator, plan, {
    providers: ids.map((provider_id) => ({ provider_id, method_type: 'phone' })),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return ids;
}

async function text(from: string, body: string) {
  const res = await api('POST', '/api/outbox/inbound/sms', admin, undefined, { from_phone: from, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { action: string; reply: string | null };
}

const referral = (id: number) =>
  one<{ status: string; rejection_reason: string | null; matched_provider_id: number | null }>(
    t,
    'SELECT status, rejection_reason, matched_provider_id FROM referrals WHERE id = $1',
    [id],
  );
const entries = (id: number) =>
  t.database.query<{ provider_id: number; status: string; round: number; decline_reason: string | null }>(
    `SELECT provider_id, status, round, decline_reason FROM referral_provider_matches
      WHERE referral_id = $1 ORDER BY rank`,
    [id],
  );
const timeline = (id: number) =>
  t.database.query<{ type: string; details: Record<string, unknown> }>(
    'SELECT type, details FROM referral_events WHERE referral_id = $1 ORDER BY id',
    [id],
  );
/** The referral texts sent to a number (the sends, not the auto replies). */
const sendsTo = async (e164: string, referralId: number) =>
  (
    await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbound_messages
        WHERE right(regexp_replace(to_address, '[^0-9]', '', 'g'), 10) = right($1, 10) AND referral_id = $2
          AND category = 'referral_send'`,
      [e164, referralId],
    )
  )[0]!.n;

describe('the cascade (4 providers decline by SMS → the next 4 are matched and sent)', () => {
  it('records each decline on its entry, re-matches when none is left, and never texts a decliner again', async () => {
    const at = { latitude: 44.37, longitude: -100.35 };
    const providers = await providersNear(at, 8);
    const r = await referralAt(at);
    const first = await autoMatchAndSendAll(r.id);
    expect(first).toEqual(providers.slice(0, 4).map((p) => p.id));

    for (const [i, p] of providers.slice(0, 4).entries()) {
      const answer = await text(p.phone, `NO ${r.referral_number}`);
      expect(answer.action).toBe('rejected');
      expect(answer.reply).toContain('Thank you');
      if (i < 3) expect((await referral(r.id)).status).toBe('matched');
    }
    // The fourth decline left nobody waiting: Rejected, then matched again by itself (round 2) and sent.
    const after = await entries(r.id);
    expect(after.slice(0, 4).map((e) => [e.status, e.round, e.decline_reason])).toEqual(
      Array(4).fill(['declined', 1, 'Declined by text message']),
    );
    expect(after.slice(4).map((e) => [e.provider_id, e.status, e.round])).toEqual(
      providers.slice(4).map((p) => [p.id, 'sent', 2]),
    );
    expect((await referral(r.id)).status).toBe('matched');
    const events = await timeline(r.id);
    const types = events.map((e) => e.type);
    expect(types.filter((x) => x === 'provider_declined')).toHaveLength(4);
    const rejected = events.find((e) => e.type === 'rejected');
    expect(rejected?.details).toMatchObject({ all_declined: true });
    const cascaded = events.find((e) => e.type === 'cascaded');
    expect(cascaded?.details).toMatchObject({
      round: 2,
      count: 4,
      provider_ids: providers.slice(4).map((p) => p.id),
    });
    expect(types.indexOf('rejected')).toBeLessThan(types.indexOf('cascaded'));
    for (const p of providers.slice(4)) expect(await sendsTo(p.e164, r.id)).toBe(1);

    // "Send to all" again: the decliners are refused, never re-texted.
    const again = await api('POST', `/api/referrals/${r.id}/send-to-providers`, coordinator, plan, {
      providers: [{ provider_id: providers[0]!.id, method_type: 'phone' }],
    });
    expect(expectEnvelope(again, 422)).toMatchObject({ reason: 'send.entry_answered' });
    // Nor matched to it by hand.
    for (const p of providers.slice(0, 4)) expect(await sendsTo(p.e164, r.id)).toBe(1);

    // Round 2 declines too, and nobody is left nearby: Rejected, flagged, the coordinator emailed.
    for (const p of providers.slice(4)) await text(p.phone, `NO ${r.referral_number}`);
    expect((await referral(r.id)).status).toBe('rejected');
    const flag = (await timeline(r.id)).filter((e) => e.type === 'needs_rematching');
    expect(flag).toHaveLength(1);
    expect(flag[0]!.details).toMatchObject({ reason: 'no_providers', notified: true });
    const email = await one<{ to_address: string; subject: string }>(
      t,
      `SELECT to_address, subject FROM outbound_messages WHERE category = 'needs_rematching' ORDER BY id DESC LIMIT 1`,
    );
    expect(email).toEqual({
      to_address: 'coordinator@trust.demo',
      subject: `Referral ${r.referral_number} needs a new provider`,
    });

    // A manual match to a provider that declined is refused; the coordinator picks another.
    const manual = await api('PUT', `/api/referrals/${r.id}/match`, coordinator, plan, {
      provider_id: providers[0]!.id,
      communication_method: 'phone',
    });
    expect(expectEnvelope(manual, 409)).toMatchObject({ reason: 'match.provider_declined' });
    // Another provider is fine: Rejected → Matched by hand.
    const other = (await providersNear(at, 1))[0]!;
    const ok = await api('PUT', `/api/referrals/${r.id}/match`, coordinator, plan, {
      provider_id: other.id,
      communication_method: 'phone',
      message_content: 'New referral for you',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await entries(r.id)).filter((e) => e.status === 'declined')).toHaveLength(8);
  });

  it('stops after the rounds the organization allows, and not at all when its cascade is off', async () => {
    const at = { latitude: 44.9, longitude: -101.2 };
    const providers = await providersNear(at, 3);
    await t.database.query(
      `UPDATE organizations SET settings = settings || '{"cascade": false}'::jsonb WHERE id = $1`,
      [plan],
    );
    try {
      const r = await referralAt(at);
      await autoMatchAndSendAll(r.id);
      for (const p of providers) await text(p.phone, `NO ${r.referral_number}`);
      expect((await referral(r.id)).status).toBe('rejected');
      const flag = (await timeline(r.id)).find((e) => e.type === 'needs_rematching');
      expect(flag?.details).toMatchObject({ reason: 'cascade_off' });
      expect((await entries(r.id)).every((e) => e.round === 1)).toBe(true);
    } finally {
      await t.database.query(`UPDATE organizations SET settings = settings - 'cascade' WHERE id = $1`, [
        plan,
      ]);
    }
  });

  it('PUT /api/cbos/{id} refuses a routing setting of the wrong type', async () => {
    const res = await api('PUT', `/api/cbos/${plan}`, admin, undefined, { settings: { cascade_rounds: 9 } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('cascade_rounds must be a whole number from 0 to 5.');
  });
});

describe('silences and capacity', () => {
  it('an entry whose 7 days pass expires; when none is left the referral is Expired and cascades', async () => {
    const at = { latitude: 43.5, longitude: -99.0 };
    const providers = await providersNear(at, 5);
    const r = await referralAt(at);
    await autoMatchAndSendAll(r.id);
    await text(providers[0]!.phone, `NO ${r.referral_number}`);
    await t.database.query(
      `UPDATE referral_provider_matches SET expires_at = now() - interval '1 minute'
        WHERE referral_id = $1 AND status = 'sent'`,
      [r.id],
    );
    await expireOverdueReferrals(systemContext(t.app.deps, EXPIRE_JOB), { now: new Date() });
    const rows = await entries(r.id);
    expect(rows.map((e) => e.status)).toEqual(['declined', 'expired', 'expired', 'expired', 'sent']);
    const types = (await timeline(r.id)).map((e) => e.type);
    expect(types.filter((x) => x === 'provider_expired')).toHaveLength(3);
    expect(types).toContain('expired');
    expect(types).toContain('cascaded');
    expect((await referral(r.id)).status).toBe('matched');
  });

  it('a decline "at full capacity" marks the provider full', async () => {
    const at = { latitude: 43.9, longitude: -98.4 };
    const [p] = await providersNear(at, 1);
    const r = await referralAt(at);
    await autoMatchAndSendAll(r.id);
    await text(p!.phone, `NO ${r.referral_number} we are at full capacity`);
    const row = await one<{ capacity_status: string }>(
      t,
      'SELECT capacity_status FROM providers WHERE id = $1',
      [p!.id],
    );
    expect(row.capacity_status).toBe('full');
    expect((await entries(r.id))[0]).toMatchObject({
      status: 'declined',
      decline_reason: 'we are at full capacity',
    });
  });

  it('an SMS "NO" from an unknown number changes nothing', async () => {
    const at = { latitude: 43.2, longitude: -97.9 };
    const [p] = await providersNear(at, 1);
    const r = await referralAt(at);
    await autoMatchAndSendAll(r.id);
    const answer = await text('(605) 555-0000', `NO ${r.referral_number}`);
    expect(answer.action).toBe('none');
    expect((await entries(r.id))[0]).toMatchObject({ provider_id: p!.id, status: 'sent' });
    expect((await referral(r.id)).status).toBe('matched');
  });
});
