import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiClientCreated } from '@trust/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  forgetCachedSessions,
  login,
  one,
  orgId,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/helpers.ts';
import { startServerProcess } from '../../test/server-process.ts';
import type { Database } from '../db/client.ts';
import { announceSessionChange, SESSION_CHANGES_CHANNEL } from './sessions.ts';

// Issue #22 "a session cache per process": authenticated requests within a few seconds of each other make no
// session query, and every change to a session, its user or the user's memberships shows on the next request,
// in this process and in the others.

const usesPostgres = Boolean(process.env.DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let plan: number;
let clinic: number;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  clinic = await orgId(t, 'Riverbend Family Clinic');
});
afterAll(async () => t?.close());

/**
 * Counts the session queries (the prepared find_session) the app's database runs, at the driver: PGlite's
 * query, or the pool's for PostgreSQL.
 */
function countSessionQueries(database: Database) {
  const target = (database.pglite ?? pg.Pool.prototype) as { query: (...args: unknown[]) => unknown };
  const spy = vi.spyOn(target, 'query');
  const isSessionQuery = (arg: unknown) => {
    const text = typeof arg === 'string' ? arg : (arg as { text?: unknown } | null)?.text;
    return typeof text === 'string' && text.includes('"sessions"."token_hash" = $1');
  };
  return {
    count: () => spy.mock.calls.filter((call) => isSessionQuery(call[0])).length,
    restore: () => spy.mockRestore(),
  };
}

const me = (token: string, org?: number) => t.app.inject({ url: '/auth/me', headers: bearer(token, org) });

/** Requests until one is answered from the cache (a sign-in's own announcement may still be on its way). */
async function cached(token: string) {
  const stats = t.app.sessionCache.stats;
  for (const until = Date.now() + 2000; Date.now() < until; await sleep(20)) {
    const hits = stats.hits;
    expect((await me(token)).statusCode).toBe(200);
    if (stats.hits > hits) return;
  }
  throw new Error('the session was never answered from the cache');
}

async function userId(email: string) {
  return (await one<{ id: number }>(t, 'SELECT id FROM users WHERE email = $1', [email])).id;
}

describe('requests within the TTL', () => {
  it('make no session query', async () => {
    const token = await login(t.app, 'viewer@trust.demo');
    await cached(token);
    const queries = countSessionQueries(t.database);
    try {
      for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
      expect(queries.count()).toBe(0);
      // The counter does see the query when there is one to make.
      forgetCachedSessions(t);
      expect((await me(token)).statusCode).toBe(200);
      expect(queries.count()).toBe(1);
    } finally {
      queries.restore();
    }
  });

  it('answer what the database holds once the cache has been cleared (a row rewritten in SQL)', async () => {
    const token = await login(t.app, 'provider@trust.demo');
    await cached(token);
    // Nobody is told of this change (no announcement): the cache answers with what it read.
    await t.database.query("UPDATE users SET name = 'Pat Renamed' WHERE email = 'provider@trust.demo'");
    expect((await me(token)).json().name).not.toBe('Pat Renamed');
    forgetCachedSessions(t);
    expect((await me(token)).json().name).toBe('Pat Renamed');
  });
});

