import type {
  AutoMatchOverview,
  ManualMatchResponse,
  MatchingReferral,
  MatchReferralResponse,
  Referral,
  ReferralCreateInput,
  UnpublishedReferrals,
} from '@trust/domain';
import { PROVIDER_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { newReferralBody } from '../../../db/demo-data/factories.ts';
import { provideReferralPorts } from '../referrals/ports.ts';
import { autoMatchNewReferral } from './auto-match.ts';

// Providers placed around Billings, MT (ZIP 59101, 45.7745,-108.5005): no demo metro is near, so every
// candidate below is one this test put there.
const BILLINGS = { lat: 45.7745, lng: -108.5005 };
const MILE_LAT = 1 / 69.05;

let t: TestApp;
let plan: number;
let harbor: number;
let coordinator: string;
let cbo: string;
let viewer: string;
const ids: Record<string, number> = {};

async function orgId(name: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    name,
  ]);
  return row!.id;
}

async function addProvider(
  key: string,
  miles: number,
  services: string[],
  extra: { capacity?: string; languages?: string[]; quality?: number } = {},
) {
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO providers (name, organization_type, city, state, zip_code, services, languages, latitude, longitude,
       capacity_status, data_quality_score)
     VALUES ($1, 'Food Bank', 'Billings', 'MT', '59101', $2::text[], $3::text[], $4, $5, $6, $7) RETURNING id`,
    [
      `Zmt ${key} Provider`,
      services,
      extra.languages ?? ['English'],
      BILLINGS.lat + miles * MILE_LAT,
      BILLINGS.lng,
      extra.capacity ?? 'accepting',
      extra.quality ?? 80,
    ],
  );
  ids[key] = row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  harbor = await orgId('Harbor Community Services');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  await addProvider('Near', 1, ['Food Assistance']);
  await addProvider('Full', 3, ['Food Assistance'], { capacity: 'full' });
  await addProvider('Waitlist', 5, ['Food Assistance'], { capacity: 'waitlist' });
  await addProvider('Housing', 10, ['Housing Assistance']);
  await addProvider('Twenty', 20, ['Food Assistance'], { languages: ['Spanish'] });
  await addProvider('Thirty', 30, ['Food Assistance']);
  await addProvider('Far', 60, ['Food Assistance']);
});
afterAll(async () => t?.close());

/** A member in Billings who needs food: what the providers above are placed and chosen for. */
const inBillings = { zip_code: '59101', city: 'Billings', state: 'MT', sdoh_needs: ['Food Assistance'] };

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  org = plan,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token, org),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A referral that uses the matching engine (the form's default), auto-matched when created (issue #14 item 8). */
const create = (body: Partial<ReferralCreateInput> = {}) =>
  createReferral(t, { token: coordinator, orgId: plan, ...inBillings, use_matching_engine: true, ...body });

/**
 * A Pending referral for the Auto-Match button to run on: with the matching engine it would be auto-matched when
 * created (tested below), so these are created for manual selection.
 */
const createPending = (body: Partial<ReferralCreateInput> = {}) =>
  create({ use_matching_engine: false, ...body });

async function autoMatch(id: number) {
  const res = await api('POST', `/api/referrals/${id}/auto-match`, coordinator);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    matched_providers: MatchingReferral['matched_providers'];
    referral: MatchingReferral;
  };
}

describe('referral location', () => {
  it('is set from the ZIP on create and on edit', async () => {
    const r = await create();
    expect(r.latitude).toBeCloseTo(BILLINGS.lat, 3);
    expect(r.longitude).toBeCloseTo(BILLINGS.lng, 3);
    const edit = await api(
      'PUT',
      `/api/referrals/${r.id}`,
      coordinator,
      newReferralBody({ ...inBillings, medicaid_id: r.medicaid_id, zip_code: '99723' }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect((edit.json() as Referral).latitude).toBeCloseTo(71.2346, 3);
  });
});

describe('creating with the matching engine auto-matches at once (issue #14 item 8)', () => {
  const overview = async () =>
    ((await api('GET', '/api/matching/auto-match', coordinator)).json() as AutoMatchOverview).algorithm;
  const events = async (id: number) =>
    (
      (await api('GET', `/api/referrals/${id}/events`, coordinator)).json() as {
        events: { type: string; actor_user_id: number | null; details: Record<string, unknown> }[];
      }
    ).events;
  const auditRows = (id: number, action: string) =>
    t.database.query<{ actor_user_id: number | null; organization_id: number | null }>(
      'SELECT actor_user_id, organization_id FROM audit_log WHERE action = $1 AND entity_id = $2',
      [action, String(id)],
    );

  it('answers the new referral Matched to its 4 nearest eligible providers, on the timeline and audited as the system', async () => {
    // The engine is the default: a body without use_matching_engine uses it.
    const body = newReferralBody(inBillings);
    expect(body).not.toHaveProperty('use_matching_engine');
    const res0 = await api('POST', '/api/referrals', coordinator, body);
    expect(res0.statusCode, res0.body).toBe(201);
    const r = res0.json() as Referral;
    expect(r).toMatchObject({
      use_matching_engine: true,
      status: 'matched',
      match_method: 'auto',
      matched_provider_id: null,
      expires_at: null,
      matched_provider_count: 4,
    });
    expect(r.auto_matched_at).not.toBeNull();
    const res = await api('GET', `/api/referrals/${r.id}/matched-providers`, coordinator);
    const entries = (res.json() as { matched_providers: MatchingReferral['matched_providers'] })
      .matched_providers;
    // The same providers as the Auto-Match button finds: Full is full, Housing serves no need, Far is too far.
    expect(entries.map((e) => e.provider_id)).toEqual([ids.Near, ids.Waitlist, ids.Twenty, ids.Thirty]);
    expect(entries.every((e) => e.status === 'pending')).toBe(true);

    const history = await events(r.id);
    expect(history.map((e) => e.type)).toEqual(['auto_matched', 'created']);
    expect(history[0]).toMatchObject({
      actor_user_id: null,
      details: { method: 'auto', trigger: 'created', count: 4 },
    });
    // The system acting for the referring organization matched it; the coordinator created it.
    expect(await auditRows(r.id, 'referral.auto_matched')).toEqual([
      { actor_user_id: null, organization_id: plan },
    ]);
    expect((await auditRows(r.id, 'referral.created'))[0]!.actor_user_id).not.toBeNull();

    const read = (await api('GET', `/api/referrals/${r.id}`, coordinator)).json() as Referral;
    expect(read.status).toBe('matched');
    expect(read.matched_provider_count).toBeUndefined();
  });

  it('shows on the Auto-Match screen: Last Run is its time, Auto-Matched counts it, Pending does not', async () => {
    const before = await overview();
    const r = await create();
    const after = await overview();
    expect(after.last_run).not.toBeNull();
    expect(after.last_run).toBe(r.auto_matched_at);
    expect(after.auto_matched_count).toBe(before.auto_matched_count + 1);
    expect(after.pending_count).toBe(before.pending_count);
    const listed = ((await api('GET', '/api/matching/auto-match', coordinator)).json() as AutoMatchOverview)
      .referrals;
    expect(listed.find((x) => x.id === r.id)).toMatchObject({ status_label: 'Auto-Matched' });
    expect(listed.find((x) => x.id === r.id)!.matched_providers).toHaveLength(4);
    // Still the last run once the referral moved on (here Completed): the newest auto-match, whatever followed.
    await t.database.query("UPDATE referrals SET status = 'completed' WHERE id = $1", [r.id]);
    const later = await overview();
    expect(later.last_run).toBe(r.auto_matched_at);
    expect(later.auto_matched_count).toBe(after.auto_matched_count - 1);
  });

  it('leaves a referral for manual selection Pending and unmatched', async () => {
    const before = await overview();
    const r = await createPending();
    expect(r).toMatchObject({ status: 'pending', auto_matched_at: null, match_method: null });
    expect(r.matched_provider_count).toBeUndefined();
    expect((await events(r.id)).map((e) => e.type)).toEqual(['created']);
    const after = await overview();
    expect(after.auto_matched_count).toBe(before.auto_matched_count);
    expect(after.pending_count).toBe(before.pending_count);
  });

  it.each([
    ['no provider is near', { zip_code: '99723' }],
    ['the member has no location', { zip_code: '00000' }],
    ['no provider near offers the need', { sdoh_needs: ['Legal Services'] }],
  ])('when %s, it is created Pending and waits on the Auto-Match screen', async (_, body) => {
    const before = await overview();
    const r = await create(body);
    expect(r).toMatchObject({ status: 'pending', auto_matched_at: null, matched_provider_count: 0 });
    expect((await events(r.id)).map((e) => e.type)).toEqual(['created']);
    expect(await auditRows(r.id, 'referral.auto_matched')).toEqual([]);
    const after = await overview();
    expect(after.pending_count).toBe(before.pending_count + 1);
    expect(after.auto_matched_count).toBe(before.auto_matched_count);
    const listed = ((await api('GET', '/api/matching/auto-match', coordinator)).json() as AutoMatchOverview)
      .referrals;
    expect(listed.find((x) => x.id === r.id)).toMatchObject({
      status_label: 'Pending',
      matched_providers: [],
    });
  });

  it('a failure of the engine rolls back all it wrote and still creates the referral, Pending', async () => {
    // The engine matches, then fails: nothing of its run may stay, and the create must not fail with it.
    provideReferralPorts({
      autoMatchNewReferral: async (ctx, input) => {
        await autoMatchNewReferral(ctx, input);
        throw new Error('the engine broke');
      },
    });
    let r: Referral;
    try {
      r = await create();
      expect(r).toMatchObject({ status: 'pending', auto_matched_at: null, matched_provider_count: 0 });
      const read = (await api('GET', `/api/referrals/${r.id}`, coordinator)).json() as Referral;
      expect(read).toMatchObject({ status: 'pending', auto_matched_at: null, match_method: null });
      const res = await api('GET', `/api/referrals/${r.id}/matched-providers`, coordinator);
      expect((res.json() as { matched_providers: unknown[] }).matched_providers).toEqual([]);
      expect((await events(r.id)).map((e) => e.type)).toEqual(['created']);
      expect(await auditRows(r.id, 'referral.auto_matched')).toEqual([]);
      expect(await auditRows(r.id, 'referral.created')).toHaveLength(1);
    } finally {
      provideReferralPorts({ autoMatchNewReferral });
    }
    // It waits on the Auto-Match screen, where the button matches it as usual.
    expect((await autoMatch(r.id)).matched_providers).toHaveLength(4);
  });
});

describe('POST /api/referrals/{id}/auto-match', () => {
  it('matches the 4 nearest providers within 50 miles that serve a need and are not full', async () => {
    const r = await createPending();
    const { matched_providers, referral } = await autoMatch(r.id);
    // Full (3 mi) is full, Housing (10 mi) serves no need, Far (60 mi) is outside the radius.
    expect(matched_providers.map((m) => m.provider_id)).toEqual([
      ids.Near,
      ids.Waitlist,
      ids.Twenty,
      ids.Thirty,
    ]);
    expect(matched_providers.map((m) => m.rank)).toEqual([1, 2, 3, 4]);
    expect(matched_providers.every((m) => m.status === 'pending')).toBe(true);
    expect(matched_providers[0]!.distance_miles).toBeCloseTo(1, 0);
    expect(referral.status_label).toBe('Auto-Matched');
    expect(referral.auto_matched_at).not.toBeNull();

    const overview = (await api('GET', '/api/matching/auto-match', coordinator)).json() as AutoMatchOverview;
    const listed = overview.referrals.find((x) => x.id === r.id)!;
    expect(listed.matched_providers).toHaveLength(4);
    expect(overview.algorithm.auto_matched_count).toBeGreaterThanOrEqual(1);
    expect(overview.algorithm.last_run).toBe(referral.auto_matched_at);

    const events = (await api('GET', `/api/referrals/${r.id}/events`, coordinator)).json() as {
      events: { type: string }[];
    };
    expect(events.events[0]!.type).toBe('auto_matched');
  });

  it('lists the matched providers of a referral to its readers only', async () => {
    const r = await createPending();
    await autoMatch(r.id);
    const res = await api('GET', `/api/referrals/${r.id}/matched-providers`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { matched_providers: { rank: number }[] }).matched_providers).toHaveLength(4);
    expectEnvelope(await api('GET', `/api/referrals/${r.id}/matched-providers`, cbo, undefined, harbor), 404);
  });

  it('refuses a referral that is no longer Pending', async () => {
    const r = await createPending();
    await autoMatch(r.id);
    const res = await api('POST', `/api/referrals/${r.id}/auto-match`, coordinator);
    expect(expectEnvelope(res, 422, 'rule_broken').message).toMatch(/no longer waiting for a provider/);
    expect(res.json()).toMatchObject({ reason: 'match.referral_not_pending' });
  });

  it('says when the referral has no location', async () => {
    const r = await create({ zip_code: '00000' });
    expect(r.latitude).toBeNull();
    const res = await api('POST', `/api/referrals/${r.id}/auto-match`, coordinator);
    expect(expectEnvelope(res, 422)).toMatchObject({
      reason: 'match.member_location_unknown',
      message: PROVIDER_MESSAGES.autoMatchNoLocation,
    });
  });

  it('says when no provider is near', async () => {
    const r = await create({ zip_code: '99723' });
    const res = await api('POST', `/api/referrals/${r.id}/auto-match`, coordinator);
    expect(expectEnvelope(res, 422)).toMatchObject({
      reason: 'match.no_providers_nearby',
      message: PROVIDER_MESSAGES.autoMatchNoProviders,
    });
  });

  it('is not found for another organization and forbidden to viewers', async () => {
    const r = await createPending();
    expectEnvelope(await api('POST', `/api/referrals/${r.id}/auto-match`, cbo, undefined, harbor), 404);
    expectEnvelope(await api('POST', `/api/referrals/${r.id}/auto-match`, viewer), 403);
  });
});

describe('change and remove a matched provider', () => {
  it('change replaces the entry with a new pending one at the same rank', async () => {
    const r = await createPending();
    await autoMatch(r.id);
    const res = await api('PUT', `/api/referrals/${r.id}/matched-providers/${ids.Waitlist}`, coordinator, {
      provider_id: ids.Housing,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = (res.json() as { referral: MatchingReferral }).referral.matched_providers;
    expect(entries.map((e) => e.provider_id)).toEqual([ids.Near, ids.Housing, ids.Twenty, ids.Thirty]);
    expect(entries[1]).toMatchObject({ status: 'pending', rank: 2 });
    expect(entries[1]!.distance_miles).toBeCloseTo(10, 0);
  });

  it('change refuses a provider already matched and an entry that is not there', async () => {
    const r = await createPending();
    await autoMatch(r.id);
    const dup = await api('PUT', `/api/referrals/${r.id}/matched-providers/${ids.Near}`, coordinator, {
      provider_id: ids.Twenty,
    });
    expect(expectEnvelope(dup, 409)).toMatchObject({ reason: 'match.provider_already_matched' });
    const missing = await api('PUT', `/api/referrals/${r.id}/matched-providers/${ids.Far}`, coordinator, {
      provider_id: ids.Housing,
    });
    expect(expectEnvelope(missing, 404)).toMatchObject({ reason: 'match.entry_not_found' });
  });

  it('change and remove refuse a provider that is no longer pending or sent', async () => {
    const r = await createPending();
    await autoMatch(r.id);
    await t.database.query(
      `UPDATE referral_provider_matches SET status = 'accepted' WHERE referral_id = $1 AND provider_id = $2`,
      [r.id, ids.Near],
    );
    const res = await api('DELETE', `/api/referrals/${r.id}/matched-providers/${ids.Near}`, coordinator);
    expect(expectEnvelope(res, 422)).toMatchObject({ reason: 'match.entry_answered' });
  });

  it('removing the last provider reverts the referral to Pending', async () => {
    const r = await createPending();
    const { matched_providers } = await autoMatch(r.id);
    let last: { referral: MatchingReferral; message: string } | null = null;
    for (const [i, m] of matched_providers.entries()) {
      const res = await api(
        'DELETE',
        `/api/referrals/${r.id}/matched-providers/${m.provider_id}`,
        coordinator,
      );
      expect(res.statusCode, res.body).toBe(200);
      last = res.json();
      if (i < matched_providers.length - 1) expect(last!.referral.status_label).toBe('Auto-Matched');
    }
    expect(last!.message).toBe(PROVIDER_MESSAGES.autoMatchCanceled);
    expect(last!.referral).toMatchObject({ status: 'pending', auto_matched_at: null, matched_providers: [] });
    // Pending again: it can be auto-matched again.
    await autoMatch(r.id);
  });

  it('is not found for another organization', async () => {
    const r = await createPending();
    await autoMatch(r.id);
    const res = await api(
      'DELETE',
      `/api/referrals/${r.id}/matched-providers/${ids.Near}`,
      cbo,
      undefined,
      harbor,
    );
    expectEnvelope(res, 404);
  });
});

describe('PUT /api/referrals/{id}/match', () => {
  const body = () => ({
    provider_id: ids.Near,
    provider_name: 'Zmt Near Provider',
    provider_organization: 'Zmt Near Provider',
    communication_method: 'email',
    contact_value: 'intake@near.example.org',
  });

  it('matches a Pending manual referral: Matched, manual, 7-day expiry, history, recently matched', async () => {
    const r = await create({ use_matching_engine: false });
    const before = (
      await api('GET', '/api/matching/unpublished', coordinator)
    ).json() as UnpublishedReferrals;
    expect(before.referrals.some((x) => x.id === r.id)).toBe(true);

    const res = await api('PUT', `/api/referrals/${r.id}/match`, coordinator, body());
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as ManualMatchResponse;
    expect(out).toMatchObject({
      provider_id: ids.Near,
      communication_method: 'email',
      send_status: 'queued',
    });
    expect(out.message_id).not.toBeNull();
    // The send went through the sending module: the entry is sent with the method and contact.
    expect(out.referral.matched_providers[0]).toMatchObject({
      provider_id: ids.Near,
      status: 'sent',
      communication_method: 'email',
      contact_value: 'intake@near.example.org',
    });
    expect(out.referral).toMatchObject({
      status: 'matched',
      match_method: 'manual',
      matched_provider_id: ids.Near,
    });

    const full = (await api('GET', `/api/referrals/${r.id}`, coordinator)).json() as Referral;
    const days = (Date.parse(full.expires_at!) - Date.parse(full.matched_at!)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    expect(full.acceptance_status).toBe('pending');

    const after = (await api('GET', '/api/matching/unpublished', coordinator)).json() as UnpublishedReferrals;
    expect(after.referrals.some((x) => x.id === r.id)).toBe(false);
    expect(after.recent_providers[0]!.id).toBe(ids.Near);
    expect(after.recent_providers.length).toBeLessThanOrEqual(5);

    const audit = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'referral.matched' AND entity_id = $1`,
      [String(r.id)],
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('leaves the referral Pending when the send is refused (no such contact)', async () => {
    const r = await create({ use_matching_engine: false });
    const res = await api('PUT', `/api/referrals/${r.id}/match`, coordinator, {
      provider_id: ids.Near,
      communication_method: 'phone',
    });
    expect(expectEnvelope(res, 422)).toMatchObject({
      reason: 'send.contact_missing',
      message: 'Provider phone number not available',
    });
    const after = (await api('GET', `/api/referrals/${r.id}`, coordinator)).json() as Referral;
    expect(after.status).toBe('pending');
  });

  it('refuses a referral that is no longer Pending with a clear message', async () => {
    const r = await create({ use_matching_engine: false });
    await api('PUT', `/api/referrals/${r.id}/match`, coordinator, body());
    const res = await api('PUT', `/api/referrals/${r.id}/match`, coordinator, body());
    expect(expectEnvelope(res, 422).message).toMatch(/no longer waiting for a provider/);
    expect(res.json()).toMatchObject({ reason: 'match.referral_not_pending' });
  });

  it('is not found for another organization, and checks the body and the provider', async () => {
    const r = await create({ use_matching_engine: false });
    expectEnvelope(await api('PUT', `/api/referrals/${r.id}/match`, cbo, body(), harbor), 404);
    const bad = await api('PUT', `/api/referrals/${r.id}/match`, coordinator, { provider_id: ids.Near });
    const env = expectEnvelope(bad, 400) as { fields?: Record<string, string> };
    expect(env.fields?.communication_method).toBe('Choose how to send the referral.');
    const none = await api('PUT', `/api/referrals/${r.id}/match`, coordinator, {
      ...body(),
      provider_id: 99_999_999,
    });
    expectEnvelope(none, 404);
  });
});

