import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  login,
  openEventStream,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/helpers.ts';
import { startServerProcess } from '../../test/server-process.ts';
import { newReferralBody } from '../db/demo-data/factories.ts';
import { reconnectDelay } from '../db/listener.ts';

// Issue #12 "Events die silently": the LISTEN connection comes back after PostgreSQL drops it, streams are
// told to resync, /health says 503 meanwhile; and streams are bound to sessions across server processes.

const usesPostgres = Boolean(process.env.DATABASE_URL);
const TERMINATE_ALL =
  'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';

type Stream = Awaited<ReturnType<typeof openEventStream>>;
const mentions = (stream: Stream, id: number) =>
  stream.events.some((e) => e.type === 'feed.upsert' && (e.data as { id?: unknown } | null)?.id === id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    let value: T | undefined;
    try {
      value = await read();
      if (done(value)) return value;
    } catch {
      // the database may still be dropping connections
    }
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

/** Creates a referral through the HTTP API; null when the request failed (a connection dropped under it). */
async function createReferral(base: string, token: string, orgId: number): Promise<number | null> {
  try {
    const res = await fetch(`${base}/api/referrals`, {
      method: 'POST',
      headers: { ...bearer(token, orgId), 'content-type': 'application/json' },
      // For manual selection: it stays Pending, so it is a card on every live feed (with the matching engine it
      // would be matched at once and reach no signed-out feed; issue #14).
      body: JSON.stringify(newReferralBody({ use_matching_engine: false })),
    });
    if (res.status !== 201) return null;
    return ((await res.json()) as { id: number }).id;
  } catch {
    return null;
  }
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login as ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('reconnect backoff', () => {
  it('doubles from 250 ms to 5 s, with up to 20 % jitter below', () => {
    expect(reconnectDelay(0, 250, 5000, () => 1)).toBe(250);
    expect(reconnectDelay(2, 250, 5000, () => 1)).toBe(1000);
    expect(reconnectDelay(9, 250, 5000, () => 1)).toBe(5000);
    expect(reconnectDelay(9, 250, 5000, () => 0)).toBe(4000);
  });
});

describe.skipIf(!usesPostgres)(
  'after PostgreSQL drops every connection (needs DATABASE_URL: PGlite listens inside the process and has no connection to lose)',
  () => {
    let t: TestApp;
    let base: string;
    let plan: number;
    beforeAll(async () => {
      t = await buildTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const [row] = await t.database.query<{ id: number }>(
        "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
      );
      plan = row!.id;
    });
    afterAll(async () => t?.close());

    it('/health answers 503 while the listener is down; then streams resync and events flow again', {
      timeout: 60_000,
    }, async () => {
      const creator = await login(t.app, 'coordinator@trust.demo');
      const signedIn = await openEventStream(base, await login(t.app, 'cbo@trust.demo'));
      const anonymous = await openEventStream(base);
      expect((await fetch(`${base}/health`)).status).toBe(200);

      // Hold the reconnection so the down window can be observed.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      t.database.listener.options.beforeReconnect = () => gate;
      try {
        await t.database.query(TERMINATE_ALL);
        const down = await eventually(
          async () => {
            const res = await fetch(`${base}/health`);
            return { status: res.status, body: (await res.json()) as { events: { listening: boolean } } };
          },
          (r) => r.body.events.listening === false,
          5000,
        );
        expect(down.status).toBe(503);
        expect(down.body).toMatchObject({ status: 'degraded', events: { listening: false, reconnects: 0 } });
      } finally {
        t.database.listener.options.beforeReconnect = undefined;
        release();
      }

      const up = await eventually(
        async () => {
          const res = await fetch(`${base}/health`);
          return { status: res.status, body: (await res.json()) as Record<string, unknown> };
        },
        (r) => r.status === 200,
        10_000,
      );
      expect(up.body).toMatchObject({
        status: 'ok',
        events: { listening: true, down_since: null, reconnects: 1 },
      });
      // Events may have been missed while it was down: every open stream is told to refetch, and stays open.
      expect(await signedIn.waitForType('resync')).toBe(true);
      expect(await anonymous.waitForType('resync')).toBe(true);
      expect(signedIn.ended || anonymous.ended).toBe(false);

      // New referrals reach the streams that were open, and new streams.
      const fresh = await openEventStream(base);
      const id = await eventually(
        () => createReferral(base, creator, plan),
        (v) => v !== null,
        10_000,
      );
      for (const stream of [signedIn, anonymous, fresh]) {
        expect(await stream.waitFor(() => mentions(stream, id!), 10_000)).toBe(true);
      }
      for (const stream of [signedIn, anonymous, fresh]) stream.close();
    });
  },
);

describe.skipIf(!usesPostgres)(
  'two server processes on one PostgreSQL (needs DATABASE_URL: PGlite is one process by nature)',
  () => {
    let t: TestApp;
    const dirs: string[] = [];
    const servers: ReturnType<typeof startServerProcess>[] = [];
    let baseA: string;
    let baseB: string;
    let plan: number;

    beforeAll(async () => {
      t = await buildTestApp();
      const [row] = await t.database.query<{ id: number }>(
        "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
      );
      plan = row!.id;
      for (let i = 0; i < 2; i++) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-events-'));
        dirs.push(dir);
        servers.push(
          startServerProcess(dir, {
            DATABASE_URL: t.url!,
            DEMO_DATA: 'off',
            JOBS: 'off',
            SECRET_KEY: 'events-listener-test-key-0123456789abcdef',
          }),
        );
      }
      try {
        const bases = await Promise.all(servers.map((s) => s.listening()));
        baseA = bases[0]!;
        baseB = bases[1]!;
      } catch (err) {
        throw new Error(`a server did not start: ${servers.map((s) => s.output()).join('\n---\n')}`, {
          cause: err,
        });
      }
    }, 180_000);

    afterAll(async () => {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      await t?.close();
    }, 60_000);

    it('logout in one process closes the stream open in the other within 5 s', async () => {
      const token = await signIn(baseA, 'viewer@trust.demo');
      const stream = await openEventStream(baseB, token);
      const out = await fetch(`${baseA}/auth/logout`, { method: 'POST', headers: bearer(token) });
      expect(out.status).toBeLessThan(300);
      expect(await stream.waitForEnd(5000)).toBe(true);
      expect((await fetch(`${baseB}/auth/me`, { headers: bearer(token) })).status).toBe(401);
    });

    it('after pg_terminate_backend on every connection, a new referral reaches open streams within 10 s', {
      timeout: 60_000,
    }, async () => {
      const creator = await signIn(baseA, 'coordinator@trust.demo');
      const signedIn = await openEventStream(baseB, await signIn(baseA, 'cbo@trust.demo'));
      const anonymous = await openEventStream(baseB);

      await t.database.query(TERMINATE_ALL);
      const started = Date.now();
      // Referrals made while B's listener is still reconnecting are lost to it (it sends resync instead);
      // one made within 10 s must arrive.
      const created: number[] = [];
      const arrived = (stream: Stream) => created.some((id) => mentions(stream, id));
      while (Date.now() - started < 10_000 && !(arrived(signedIn) && arrived(anonymous))) {
        const id = await createReferral(baseA, creator, plan);
        if (id !== null) created.push(id);
        await signedIn.waitFor(() => arrived(signedIn) && arrived(anonymous), 1000);
      }
      expect(arrived(signedIn), `created ${created.join(', ')}`).toBe(true);
      expect(arrived(anonymous)).toBe(true);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(signedIn.events.some((e) => e.type === 'resync')).toBe(true);
      expect(anonymous.events.some((e) => e.type === 'resync')).toBe(true);
      for (const base of [baseA, baseB]) {
        const health = await eventually(
          () => fetch(`${base}/health`).then((r) => r.status),
          (s) => s === 200,
          5000,
        );
        expect(health).toBe(200);
      }
      // And a stream opened now works as well.
      const fresh = await openEventStream(baseB);
      const id = await createReferral(baseA, creator, plan);
      expect(id).not.toBeNull();
      expect(await fresh.waitFor(() => mentions(fresh, id!), 5000)).toBe(true);
      for (const stream of [signedIn, anonymous, fresh]) stream.close();
    });
  },
);
