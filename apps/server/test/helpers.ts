import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { OrgRole } from '@trust/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import type { OrgContext } from '../src/platform/context.ts';
import { TEST_PASSWORD } from './constants.ts';

export { TEST_PASSWORD };

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A database of this test file's own, copied from the run's migrated, demo-loaded template: PGlite by
 * default, PostgreSQL when DATABASE_URL is set (a database created here and dropped by `drop`).
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  /** The PostgreSQL URL of this database, so a second server instance can share it. */
  url?: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  const pgTemplate = inject('postgresTemplate');
  if (url && pgTemplate) {
    const name = `tm_test_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const ownUrl = withDatabase(url, name);
    const database = await openDatabase({ kind: 'postgres', url: ownUrl, poolMax: 5 });
    return {
      database,
      url: ownUrl,
      drop: async () => {
        await database.close();
        await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  const blob = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: blob });
  return { database, drop: () => database.close() };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  url?: string;
  close: () => Promise<void>;
};

/** The real app on a fresh database (DESIGN.md "Tests boot the real app"). */
export async function buildTestApp(
  options: {
    jobs?: boolean;
    env?: Record<string, string>;
    /** Where the log lines go (with `env.LOG_LEVEL` set): a test reads them back. */
    logStream?: DestinationStream;
    /** The session cache's TTL (ms; 0 turns it off); the app's default if unset. */
    sessionCacheMs?: number;
  } = {},
): Promise<TestApp> {
  const { database, url, drop } = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_PASSWORD: TEST_PASSWORD, ...options.env });
  const app = await buildApp({
    config,
    database,
    jobs: options.jobs ?? false,
    web: false,
    checkResponses: true,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.sessionCacheMs === undefined ? {} : { sessionCacheMs: options.sessionCacheMs }),
  });
  try {
    await app.ready();
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    app,
    database,
    url,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * Forgets the sessions the app holds in its cache (platform/session-cache.ts): for a test that rewrites session
 * or user rows in SQL (ageing last_seen_at, say), which the app is not told about as it is of its own changes.
 */
export function forgetCachedSessions(t: Pick<TestApp, 'app'>) {
  t.app.sessionCache.clear();
}

/** Signs in as a demo user; returns the bearer token. */
export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

export function bearer(token: string, orgId?: number): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...(orgId === undefined ? {} : { 'x-cbo-id': String(orgId) }) };
}

/** The first row of a query on the test's database. */
export async function one<T>(t: TestApp, text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}

/** The id of a demo organization by its name. */
export const orgId = async (t: TestApp, name: string) =>
  (await one<{ id: number }>(t, 'SELECT id FROM organizations WHERE name = $1', [name])).id;

/**
 * A service context of a demo user acting for an organization, for a test that calls a service directly (what
 * a route builds with orgContext). Its role in the organization is `role`; the request came from loopback.
 */
export async function orgContextOf(
  t: TestApp,
  email: string,
  organizationId: number,
  role: OrgRole = 'org_admin',
): Promise<OrgContext> {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no demo user ${email}`);
  const now = new Date();
  return {
    deps: t.app.deps,
    db: t.database.db,
    actor: {
      kind: 'user',
      user,
      sessionId: 0,
      sessionStartedAt: now,
      expiresAt: now,
      lastSeenAt: now,
      memberships: [],
      consentRequired: false,
      org: { id: organizationId, role },
      client: null,
    },
    meta: { ip: '127.0.0.1', userAgent: null, requestId: null },
    log: t.app.log,
  };
}

/** `api(t)(method, url, token, org?, payload?)`: a request as a signed-in user acting for an organization. */
export function api(t: TestApp) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    org?: number,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token, org) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Asserts the error envelope of DESIGN.md and returns it. */
export function expectEnvelope(res: LightMyRequestResponse, status: number, code?: string) {
  const body = res.json() as { code: string; detail: string; message: string; error: string };
  if (res.statusCode !== status || (code && body.code !== code)) {
    throw new Error(`expected ${status}${code ? ` ${code}` : ''}, got ${res.statusCode}: ${res.body}`);
  }
  if (!body.detail || body.detail !== body.message || body.detail !== body.error) {
    throw new Error(`not an error envelope: ${res.body}`);
  }
  if (res.body.includes('    at ')) throw new Error(`stack trace leaked: ${res.body}`);
  return body;
}

/** Reads a Server-Sent Events stream and resolves with the first event that matches. */
export async function openEventStream(baseUrl: string, token?: string, orgId?: number) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: token ? bearer(token, orgId) : {},
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`event stream failed: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: { type: string; data: unknown }[] = [];
  let buffer = '';
  let connected = false;
  /** The server ended the response (or the connection dropped). */
  let ended = false;
  const waiters = new Set<() => void>();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(': connected')) connected = true;
          const data = block
            .split('\n')
            .find((l) => l.startsWith('data: '))
            ?.slice(6);
          if (data) events.push(JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
        for (const w of waiters) w();
      }
    } catch {
      // aborted
    }
    ended = true;
    for (const w of waiters) w();
  })();
  const waitFor = (predicate: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (predicate()) return resolve(true);
      const timer = setTimeout(() => {
        waiters.delete(check);
        resolve(false);
      }, ms);
      const check = () => {
        if (predicate()) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(true);
        }
      };
      waiters.add(check);
    });
  await waitFor(() => connected, 5000);
  return {
    events,
    /** Resolves true when an event of this type arrives within `ms`, false otherwise. */
    waitForType: (type: string, ms = 5000) => waitFor(() => events.some((e) => e.type === type), ms),
    /** Resolves true when `predicate` holds for the events received within `ms`, false otherwise. */
    waitFor: (predicate: () => boolean, ms = 5000) => waitFor(predicate, ms),
    /** Resolves true when the server ends the stream within `ms`, false otherwise. */
    waitForEnd: (ms = 5000) => waitFor(() => ended, ms),
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}

/** Polls `check` until it answers a value (not undefined), or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms = 5000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
