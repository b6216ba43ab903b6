import type { DomainEvent, Referral } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, login, orgContextOf, orgId, type TestApp } from '../../../../test/helpers.ts';
import { referralPayload } from '../../../../test/referral-payload.ts';
import { inTransaction } from '../../../platform/context.ts';
import { recordReferralEvent } from './history.ts';
import { findReferralRecord } from './lookups.ts';

// Issue #13 item 3: a referral's changes publish their domain events with the transaction that makes them, so a
// subscriber hears of a change once it committed and never of one that rolled back.

let t: TestApp;
let plan: number;
let coordinator: string;
const heard: DomainEvent[] = [];
let markers = 0;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  const hear = (event: DomainEvent) => {
    heard.push(event);
  };
  t.app.deps.domainEvents.subscribe({
    'referral.changed': hear,
    'referral.created': hear,
    'referral.status_changed': hear,
    'feed.changed': hear,
  });
});
afterAll(async () => t?.close());

/**
 * Resolves once every event committed so far was handled: PostgreSQL delivers notifications in commit order,
 * so when a marker published now has been heard, nothing published before it is still on its way.
 */
async function settled() {
  const marker = --markers;
  await t.app.deps.domainEvents.publish(t.database.db, 'feed.changed', {
    referral_id: marker,
    organization_id: marker,
  });
  const deadline = Date.now() + 5000;
  const isMarker = (e: DomainEvent) =>
    e.name === 'feed.changed' && (e.data as { referral_id: number }).referral_id === marker;
  while (!heard.some(isMarker)) {
    if (Date.now() > deadline) throw new Error('the marker event never arrived');
    await new Promise((r) => setTimeout(r, 10));
  }
  await t.app.deps.domainEvents.idle();
}

const about = (id: number) =>
  heard.filter((e) => e.name !== 'feed.changed' && (e.data as { referral_id: number }).referral_id === id);

async function createReferral(seq: number): Promise<Referral> {
  const res = await api(t)('POST', '/api/referrals', coordinator, plan, referralPayload(seq));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Referral;
}

describe("a referral's domain events", () => {
  it('a committed creation and status change reach a subscriber, with ids and small facts only', async () => {
    const r = await createReferral(1);
    const res = await api(t)('PUT', `/api/referrals/${r.id}`, coordinator, plan, { status: 'on_hold' });
    expect(res.statusCode, res.body).toBe(200);
    await settled();
    const common = { referral_id: r.id, organization_id: plan };
    expect(about(r.id).map((e) => [e.name, e.data])).toEqual([
      [
        'referral.changed',
        {
          ...common,
          provider_organization_id: null,
          referral_number: r.referral_number,
          status: 'pending',
          change: 'created',
          hidden_from: [],
        },
      ],
      ['referral.created', common],
      [
        'referral.changed',
        {
          ...common,
          provider_organization_id: null,
          referral_number: r.referral_number,
          status: 'on_hold',
          change: 'status_changed',
          hidden_from: [],
        },
      ],
      ['referral.status_changed', { ...common, from: 'pending', to: 'on_hold', provider_id: null }],
    ]);
    // Each event is told apart by its id (a subscriber with a side effect does it once per id).
    expect(new Set(about(r.id).map((e) => e.id)).size).toBe(4);
    expect(JSON.stringify(about(r.id))).not.toContain('Octavia');
  });

  it('a change whose transaction rolls back publishes nothing', async () => {
    const r = await createReferral(2);
    await settled();
    const before = about(r.id).length;
    const ctx = await orgContextOf(t, 'coordinator@trust.demo', plan);
    const referral = (await findReferralRecord(ctx, { id: r.id }))!;
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordReferralEvent(inTransaction(ctx, tx), {
          referral,
          type: 'status_changed',
          actorUserId: ctx.actor.user.id,
          fromStatus: 'pending',
          toStatus: 'on_hold',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await settled();
    expect(about(r.id)).toHaveLength(before);

    // The same change committed is heard.
    await t.database.db.transaction(async (tx) => {
      await recordReferralEvent(inTransaction(ctx, tx), {
        referral,
        type: 'status_changed',
        actorUserId: ctx.actor.user.id,
        fromStatus: 'pending',
        toStatus: 'on_hold',
      });
    });
    await settled();
    expect(
      about(r.id)
        .slice(before)
        .map((e) => e.name),
    ).toEqual(['referral.changed', 'referral.status_changed']);
  });
});