describe('POST /match_referral and POST /feedback', () => {
  it('ranks candidates by a 0-1 score with reasons, and feedback changes the acceptance rate', async () => {
    const r = await create({ use_matching_engine: false });
    const rank = async () => {
      const res = await api('POST', '/match_referral', coordinator, { referral_id: r.id });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as MatchReferralResponse).matches;
    };
    const first = await rank();
    // Housing serves no need and Far is beyond 50 miles: neither is a candidate.
    expect(first.map((m) => m.cbo_id)).not.toContain(ids.Housing);
    expect(first.map((m) => m.cbo_id)).not.toContain(ids.Far);
    expect(first[0]!.cbo_id).toBe(ids.Near);
    for (let i = 1; i < first.length; i++)
      expect(first[i - 1]!.score).toBeGreaterThanOrEqual(first[i]!.score);
    for (const m of first) expect(m.score).toBeGreaterThanOrEqual(0);
    const full = first.find((m) => m.cbo_id === ids.Full)!;
    expect(full.reasons.find((x) => x.factor === 'capacity')).toMatchObject({ value: 0 });
    const spanish = first.find((m) => m.cbo_id === ids.Twenty)!;
    expect(spanish.reasons.find((x) => x.factor === 'language')!.detail).toBe('Does not list English');
    const near = first[0]!;
    expect(near.reasons.map((x) => x.factor)).toEqual([
      'distance',
      'services',
      'language',
      'capacity',
      'quality',
      'acceptance',
      'member_confirmed',
    ]);
    const acceptanceBefore = near.reasons.find((x) => x.factor === 'acceptance')!;
    expect(near.feedback).toBeNull();

    const fb = await api('POST', '/feedback', coordinator, {
      referral_id: r.id,
      cbo_id: ids.Near,
      status: 'rejected',
      notes: 'No answer',
    });
    expect(fb.statusCode, fb.body).toBe(200);
    expect(fb.json()).toMatchObject({ success: true });

    const second = await rank();
    const nearAfter = second.find((m) => m.cbo_id === ids.Near)!;
    expect(nearAfter.feedback).toMatchObject({ status: 'rejected', notes: 'No answer' });
    const acceptanceAfter = nearAfter.reasons.find((x) => x.factor === 'acceptance')!;
    expect(acceptanceAfter.value).toBeLessThan(acceptanceBefore.value);
    expect(acceptanceAfter.detail).toMatch(/0 of \d+ past matches accepted/);
    expect(nearAfter.score).toBeLessThan(near.score);
  });

  it('match_referral says when the referral has no location, and hides other organizations', async () => {
    const r = await create({ zip_code: '00000' });
    expectEnvelope(await api('POST', '/match_referral', coordinator, { referral_id: r.id }), 422);
    expectEnvelope(await api('POST', '/match_referral', cbo, { referral_id: r.id }, harbor), 404);
  });

  it('feedback checks its body, the provider and the referral', async () => {
    const r = await create();
    const bad = await api('POST', '/feedback', coordinator, {
      referral_id: r.id,
      cbo_id: ids.Near,
      status: 'meh',
    });
    expectEnvelope(bad, 400);
    const noProvider = await api('POST', '/feedback', coordinator, {
      referral_id: r.id,
      cbo_id: 99_999_999,
      status: 'accepted',
    });
    expectEnvelope(noProvider, 404);
    const otherOrg = await api(
      'POST',
      '/feedback',
      cbo,
      { referral_id: r.id, cbo_id: ids.Near, status: 'accepted' },
      harbor,
    );
    expectEnvelope(otherOrg, 404);
  });
});

describe('GET /api/providers/search', () => {
  it('finds by name, city or ZIP and gives the distance when the point is known', async () => {
    const withPoint = await api(
      'GET',
      `/api/providers/search?q=zmt%20thirty&latitude=${BILLINGS.lat}&longitude=${BILLINGS.lng}`,
      coordinator,
    );
    expect(withPoint.statusCode, withPoint.body).toBe(200);
    const found = withPoint.json() as { providers: { id: number; distance_miles: number | null }[] };
    expect(found.providers.map((p) => p.id)).toEqual([ids.Thirty]);
    expect(found.providers[0]!.distance_miles).toBeCloseTo(30, 0);

    const noPoint = (await api('GET', '/api/providers/search?q=zmt', coordinator)).json() as typeof found;
    expect(noPoint.providers.length).toBe(7);
    expect(noPoint.providers.every((p) => p.distance_miles === null)).toBe(true);
  });
});
