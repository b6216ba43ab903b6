import type { FeedList, Referral, ReferralCreateInput, ReferralList } from '@trust/domain';
import { REFERRAL_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as apiOf,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';
import { newReferralBody } from '../../../db/demo-data/factories.ts';

// Issue #14 items 5 and 6: the referral keeps the urgency the coordinator chose, and the server checks every
// chosen value against the spec's lists (000 §9) with the field's message.

let t: TestApp;
let call: ReturnType<typeof apiOf>;
let plan: number;
let coordinator: string;

beforeAll(async () => {
  t = await buildTestApp();
  call = apiOf(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
});
afterAll(async () => t?.close());

const referralCount = async () => (await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM referrals')).n;

async function create(body: Partial<ReferralCreateInput> = {}): Promise<Referral> {
  const res = await call('POST', '/api/referrals', coordinator, plan, newReferralBody(body));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Referral;
}

/** The 400 of a create with `patch`, its field messages, and that nothing was stored. */
async function refusedCreate(patch: Partial<ReferralCreateInput>): Promise<Record<string, string>> {
  const before = await referralCount();
  const res = await call('POST', '/api/referrals', coordinator, plan, newReferralBody(patch));
  const body = expectEnvelope(res, 400, 'validation_failed') as unknown as { fields: Record<string, string> };
  expect(await referralCount()).toBe(before);
  return body.fields;
}

/** The edit body of a stored referral: what the form sends back (000 §3.3). */
function editBody(r: Referral, patch: Record<string, unknown> = {}) {
  return {
    ...newReferralBody(),
    first_name: r.first_name,
    last_name: r.last_name,
    medicaid_id: r.medicaid_id,
    ...patch,
  };
}

describe("the server checks every value against the spec's lists (000 §9)", () => {
  it('refuses a need, language, state and transport that are not on the lists, each with its message', async () => {
    expect(
      await refusedCreate({
        sdoh_needs: ['Bogus Need'],
        preferred_language: 'Klingon',
        state: 'ZZ',
        transportation_subcategories: ['Teleport'],
      }),
    ).toEqual({
      sdoh_needs: 'Choose needs from the list: "Bogus Need" is not one of them.',
      preferred_language: 'Choose a language from the list.',
      state: 'Choose a US state from the list.',
      transportation_subcategories:
        'Choose transportation subcategories from the list: "Teleport" is not one of them.',
    });
  });

  it('refuses subcategories without their parent need', async () => {
    expect(
      await refusedCreate({ sdoh_needs: ['Food Assistance'], housing_subcategories: ['Housing navigation'] }),
    ).toEqual({ housing_subcategories: 'Select Housing Assistance to choose housing subcategories.' });
    expect(
      await refusedCreate({
        sdoh_needs: [],
        transportation_subcategories: ['Bus passes / transit vouchers'],
      }),
    ).toEqual({
      transportation_subcategories: 'Select Transportation to choose transportation subcategories.',
    });
  });

  it('refuses a country, health plan, plan type, availability or urgency off the lists', async () => {
    expect(
      await refusedCreate({
        country: 'Atlantis',
        health_plan: 'Acme Insurance',
        plan_type: 'Cash',
        availability: 'Sometimes',
        urgency: 'Whenever' as never,
        urgency_level: 'Soon' as never,
      }),
    ).toEqual({
      country: REFERRAL_MESSAGES.invalidCountry,
      health_plan: REFERRAL_MESSAGES.invalidHealthPlan,
      plan_type: REFERRAL_MESSAGES.invalidPlanType,
      availability: REFERRAL_MESSAGES.invalidAvailability,
      urgency: REFERRAL_MESSAGES.invalidUrgency,
      urgency_level: REFERRAL_MESSAGES.invalidUrgencyLevel,
    });
  });

  it('refuses the same on an edit', async () => {
    const r = await create();
    const res = await call(
      'PUT',
      `/api/referrals/${r.id}`,
      coordinator,
      plan,
      editBody(r, { preferred_language: 'Klingon', sdoh_needs: ['Bogus Need'] }),
    );
    const body = expectEnvelope(res, 400) as unknown as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      preferred_language: 'Choose a language from the list.',
      sdoh_needs: REFERRAL_MESSAGES.invalidNeed('Bogus Need'),
    });
  });

  it("stores a listed value in the list's spelling, and a state's name as its code", async () => {
    const r = await create({
      preferred_language: 'spanish',
      state: 'California',
      country: 'United States',
      health_plan: 'kaiser permanente',
      sdoh_needs: ['housing assistance', 'Housing Assistance'],
      housing_subcategories: ['Transitional housing'],
    });
    expect(r).toMatchObject({
      preferred_language: 'Spanish',
      state: 'CA',
      country: 'USA',
      health_plan: 'Kaiser Permanente',
      sdoh_needs: ['Housing Assistance'],
      housing_subcategories: ['Transitional housing'],
    });
  });

  it('still reads a stored referral whose values are off the lists (older rows)', async () => {
    const r = await create();
    await t.database.query(
      `UPDATE referrals SET preferred_language = 'Klingon', state = 'ZZ', sdoh_needs = '{Bogus Need}',
         transportation_subcategories = '{Teleport}', urgency = 'Soonish' WHERE id = $1`,
      [r.id],
    );
    const res = await call('GET', `/api/referrals/${r.id}`, coordinator, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      preferred_language: 'Klingon',
      state: 'ZZ',
      sdoh_needs: ['Bogus Need'],
      transportation_subcategories: ['Teleport'],
      urgency: 'Soonish',
      urgency_level: 'Routine',
    });
    const list = await call('GET', `/api/referrals?search=${r.medicaid_id}`, coordinator, plan);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as ReferralList).referrals.map((x) => x.id)).toContain(r.id);
  });
});