describe('a change shows on the next request', () => {
  it('sign-out: the token is refused at once', async () => {
    const token = await login(t.app, 'viewer@trust.demo');
    await cached(token);
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("deactivation of the user (updated and announced in one transaction), in every one of the user's sessions", async () => {
    const first = await login(t.app, 'cbo@trust.demo');
    const second = await login(t.app, 'cbo@trust.demo');
    await cached(first);
    await cached(second);
    const id = await userId('cbo@trust.demo');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(`UPDATE users SET is_active = false WHERE id = ${id}`);
      await announceSessionChange(tx, { user_ids: [id] });
    });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
  });

  it('removal from an organization, and being added to one', async () => {
    const admin = await login(t.app, 'admin@trust.demo');
    const token = await login(t.app, 'coordinator@trust.demo');
    const coordinator = await userId('coordinator@trust.demo');
    await cached(token);
    expect((await me(token, clinic)).json().active_cbo_id).toBe(clinic);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cbos/${clinic}/users/${coordinator}`,
      headers: bearer(admin, clinic),
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    // No longer a member: the organization asked for is not the one in effect.
    expect((await me(token, clinic)).json().active_cbo_id).toBe(plan);

    const added = await t.app.inject({
      method: 'POST',
      url: `/api/cbos/${clinic}/users`,
      headers: bearer(admin, clinic),
      payload: { user_id: coordinator, role: 'staff' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect((await me(token, clinic)).json().active_cbo_id).toBe(clinic);
  });

  it('the organization chosen for the session', async () => {
    const token = await login(t.app, 'coordinator@trust.demo');
    await cached(token);
    expect((await me(token)).json().active_cbo_id).toBe(plan);
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/cbos/users/me/active-cbo',
      headers: bearer(token),
      payload: { cbo_id: clinic },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await me(token)).json().active_cbo_id).toBe(clinic);
  });

  it('a password change: the session that changed it is checked against the new password next time', async () => {
    const token = await login(t.app, 'staff@trust.demo');
    await cached(token);
    const change = (current: string, next: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { current_password: current, new_password: next, confirm_password: next },
      });
    const next = `${TEST_PASSWORD}-new-1`;
    expect((await change(TEST_PASSWORD, next)).statusCode).toBe(200);
    expect((await change(TEST_PASSWORD, `${TEST_PASSWORD}-new-2`)).statusCode).toBe(400);
    expect((await change(next, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('revocation of an API client: its token is refused at once', async () => {
    const planAdmin = await login(t.app, 'orgadmin@trust.demo');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-clients',
      headers: bearer(planAdmin, plan),
      payload: { name: 'Cache test', scopes: ['fhir/*.read'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json() as ApiClientCreated;
    const issued = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const token = (issued.json() as { access_token: string }).access_token;
    const search = () => t.app.inject({ url: '/fhir/Task', headers: bearer(token) });
    const hits = t.app.sessionCache.stats.hits;
    expect((await search()).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);
    expect(t.app.sessionCache.stats.hits).toBeGreaterThan(hits);

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/api-clients/${client.id}/revoke`,
      headers: bearer(planAdmin, plan),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await search()).statusCode).toBe(401);
  });

  it('an announcement from another server process (a NOTIFY this process did not make)', async () => {
    const token = await login(t.app, 'manager@trust.demo');
    await cached(token);
    const id = await userId('manager@trust.demo');
    await t.database.query("UPDATE users SET name = 'Morgan Moved' WHERE id = $1", [id]);
    await t.database.query('SELECT pg_notify($1, $2)', [
      SESSION_CHANGES_CHANNEL,
      JSON.stringify({ user_ids: [id] }),
    ]);
    let name: unknown;
    for (const until = Date.now() + 2000; Date.now() < until; await sleep(20)) {
      name = (await me(token)).json().name;
      if (name === 'Morgan Moved') break;
    }
    expect(name).toBe('Morgan Moved');
  });
});

describe.skipIf(!usesPostgres)(
  'two server processes on one PostgreSQL (needs DATABASE_URL: PGlite is one process by nature)',
  () => {
    let dir: string;
    let other: ReturnType<typeof startServerProcess>;
    let base: string;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-session-cache-'));
      other = startServerProcess(dir, {
        DATABASE_URL: t.url!,
        DEMO_DATA: 'off',
        JOBS: 'off',
        SECRET_KEY: 'session-cache-test-key-0123456789abcdef',
      });
      try {
        base = await other.listening();
      } catch (err) {
        throw new Error(`the other server did not start: ${other.output()}`, { cause: err });
      }
    }, 120_000);

    afterAll(async () => {
      other?.child.kill('SIGTERM');
      await other?.exited;
      fs.rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('a sign-out in the other process makes this one refuse the token within 2 s', async () => {
      const res = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'viewer@trust.demo', password: TEST_PASSWORD }),
      });
      expect(res.status).toBe(200);
      const token = ((await res.json()) as { access_token: string }).access_token;
      await cached(token);
      const out = await fetch(`${base}/auth/logout`, { method: 'POST', headers: bearer(token) });
      expect(out.status).toBeLessThan(300);
      const started = Date.now();
      let status = 200;
      while (status !== 401 && Date.now() - started < 2000) {
        status = (await me(token)).statusCode;
        if (status !== 401) await sleep(20);
      }
      expect(status).toBe(401);
    });
  },
);
