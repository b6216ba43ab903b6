import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, openEventStream, TEST_PASSWORD, type TestApp } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

async function listen(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe('GET /api/events (Server-Sent Events over LISTEN/NOTIFY)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await listen(t);
  });
  afterAll(async () => t?.close());

  it('streams public events to anyone and organization events only to its members', async () => {
    const token = await login(t.app, 'coordinator@trust.demo');
    const anonymous = await openEventStream(base);
    const member = await openEventStream(base, token);
    const [plan] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
    );
    const [harbor] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Harbor Community Services'",
    );

    await t.app.deps.events.publish('feed.updated', { kind: 'public' }, { count: 3 });
    await t.app.deps.events.publish('org.note', { kind: 'org', org_id: plan!.id }, { referral_id: 1 });
    await t.app.deps.events.publish('org.other', { kind: 'org', org_id: harbor!.id }, { referral_id: 2 });

    expect(await anonymous.waitForType('feed.updated')).toBe(true);
    expect(await member.waitForType('feed.updated')).toBe(true);
    expect(await member.waitForType('org.note')).toBe(true);
    expect(member.events.find((e) => e.type === 'org.note')).toMatchObject({ data: { referral_id: 1 } });
    // Nothing of another organization, nothing private to the anonymous stream.
    expect(await member.waitForType('org.other', 300)).toBe(false);
    expect(await anonymous.waitForType('org.note', 300)).toBe(false);
    anonymous.close();
    member.close();
  });

  it('sends anonymous events only to signed-out streams and signed_in events only to sessions', async () => {
    const token = await login(t.app, 'cbo@trust.demo');
    const anonymous = await openEventStream(base);
    const member = await openEventStream(base, token);
    await t.app.deps.events.publish('feed.masked', { kind: 'anonymous' }, { id: 1 });
    await t.app.deps.events.publish('feed.full', { kind: 'signed_in' }, { id: 1 });
    expect(await anonymous.waitForType('feed.masked')).toBe(true);
    expect(await member.waitForType('feed.full')).toBe(true);
    expect(await anonymous.waitForType('feed.full', 300)).toBe(false);
    expect(member.events.some((e) => e.type === 'feed.masked')).toBe(false);
    anonymous.close();
    member.close();
  });

  it('sends platform_operators events only to the streams of platform operators, whichever organization they act for', async () => {
    const [pantry] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Lakeside Food Network'",
    );
    // admin@trust.demo holds super_admin memberships; the product role admin (orgadmin@) is no platform power.
    const operator = await openEventStream(base, await login(t.app, 'admin@trust.demo'), pantry!.id);
    const others = [
      await openEventStream(base, await login(t.app, 'orgadmin@trust.demo')),
      await openEventStream(base, await login(t.app, 'coordinator@trust.demo')),
      await openEventStream(base),
    ];
    await t.app.deps.events.publish('operators.only', { kind: 'platform_operators' }, { id: 3 });
    await t.app.deps.events.publish('after', { kind: 'public' }, {});
    expect(await operator.waitForType('operators.only')).toBe(true);
    for (const stream of others) {
      // Events reach a stream in the order published: once the later one is in, the earlier would have been.
      expect(await stream.waitForType('after')).toBe(true);
      expect(stream.events.some((e) => e.type === 'operators.only')).toBe(false);
    }
    for (const stream of [operator, ...others]) stream.close();
  });

  it('a session with unsigned consents hears only what a visitor hears', async () => {
    const token = await login(t.app, 'staff@trust.demo');
    await t.database.query(
      "UPDATE sessions SET consent_required = true WHERE user_id = (SELECT id FROM users WHERE email = 'staff@trust.demo')",
    );
    const pending = await openEventStream(base, token);
    const [pantry] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Lakeside Food Network'",
    );
    await t.app.deps.events.publish('feed.full', { kind: 'signed_in' }, { id: 2 });
    await t.app.deps.events.publish('org.private', { kind: 'org', org_id: pantry!.id }, { id: 2 });
    await t.app.deps.events.publish('feed.masked', { kind: 'anonymous' }, { id: 2 });
    expect(await pending.waitForType('feed.masked')).toBe(true);
    expect(pending.events.some((e) => e.type === 'feed.full' || e.type === 'org.private')).toBe(false);
    pending.close();
  });

  it('sends an event published inside a transaction only when it commits', async () => {
    const stream = await openEventStream(base);
    await t.database.db
      .transaction(async (tx) => {
        await t.app.deps.events.publish('rolled.back', { kind: 'public' }, {}, tx);
        throw new Error('abort');
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => {
      await t.app.deps.events.publish('committed', { kind: 'public' }, {}, tx);
    });
    expect(await stream.waitForType('committed')).toBe(true);
    expect(stream.events.some((e) => e.type === 'rolled.back')).toBe(false);
    stream.close();
  });
});

