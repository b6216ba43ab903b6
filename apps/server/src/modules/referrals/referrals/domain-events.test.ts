import type { DomainEvent } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReferral, createReferral } from '../../../../test/factories.ts';
import { api, buildTestApp, login, orgContextOf, orgId, type TestApp } from '../../../../test/helpers.ts';
import { inTransaction } from '../../../platform/context.ts';
import { recordReferralEvent } from './history.ts';
import { findReferralRecord } from './lookups.ts';

// Issue #13 item 3: a referral's changes publish their domain events with the transaction that makes them, so a
// subscriber hears of a change once it committed and never of one that rolled back.

let t: TestApp;
let plan: number;
let coordinator: string;
let harbor: number;
let cbo: string;
const heard: DomainEvent[] = [];
let markers = 0;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  harbor = await orgId(t, 'Harbor Community Services');
  cbo = await login(t.app, 'cbo@trust.demo');
  const hear = (event: DomainEvent) => {
    heard.push(event);
  };
  t.app.deps.domainEvents.subscribe({
    'referral.changed': hear,
    'referral.created': hear,
    'referral.status_changed': hear,
    'match.sent': hear,
    'provider.replied': hear,
  });
});
afterAll(async () => t?.close());

/**
 * Resolves once every event committed so far was handled: PostgreSQL delivers notifications in commit order,
 * so when a marker published now has been heard, nothing published before it is still on its way.
 */
async function settled() {
  const marker = --markers;
  // A creation of a referral no row has (a negative id): heard in order with the real ones, about none of them.
  await t.app.deps.domainEvents.publish(t.database.db, 'referral.created', {
    referral_id: marker,
    organization_id: marker,
  });
  const deadline = Date.now() + 5000;
  const isMarker = (e: DomainEvent) => (e.data as { referral_id: number }).referral_id === marker;
  while (!heard.some(isMarker)) {
    if (Date.now() > deadline) throw new Error('the marker event never arrived');
    await new Promise((r) => setTimeout(r, 10));
  }
  await t.app.deps.domainEvents.idle();
}

const about = (id: number) => heard.filter((e) => (e.data as { referral_id: number }).referral_id === id);

describe("a referral's domain events", () => {
  it('a committed creation and status change reach a subscriber, with ids and small facts only', async () => {
    const r = await createReferral(t, { token: coordinator, orgId: plan, first_name: 'Octavia' });
    const res = await api(t)('PUT', `/api/referrals/${r.id}`, coordinator, plan, {
      status: 'cancelled',
      reason: 'Entered twice',
    });
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
          status: 'cancelled',
          change: 'status_changed',
          hidden_from: [],
        },
      ],
      ['referral.status_changed', { ...common, from: 'pending', to: 'cancelled', provider_id: null }],
    ]);
    // Each event is told apart by its id (a subscriber with a side effect does it once per id).
    expect(new Set(about(r.id).map((e) => e.id)).size).toBe(4);
    expect(JSON.stringify(about(r.id))).not.toContain('Octavia');
    expect(JSON.stringify(about(r.id))).not.toContain('Entered twice');
  });

  it('a change whose transaction rolls back publishes nothing', async () => {
    const r = await createReferral(t, { token: coordinator, orgId: plan });
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

  it("a provider's answer is 'provider.replied', from the panel ('web') or by text (its channel)", async () => {
    const r = await createReferral(t, { token: coordinator, orgId: plan });
    const claimed = await claimReferral(t, { token: cbo, orgId: harbor }, r.id);
    const providerId = claimed.matched_provider_id!;
    const res = await api(t)('POST', `/api/referrals/${r.id}/accept`, cbo, harbor, {
      provider_id: providerId,
    });
    expect(res.statusCode, res.body).toBe(200);
    await settled();
    expect(
      about(r.id)
        .filter((e) => e.name === 'provider.replied')
        .map((e) => e.data),
    ).toEqual([
      {
        referral_id: r.id,
        organization_id: plan,
        provider_id: providerId,
        answer: 'accepted',
        channel: 'web',
      },
    ]);

    // A decline by SMS, as the inbound-SMS path records it (no user; the channel in the details).
    const other = await createReferral(t, { token: coordinator, orgId: plan });
    await claimReferral(t, { token: cbo, orgId: harbor }, other.id);
    const ctx = await orgContextOf(t, 'cbo@trust.demo', harbor);
    const referral = (await findReferralRecord(ctx, { id: other.id }))!;
    await recordReferralEvent(ctx, {
      referral,
      type: 'rejected',
      actorUserId: null,
      fromStatus: 'matched',
      toStatus: 'rejected',
      details: { provider_id: providerId, channel: 'sms', reason: 'No capacity' },
    });
    await settled();
    expect(about(other.id).find((e) => e.name === 'provider.replied')?.data).toEqual({
      referral_id: other.id,
      organization_id: plan,
      provider_id: providerId,
      answer: 'declined',
      channel: 'sms',
    });
  });

  it("a send to a provider's recorded history row is 'match.sent', with its method", async () => {
    // The sending module records every send (email, text, fax, web form) through recordReferralEvent:
    // referral-sending/sending.test.ts covers that row; this covers the event the row publishes.
    const r = await createReferral(t, { token: coordinator, orgId: plan });
    const claimed = await claimReferral(t, { token: cbo, orgId: harbor }, r.id);
    const ctx = await orgContextOf(t, 'cbo@trust.demo', harbor);
    const referral = (await findReferralRecord(ctx, { id: r.id }))!;
    const providerId = claimed.matched_provider_id!;
    await recordReferralEvent(ctx, {
      referral,
      type: 'sent_to_provider',
      actorUserId: ctx.actor.user.id,
      details: { provider_id: providerId, method_type: 'email', communication_method_id: 1 },
    });
    // A history row that names a provider but is no send publishes no 'match.sent'.
    await recordReferralEvent(ctx, {
      referral,
      type: 'message_sent',
      actorUserId: ctx.actor.user.id,
      details: { provider_id: providerId, channel: 'email' },
    });
    await settled();
    expect(
      about(r.id)
        .filter((e) => e.name === 'match.sent')
        .map((e) => e.data),
    ).toEqual([{ referral_id: r.id, organization_id: plan, provider_id: providerId, method: 'email' }]);
  });
});
