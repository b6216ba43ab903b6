import type { MatchCandidate, MatchReferralResponse } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, login, type TestApp } from '../../../../test/helpers.ts';

// The ranking's member-confirmed factor (issue #14 item 4): the members' YES and NO answers about the referrals a
// provider completed move it up or down among otherwise equal candidates. Providers placed near Billings, MT
// (ZIP 59101), where no demo provider is, so the candidates are the ones this test put there.
const BILLINGS = { lat: 45.7745, lng: -108.5005 };
const MILE_LAT = 1 / 69.05;

let t: TestApp;
let plan: number;
let riverbend: number;
let coordinator: string;
let first: number;
let second: number;

async function orgId(name: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    name,
  ]);
  return row!.id;
}

/** Two providers alike in everything the ranking looks at: place, services, languages, capacity, quality. */
async function addProvider(name: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO providers (name, organization_type, city, state, zip_code, services, languages, latitude, longitude,
       capacity_status, data_quality_score)
     VALUES ($1, 'Food Bank', 'Billings', 'MT', '59101', $2::text[], $3::text[], $4, $5, 'accepting', 80) RETURNING id`,
    [name, ['Food Assistance'], ['English'], BILLINGS.lat + 2 * MILE_LAT, BILLINGS.lng],
  );
  return row!.id;
}

let seq = 0;
/**
 * A Completed referral of `org` by `providerId` and its follow-up question: answered 'yes' or 'no', or not
 * (null: never answered, or answered too late).
 */
async function followUp(org: number, providerId: number, answer: 'yes' | 'no' | null) {
  seq += 1;
  const [ref] = await t.database.query<{ id: number }>(
    `INSERT INTO referrals (referral_number, organization_id, first_name, last_name, medicaid_id, primary_diagnosis,
                            status, matched_provider_id, matched_at, accepted_at)
     VALUES ($1, $2, 'Rank', 'Member', $3, 'Test', 'completed', $4, now() - interval '10 days',
             now() - interval '9 days') RETURNING id`,
    [`RANK-${seq}-${Date.now()}`, org, `RK${String(seq).padStart(9, '0')}`, providerId],
  );
  await t.database.query(
    `INSERT INTO member_follow_ups (referral_id, organization_id, provider_id, due_at, sent_at, answer, answered_at)
     VALUES ($1, $2, $3, now() - interval '3 days', now() - interval '3 days', $4::text,
             CASE WHEN $4::text IS NULL THEN NULL ELSE now() - interval '2 days' END)`,
    [ref!.id, org, providerId, answer],
  );
}

async function rank(referralId: number): Promise<MatchCandidate[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/match_referral',
    headers: bearer(coordinator, plan),
    payload: { referral_id: referralId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as MatchReferralResponse).matches;
}

const memberReason = (m: MatchCandidate) => m.reasons.find((r) => r.factor === 'member_confirmed')!;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  riverbend = await orgId('Riverbend Family Clinic');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  first = await addProvider('Zmr Alike One');
  second = await addProvider('Zmr Alike Two');
});
afterAll(async () => t?.close());

describe("POST /match_referral: the members' answers", () => {
  it('orders two otherwise equal providers by their member-confirmed answers', async () => {
    const r = await createReferral(t, {
      token: coordinator,
      orgId: plan,
      zip_code: '59101',
      city: 'Billings',
      state: 'MT',
      sdoh_needs: ['Food Assistance'],
    });

    // Before any answer the two tie: same score, the factor at 0.5 with nothing to tell.
    const before = await rank(r.id);
    const alike = before.filter((m) => m.cbo_id === first || m.cbo_id === second);
    expect(alike).toHaveLength(2);
    expect(alike[0]!.score).toBe(alike[1]!.score);
    for (const m of alike) {
      expect(memberReason(m)).toMatchObject({
        label: 'Member-confirmed',
        value: 0.5,
        detail: 'No member answers yet',
      });
    }
    // Whichever the tie put first gets the NOs, so the answers must reorder them.
    const [worse, better] = [alike[0]!.cbo_id, alike[1]!.cbo_id];

    // worse: 1 YES and 2 NO; questions never answered or answered too late (answer null) are not answers.
    await followUp(plan, worse, 'yes');
    await followUp(plan, worse, 'no');
    await followUp(plan, worse, 'no');
    await followUp(plan, worse, null);
    // better: 3 YES, one of them about a referral of another organization (the ranking counts every
    // organization's answers, like the acceptance rate), and one question left unanswered.
    await followUp(plan, better, 'yes');
    await followUp(plan, better, 'yes');
    await followUp(riverbend, better, 'yes');
    await followUp(plan, better, null);

    const after = await rank(r.id);
    const order = after.map((m) => m.cbo_id).filter((id) => id === first || id === second);
    expect(order).toEqual([better, worse]);
    const b = after.find((m) => m.cbo_id === better)!;
    const w = after.find((m) => m.cbo_id === worse)!;
    expect(b.score).toBeGreaterThan(w.score);
    expect(b.rank).toBeLessThan(w.rank);
    // (3 + 1) / (3 + 2) and (1 + 1) / (3 + 2)
    expect(memberReason(b)).toMatchObject({
      value: 0.8,
      weight: 0.075,
      detail: '3 of 3 members confirmed they were helped',
    });
    expect(memberReason(w)).toMatchObject({
      value: 0.4,
      detail: '1 of 3 members confirmed they were helped',
    });
    // Everything else about them is still alike.
    for (const factor of ['distance', 'services', 'language', 'capacity', 'quality', 'acceptance']) {
      expect(b.reasons.find((x) => x.factor === factor)).toEqual(w.reasons.find((x) => x.factor === factor));
    }
  });
});