describe('the referral keeps the urgency the coordinator chose', () => {
  it('stores Within 1 Week and reads it back as Within 1 Week, with the spec value Urgent on the wire', async () => {
    const r = await create({ urgency: 'Within 1 Week' });
    expect(r).toMatchObject({ urgency: 'Within 1 Week', urgency_level: 'Urgent' });
    const stored = await one<{ urgency: string }>(t, 'SELECT urgency FROM referrals WHERE id = $1', [r.id]);
    expect(stored.urgency).toBe('Within 1 Week');
    const read = await call('GET', `/api/referrals/${r.id}`, coordinator, plan);
    expect(read.json()).toMatchObject({ urgency: 'Within 1 Week', urgency_level: 'Urgent' });
  });

  it("takes the spec's server value alone (Urgent is Within 24h) and refuses two that disagree", async () => {
    expect(await create({ urgency_level: 'Urgent' })).toMatchObject({
      urgency: 'Within 24h',
      urgency_level: 'Urgent',
    });
    expect(await create({ urgency_level: 'Emergency' })).toMatchObject({ urgency: 'Immediate' });
    expect(await create()).toMatchObject({ urgency: 'Routine', urgency_level: 'Routine' });
    expect(await create({ urgency: 'Within 1 Week', urgency_level: 'Urgent' })).toMatchObject({
      urgency: 'Within 1 Week',
    });
    expect(await refusedCreate({ urgency: 'Within 1 Week', urgency_level: 'Emergency' })).toEqual({
      urgency_level: 'Urgency level Emergency does not match the urgency Within 1 Week (it is Urgent).',
    });
  });

  it('an edit that sends back the Urgent it read keeps Within 1 Week; a new choice replaces it', async () => {
    const r = await create({ urgency: 'Within 1 Week' });
    const put = (patch: Record<string, unknown>) =>
      call('PUT', `/api/referrals/${r.id}`, coordinator, plan, editBody(r, patch));
    const same = await put({ urgency_level: 'Urgent', city: 'Elsewhere' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({
      urgency: 'Within 1 Week',
      urgency_level: 'Urgent',
      city: 'Elsewhere',
    });
    const changed = await put({ urgency: 'Immediate' });
    expect(changed.json()).toMatchObject({ urgency: 'Immediate', urgency_level: 'Emergency' });
    const events = await t.database.query<{ details: { fields: string[] } }>(
      "SELECT details FROM referral_events WHERE referral_id = $1 AND type = 'updated' ORDER BY id",
      [r.id],
    );
    expect(events.at(-1)!.details.fields).toContain('urgency');
  });

  it('the queue filters by the chosen level; a server value finds every level it stands for', async () => {
    const week = await create({ urgency: 'Within 1 Week', medicaid_id: 'QU100000001' });
    const day = await create({ urgency: 'Within 24h', medicaid_id: 'QU100000002' });
    const ids = async (urgency: string) => {
      const res = await call(
        'GET',
        `/api/referrals?urgency=${encodeURIComponent(urgency)}&search=QU1000000&page_size=50`,
        coordinator,
        plan,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ReferralList).referrals.map((r) => r.id).sort();
    };
    expect(await ids('Within 1 Week')).toEqual([week.id]);
    expect(await ids('Within 24h')).toEqual([day.id]);
    expect(await ids('Urgent')).toEqual([week.id, day.id].sort());
    expect(await ids('Immediate')).toEqual([]);
  });

  it('the live feed, the matching screens and the send templates show the chosen level', async () => {
    const r = await create({
      urgency: 'Within 1 Week',
      use_matching_engine: false,
      medicaid_id: 'QU200000001',
    });
    const feed = await call('GET', '/api/live-feed?page_size=100', coordinator, plan);
    expect(feed.statusCode, feed.body).toBe(200);
    const card = (feed.json() as FeedList).referrals.find((c) => c.id === r.id);
    expect(card).toMatchObject({ urgency: 'Within 1 Week', urgency_level: 'Urgent' });
    const unpublished = await call('GET', '/api/matching/unpublished', coordinator, plan);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const row = (unpublished.json() as { referrals: { id: number }[] }).referrals.find((x) => x.id === r.id);
    expect(row).toMatchObject({ urgency: 'Within 1 Week', urgency_level: 'Urgent' });
  });
});