describe('PHI sent on event streams is audited (issue #12, item 10)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await listen(t);
  });
  afterAll(async () => t?.close());

  type Row = {
    actor_user_id: number | null;
    organization_id: number | null;
    entity_type: string;
    entity_id: string | null;
    details: { ids: number[]; event_type: string; event_id: string };
    at: Date;
  };
  const streamedRows = (eventType: string) =>
    t.database.query<Row>(
      "SELECT actor_user_id, organization_id, entity_type, entity_id, details, at FROM audit_log WHERE action = 'phi.streamed' AND details->>'event_type' = $1 ORDER BY id",
      [eventType],
    );
  async function waitForRows(eventType: string, n: number) {
    for (let i = 0; i < 100; i++) {
      const rows = await streamedRows(eventType);
      if (rows.length >= n) return rows;
      await new Promise((r) => setTimeout(r, 50));
    }
    return streamedRows(eventType);
  }

  it('every signed-in stream that receives a PHI event writes a row naming its ids; an anonymous one none', async () => {
    const [plan] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
    );
    const [coordinator] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'coordinator@trust.demo'",
    );
    const [cboUser] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'cbo@trust.demo'",
    );
    const member = await openEventStream(base, await login(t.app, 'coordinator@trust.demo'), plan!.id);
    const other = await openEventStream(base, await login(t.app, 'cbo@trust.demo'));
    const anonymous = await openEventStream(base);

    // To the plan only: one row, the coordinator's, acting for the plan.
    await t.app.deps.events.publish('test.card', { kind: 'org', org_id: plan!.id }, { id: 91 }, undefined, {
      phi: { entity_type: 'referral', ids: [91] },
    });
    expect(await member.waitForType('test.card')).toBe(true);
    const one = await waitForRows('test.card', 1);
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({
      actor_user_id: coordinator!.id,
      organization_id: plan!.id,
      entity_type: 'referral',
      entity_id: '91',
      details: { ids: [91], event_type: 'test.card' },
    });

    // To everyone: the two signed-in streams write a row each, in one INSERT; the visitor's stream none.
    await t.app.deps.events.publish('test.cards', { kind: 'public' }, { ids: [92, 93] }, undefined, {
      phi: { entity_type: 'referral', ids: [92, 93] },
    });
    expect(await anonymous.waitForType('test.cards')).toBe(true);
    expect(await other.waitForType('test.cards')).toBe(true);
    const rows = await waitForRows('test.cards', 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(await streamedRows('test.cards')).toHaveLength(2);
    expect(rows.map((r) => r.actor_user_id).sort()).toEqual([coordinator!.id, cboUser!.id].sort());
    expect(rows.every((r) => r.actor_user_id !== null && r.entity_id === null)).toBe(true);
    expect(rows.every((r) => JSON.stringify(r.details.ids) === '[92,93]')).toBe(true);
    // One statement: the same transaction time.
    expect(new Date(rows[0]!.at).getTime()).toBe(new Date(rows[1]!.at).getTime());

    // An event without the marker is not a PHI read.
    await t.app.deps.events.publish('test.plain', { kind: 'public' }, {});
    expect(await member.waitForType('test.plain')).toBe(true);
    expect(await streamedRows('test.plain')).toHaveLength(0);
    for (const s of [member, other, anonymous]) s.close();
  });
});

// Two server processes' worth of apps on one PostgreSQL: an event published by one reaches the other's
// clients. PGlite is one process by nature, so this runs where DATABASE_URL names a server (always in CI).
describe.skipIf(!process.env.DATABASE_URL)('events across server instances sharing PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp();
    const database = await openDatabase({ kind: 'postgres', url: first.url!, poolMax: 3 });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DEMO_PASSWORD: TEST_PASSWORD }),
      database,
      web: false,
    });
    await app.ready();
    second = {
      app,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers an event published on instance A to a client of instance B', async () => {
    const baseB = await listen(second);
    const stream = await openEventStream(baseB);
    await first.app.deps.events.publish('cross.instance', { kind: 'public' }, { from: 'A' });
    expect(await stream.waitForType('cross.instance')).toBe(true);
    expect(stream.events.find((e) => e.type === 'cross.instance')?.data).toEqual({ from: 'A' });
    stream.close();
  });
});
