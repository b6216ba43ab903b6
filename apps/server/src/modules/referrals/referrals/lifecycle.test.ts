import {
  type LifecycleActor,
  REFERRAL_STATUSES,
  type Referral,
  type ReferralEvent,
  type ReferralStatus,
  statusChangeStep,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReferral, createReferral } from '../../../../test/factories.ts';
import {
  api,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';

// Issue #14 item 1: the referral state machine through its one public door for a plain status change,
// PUT /api/referrals/{id} {status}: every pair of statuses, for the referrer's organization and for the matched
// provider's, allowed exactly where the lifecycle table says so.

let t: TestApp;
let plan: number;
let harbor: number;
let harborProvider: number;
let coordinator: string;
let cbo: string;
let viewer: string;
let stranger: string;
let lakeside: number;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  lakeside = await orgId(t, 'Lakeside Food Network');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  stranger = await login(t.app, 'staff@trust.demo');
  harborProvider = (
    await one<{ id: number }>(t, 'SELECT id FROM providers WHERE organization_id = $1 ORDER BY id LIMIT 1', [
      harbor,
    ])
  ).id;
});
afterAll(async () => t?.close());

/** A referral of the plan, claimed by Harbor: the plan is its referrer, Harbor its provider. */
async function claimedReferral(): Promise<Referral> {
  const r = await createReferral(t, { token: coordinator, orgId: plan });
  await claimReferral(t, { token: cbo, orgId: harbor }, r.id);
  return r;
}

/** Puts the referral in `status` with Harbor as its matched provider (a state set by SQL, as the table needs). */
async function resetTo(id: number, status: ReferralStatus) {
  await t.database.query(
    `UPDATE referrals SET status = $2, matched_provider_id = $3, acceptance_status = $4,
       expires_at = now() + interval '7 days' WHERE id = $1`,
    [id, status, harborProvider, status === 'matched' ? 'pending' : 'accepted'],
  );
}

const put = (id: number, token: string, org: number, body: Record<string, unknown>) =>
  api(t)('PUT', `/api/referrals/${id}`, token, org, body);

/** What each step needs besides the status, so the table alone decides. */
const EXTRAS = { outcome: 'service_provided', reason: 'Member moved away' };

describe('PUT /api/referrals/{id} {status}: the whole transition table', () => {
  const actors: { actor: LifecycleActor; token: () => string; org: () => number }[] = [
    { actor: 'referrer', token: () => coordinator, org: () => plan },
    { actor: 'provider', token: () => cbo, org: () => harbor },
  ];
  for (const { actor, token, org } of actors) {
    it(`as the ${actor}: each allowed pair changes the status, each other one is refused with 409`, async () => {
      const r = await claimedReferral();
      const outcomes: string[] = [];
      for (const from of REFERRAL_STATUSES) {
        for (const to of REFERRAL_STATUSES) {
          if (from === to) continue;
          await resetTo(r.id, from);
          const res = await put(r.id, token(), org(), { status: to, ...EXTRAS });
          const step = statusChangeStep(from, to, [actor]);
          if (step) {
            expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
            expect((res.json() as Referral).status).toBe(to);
          } else {
            const body = expectEnvelope(res, 409, 'conflict');
            expect(body.message).toContain(`cannot be set to`);
          }
          outcomes.push(`${from}→${to}:${res.statusCode}`);
        }
      }
      expect(outcomes.filter((o) => o.endsWith(':200')).length).toBe(
        REFERRAL_STATUSES.flatMap((from) =>
          REFERRAL_STATUSES.filter((to) => to !== from && statusChangeStep(from, to, [actor])),
        ).length,
      );
    });
  }

  it('names the current status and what it allows when refused', async () => {
    const r = await createReferral(t, { token: coordinator, orgId: plan });
    const body = expectEnvelope(await put(r.id, coordinator, plan, { status: 'completed' }), 409, 'conflict');
    expect(body.message).toBe(
      'This referral is Pending; it cannot be set to Completed. From Pending it can go to: Cancelled.',
    );
    const matched = expectEnvelope(await put(r.id, coordinator, plan, { status: 'matched' }), 409);
    expect(matched.message).toContain('Use Match');
    const row = await one<{ status: string }>(t, 'SELECT status FROM referrals WHERE id = $1', [r.id]);
    expect(row.status).toBe('pending');
  });

  it('a viewer is refused (403) and another organization does not see the referral (404)', async () => {
    const r = await claimedReferral();
    await resetTo(r.id, 'accepted');
    expectEnvelope(await put(r.id, viewer, plan, { status: 'cancelled', reason: 'x' }), 403);
    expectEnvelope(await put(r.id, stranger, lakeside, { status: 'in_progress' }), 404);
    const row = await one<{ status: string }>(t, 'SELECT status FROM referrals WHERE id = $1', [r.id]);
    expect(row.status).toBe('accepted');
  });
});

