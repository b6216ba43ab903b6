import { Writable } from 'node:stream';
import type { ApiClientCreated } from '@trust/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../../test/constants.ts';
import {
  bearer,
  createTestDatabase,
  expectEnvelope,
  forgetCachedSessions,
  login,
} from '../../../../test/helpers.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { assertScope } from '../../../platform/api-scopes.ts';
import { deleteEndedSessions } from '../../../platform/sessions.ts';

// Issue #21 item 4: POST /oauth/token (RFC 6749 §4.4 client credentials) and what a client's token can do. The
// app is built here rather than with buildTestApp, so two small routes for API clients (a read and a write, as
// the FHIR API declares them) can be added before it is ready; and its log lines are kept, to look for secrets.

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let plan: number;
let planAdmin: string;
const logLines: string[] = [];

async function q<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await database.query<T>(text, params);
  return row as T;
}

async function newClient(scopes: string[] = ['fhir/*.read', 'fhir/*.write'], name = 'Token test') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/api-clients',
    headers: bearer(planAdmin, plan),
    payload: { name, scopes },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as ApiClientCreated;
}

function form(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

function basic(id: string, secret: string) {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

async function tokenOf(client: ApiClientCreated, scope?: string): Promise<string> {
  const res = await form({
    grant_type: 'client_credentials',
    client_id: client.client_id,
    client_secret: client.client_secret,
    ...(scope === undefined ? {} : { scope }),
  });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

/** Asserts RFC 6749 §5.2's error answer (and never the app's envelope) and returns it. */
function expectOAuthError(res: LightMyRequestResponse, status: number, error: string) {
  const body = res.json() as Record<string, unknown>;
  if (res.statusCode !== status || body.error !== error) {
    throw new Error(`expected ${status} ${error}, got ${res.statusCode}: ${res.body}`);
  }
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
  expect(typeof body.error_description).toBe('string');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers.pragma).toBe('no-cache');
  return body;
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'debug', DEMO_PASSWORD: TEST_PASSWORD }),
    database,
    jobs: false,
    web: false,
    logStream,
  });
  const probe = { auth: { org: true as const }, apiClients: true as const };
  app.get('/test/fhir-read', { config: probe }, async (request) => {
    assertScope(request, 'fhir/*.read');
    return { client: request.auth?.client ?? null, org: request.auth?.org ?? null };
  });
  app.post('/test/fhir-write', { config: probe }, async (request) => {
    assertScope(request, 'fhir/*.write');
    return { written: true };
  });
  await app.ready();
  plan = (
    await q<{ id: number }>('SELECT id FROM organizations WHERE name = $1', ['Golden Valley Health Plan'])
  ).id;
  planAdmin = await login(app, 'orgadmin@trust.demo');
});

afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('POST /oauth/token', () => {
  it('grants a one-hour token of the whole grant to credentials in a form body, never cached', async () => {
    const client = await newClient();
    const before = Date.now();
    const res = await form({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'fhir/*.read fhir/*.write',
    });
    const session = await q<{
      api_client_id: number;
      scopes: string[];
      expires_at: Date;
      user_id: number;
      consent_required: boolean;
    }>(
      'SELECT api_client_id, scopes, expires_at, user_id, consent_required FROM sessions WHERE api_client_id = $1',
      [client.id],
    );
    const account = await q<{ service_user_id: number }>(
      'SELECT service_user_id FROM api_clients WHERE id = $1',
      [client.id],
    );
    expect(session.user_id).toBe(account.service_user_id);
    expect(session.scopes).toEqual(['fhir/*.read', 'fhir/*.write']);
    expect(session.consent_required).toBe(false);
    const ttl = new Date(session.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThan(3_610_000);
    const audited = await q<{ actor_user_id: number; organization_id: number }>(
      `SELECT actor_user_id, organization_id FROM audit_log WHERE action = 'api_client.token_issued' AND entity_id = $1`,
      [String(client.id)],
    );
    expect(audited).toEqual({ actor_user_id: account.service_user_id, organization_id: plan });
    const used = await q<{ last_used_at: Date | null }>(
      'SELECT last_used_at FROM api_clients WHERE id = $1',
      [client.id],
    );
    expect(used.last_used_at).not.toBeNull();
  });

  it('accepts HTTP Basic credentials and a JSON body', async () => {
    const client = await newClient();
    const viaBasic = await form(
      { grant_type: 'client_credentials' },
      { authorization: basic(client.client_id, client.client_secret) },
    );
    expect(viaBasic.statusCode).toBe(200);
    const viaJson = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(viaJson.statusCode).toBe(200);
    expect(viaJson.json().token_type).toBe('Bearer');
  });

  it('grants a narrower scope when asked, and that token cannot write', async () => {
    const client = await newClient();
    const res = await form({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
      scope: 'fhir/*.read',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().scope).toBe('fhir/*.read');
    const token = res.json().access_token as string;
    const read = await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      client: { id: client.id, scopes: ['fhir/*.read'] },
      org: { id: plan, role: 'staff' },
    });
    const write = await app.inject({ method: 'POST', url: '/test/fhir-write', headers: bearer(token) });
    expect(expectEnvelope(write, 403, 'forbidden')).toMatchObject({ reason: 'api_client.scope_missing' });
  });

  it("refuses a read-only client's write (assertScope), and lets a person's session pass it", async () => {
    const readOnly = await newClient(['fhir/*.read']);
    const token = await tokenOf(readOnly);
    const write = await app.inject({ method: 'POST', url: '/test/fhir-write', headers: bearer(token) });
    expect(expectEnvelope(write, 403, 'forbidden')).toMatchObject({ reason: 'api_client.scope_missing' });
    const person = await app.inject({
      method: 'POST',
      url: '/test/fhir-write',
      headers: bearer(planAdmin, plan),
    });
    expect(person.statusCode).toBe(200);
    const writer = await tokenOf(await newClient(['fhir/*.write']));
    expect(
      (await app.inject({ method: 'POST', url: '/test/fhir-write', headers: bearer(writer) })).statusCode,
    ).toBe(200);
    const read = await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(writer) });
    expect(expectEnvelope(read, 403)).toMatchObject({ reason: 'api_client.scope_missing' });
  });

  it.each([
    ['no grant_type', { client_id: 'tmc_x', client_secret: 'y' }, 'invalid_request'],
    [
      'the password grant',
      { grant_type: 'password', username: 'a', password: 'b' },
      'unsupported_grant_type',
    ],
    [
      'the authorization code grant',
      { grant_type: 'authorization_code', code: 'c' },
      'unsupported_grant_type',
    ],
    ['no credentials', { grant_type: 'client_credentials' }, 'invalid_request'],
    [
      'a client id without a secret',
      { grant_type: 'client_credentials', client_id: 'tmc_x' },
      'invalid_request',
    ],
  ])('answers %s with 400 %s', async (_label, fields, error) => {
    expectOAuthError(await form(fields as Record<string, string>), 400, error);
  });

  it('refuses malformed bodies with invalid_request in the OAuth shape, not the envelope', async () => {
    const bad = [
      { headers: { 'content-type': 'application/json' }, payload: '{"grant_type": ' },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ grant_type: 5 }) },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(['client_credentials']) },
      { headers: { 'content-type': 'text/plain' }, payload: 'grant_type=client_credentials' },
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials&client_id=a%00b&client_secret=c',
      },
    ];
    for (const request of bad) {
      expectOAuthError(
        await app.inject({ method: 'POST', url: '/oauth/token', ...request }),
        400,
        'invalid_request',
      );
    }
  });

  it('refuses credentials sent both ways with invalid_request', async () => {
    const client = await newClient();
    const res = await form(
      { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
      { authorization: basic(client.client_id, client.client_secret) },
    );
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('answers a wrong secret or an unknown client with 401 invalid_client, WWW-Authenticate only after Basic', async () => {
    const client = await newClient();
    const inBody = await form({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: 'nope',
    });
    expectOAuthError(inBody, 401, 'invalid_client');
    expect(inBody.headers['www-authenticate']).toBeUndefined();
    const viaBasic = await form(
      { grant_type: 'client_credentials' },
      { authorization: basic(client.client_id, 'nope') },
    );
    expectOAuthError(viaBasic, 401, 'invalid_client');
    expect(viaBasic.headers['www-authenticate']).toMatch(/^Basic /);
    const unknown = await form({
      grant_type: 'client_credentials',
      client_id: 'tmc_unknown',
      client_secret: 'x',
    });
    expectOAuthError(unknown, 401, 'invalid_client');
    const audited = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'api_client.token_refused' AND entity_id = $1`,
      [String(client.id)],
    );
    expect(audited.n).toBe(2);
    const sessions = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE api_client_id = $1',
      [client.id],
    );
    expect(sessions.n).toBe(0);
  });

  it('answers a scope beyond the grant, or unknown, with 400 invalid_scope', async () => {
    const client = await newClient(['fhir/*.read']);
    for (const scope of ['fhir/*.write', 'fhir/*.read fhir/*.write', 'patient/*.read', 'FHIR/*.READ']) {
      const res = await form({
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret: client.client_secret,
        scope,
      });
      expectOAuthError(res, 400, 'invalid_scope');
    }
    const sessions = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE api_client_id = $1',
      [client.id],
    );
    expect(sessions.n).toBe(0);
  });

  it('limits failed attempts per client id and address, atomically, with Retry-After', async () => {
    const client = await newClient();
    const wrong = () =>
      form({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: 'guess' });
    // Parallel guesses: the limit (10 per client id and address) counts each exactly once.
    const answers = await Promise.all(Array.from({ length: 14 }, wrong));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expectOAuthError(refused, 429, 'slow_down');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Past the limit even the right secret waits: nothing is checked.
    const right = await form({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
    expectOAuthError(right, 429, 'slow_down');
    // Another client from the same address is not held up by it.
    expect((await tokenOf(await newClient())).length).toBeGreaterThan(20);
  });

  it('keeps client secrets out of the logs', async () => {
    const client = await newClient();
    await tokenOf(client);
    await form(
      { grant_type: 'client_credentials' },
      { authorization: basic(client.client_id, client.client_secret) },
    );
    await form({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: `${client.client_secret}x`,
    });
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(client.client_secret);
  });
});

describe("a client's token", () => {
  it('calls only routes built for API clients (403 api_client.route_not_allowed on the others), and open routes as anyone', async () => {
    const token = await tokenOf(await newClient());
    for (const url of ['/api/referrals', '/auth/me', '/api/api-clients']) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(expectEnvelope(res, 403, 'forbidden')).toMatchObject({ reason: 'api_client.route_not_allowed' });
    }
    const res = await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    // An open route answers the client as it answers anyone: as nobody in particular.
    const open = await app.inject({ method: 'GET', url: '/hsds/', headers: bearer(token) });
    expect(open.statusCode).toBe(200);
  });

  it('is refused (401) once its client is revoked, and the client gets no new token', async () => {
    const client = await newClient();
    const token = await tokenOf(client);
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/api-clients/${client.id}/revoke`,
      headers: bearer(planAdmin, plan),
    });
    expect(revoke.statusCode).toBe(200);
    expectEnvelope(await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) }), 401);
    expectOAuthError(
      await form({
        grant_type: 'client_credentials',
        client_id: client.client_id,
        client_secret: client.client_secret,
      }),
      401,
      'invalid_client',
    );
  });

  it("is refused once its client's revoked_at is set, even while its session row remains", async () => {
    const client = await newClient();
    const token = await tokenOf(client);
    await database.query('UPDATE api_clients SET revoked_at = now() WHERE id = $1', [client.id]);
    expectEnvelope(await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) }), 401);
  });

  it('has no idle timeout and no consent hold, only its one-hour expiry', async () => {
    const client = await newClient();
    const token = await tokenOf(client);
    await database.query(
      `UPDATE sessions SET last_seen_at = now() - interval '3 hours', consent_required = true WHERE api_client_id = $1`,
      [client.id],
    );
    expect(
      (await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) })).statusCode,
    ).toBe(200);
    // The cleanup job does not take it for an idle session either.
    await deleteEndedSessions(database.db);
    const read = await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    await database.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE api_client_id = $1`,
      [client.id],
    );
    // The app's session cache still holds the row as it was read (issue #22).
    forgetCachedSessions({ app });
    expectEnvelope(await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) }), 401);
  });

  it('records when its client was last used, at most once a minute', async () => {
    const client = await newClient();
    const token = await tokenOf(client);
    const old = new Date(Date.now() - 5 * 60_000);
    await database.query('UPDATE api_clients SET last_used_at = $1 WHERE id = $2', [old, client.id]);
    await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) });
    const first = (
      await q<{ last_used_at: Date }>('SELECT last_used_at FROM api_clients WHERE id = $1', [client.id])
    ).last_used_at;
    expect(new Date(first).getTime()).toBeGreaterThan(old.getTime() + 60_000);
    await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token) });
    const second = (
      await q<{ last_used_at: Date }>('SELECT last_used_at FROM api_clients WHERE id = $1', [client.id])
    ).last_used_at;
    expect(new Date(second).getTime()).toBe(new Date(first).getTime());
  });

  it('acts for its own organization only', async () => {
    const token = await tokenOf(await newClient());
    const harbor = (
      await q<{ id: number }>('SELECT id FROM organizations WHERE name = $1', ['Harbor Community Services'])
    ).id;
    expectEnvelope(
      await app.inject({ method: 'GET', url: '/test/fhir-read', headers: bearer(token, harbor) }),
      403,
    );
  });
});