describe('the provider closes the loop', () => {
  it('marks In Progress, On Hold, then Completed with an outcome and a note, each on the timeline', async () => {
    const r = await claimedReferral();
    await resetTo(r.id, 'accepted');
    expect((await put(r.id, cbo, harbor, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await put(r.id, cbo, harbor, { status: 'on_hold', note: 'Member in hospital' })).statusCode).toBe(
      200,
    );
    const done = await put(r.id, cbo, harbor, {
      status: 'completed',
      outcome: 'service_provided',
      note: 'Enrolled in the pantry program',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      outcome: 'service_provided',
      outcome_note: 'Enrolled in the pantry program',
    });
    expect((done.json() as Referral).completed_at).toBeTruthy();

    const events = (await api(t)('GET', `/api/referrals/${r.id}/events`, coordinator, plan)).json() as {
      events: ReferralEvent[];
    };
    const steps = events.events
      .filter((e) => e.type === 'status_changed')
      .map((e) => [e.from_status, e.to_status, e.details.action]);
    expect(steps).toEqual([
      ['on_hold', 'completed', 'complete'],
      ['in_progress', 'on_hold', 'hold'],
      ['accepted', 'in_progress', 'start'],
    ]);
    expect(events.events.find((e) => e.details.action === 'complete')!.details).toMatchObject({
      outcome: 'service_provided',
      note: 'Enrolled in the pantry program',
    });
    // The member hears of it (issue #14: Completed is a member notice) and will be asked whether they got help.
    expect(events.events[0]).toMatchObject({ type: 'member_notified', details: { status: 'completed' } });
    const followUp = await one<{ n: number }>(
      t,
      'SELECT count(*)::int AS n FROM member_follow_ups WHERE referral_id = $1 AND sent_at IS NULL',
      [r.id],
    );
    expect(followUp.n).toBe(1);
    // The audit row names the outcome, never the provider's words (they may name the member).
    const audit = await one<{ details: Record<string, unknown>; organization_id: number }>(
      t,
      "SELECT details, organization_id FROM audit_log WHERE action = 'referral.status_changed' AND entity_id = $1 ORDER BY id DESC LIMIT 1",
      [String(r.id)],
    );
    expect(audit.details).toMatchObject({ from: 'on_hold', to: 'completed', outcome: 'service_provided' });
    expect(JSON.stringify(audit.details)).not.toContain('pantry');
    expect(audit.organization_id).toBe(harbor);
  });

  it('refuses Completed without an outcome, and Cancelled without a reason (400, nothing changes)', async () => {
    const r = await claimedReferral();
    await resetTo(r.id, 'in_progress');
    const noOutcome = expectEnvelope(await put(r.id, cbo, harbor, { status: 'completed' }), 400);
    expect(noOutcome.message).toBe('Choose how the referral ended (the outcome) to mark it Completed.');
    const noReason = expectEnvelope(await put(r.id, coordinator, plan, { status: 'cancelled' }), 400);
    expect(noReason.message).toBe('Give a reason to cancel the referral.');
    const bad = expectEnvelope(
      await put(r.id, cbo, harbor, { status: 'completed', outcome: 'teleported' }),
      400,
      'validation_failed',
    );
    expect(bad.message).toContain('Outcome must be one of');
    const row = await one<{ status: string }>(t, 'SELECT status FROM referrals WHERE id = $1', [r.id]);
    expect(row.status).toBe('in_progress');
  });

  it('the referrer cancels with a reason; Back to Pending releases a declined referral to the live feed', async () => {
    const r = await claimedReferral();
    const cancelled = await put(r.id, coordinator, plan, { status: 'cancelled', reason: 'Entered twice' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellation_reason: 'Entered twice' });
    // Closed: nothing moves it any more.
    expectEnvelope(await put(r.id, coordinator, plan, { status: 'pending' }), 409);

    const declined = await claimedReferral();
    await resetTo(declined.id, 'rejected');
    const reopened = await put(declined.id, coordinator, plan, { status: 'pending' });
    expect(reopened.json()).toMatchObject({ status: 'pending', matched_provider_id: null });
    // The provider that declined no longer reads it.
    expectEnvelope(await api(t)('GET', `/api/referrals/${declined.id}`, cbo, harbor), 404);
  });

  it('Authorized texts the member', async () => {
    const r = await claimedReferral();
    await resetTo(r.id, 'accepted');
    const before = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM outbound_messages WHERE category = 'referral_status'",
    );
    expect((await put(r.id, coordinator, plan, { status: 'authorized' })).statusCode).toBe(200);
    const after = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM outbound_messages WHERE category = 'referral_status'",
    );
    expect(after.n).toBe(before.n + 1);
  });
});
