import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login, type TestApp } from '../test/helpers.ts';

// Issue #12 "Bad input and failure": one sweep over every route of the OpenAPI document, so a route added later
// is covered without anyone listing it. Protected routes refuse callers without a live session (401 with the
// envelope); every route answers bad bytes, wrong types, oversized strings and non-canonical ids with a 4xx,
// never a 5xx, and writes nothing.

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
  'x-auth'?: unknown;
};
type Route = { method: string; path: string; op: Operation };
/** One request of a sweep, and the statuses it may answer (any 4xx when not said). */
type Probe = { label: string; request: InjectOptions; expected?: number[] };
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Tables whose rows a refused request may still write: the audit trail, attempt counting and sessions. */
const MAY_CHANGE = new Set(['audit_log', 'attempt_counters', 'login_attempts', 'sessions']);
const ADMIN = 'admin@trust.demo';
const INBOUND_TOKEN = 'sweep-inbound-token-0123456789';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Non-canonical spellings of a real id: each would reach that row if the server coerced it. */
function nonCanonicalIds(real: number): string[] {
  return [
    `0x${real.toString(16)}`,
    `${real}e0`,
    `%20${real}`,
    `0${real}`,
    `${real}.0`,
    '-0',
    '99999999999',
    // Not even valid percent-encoding (a cut sequence, a lone surrogate), and longer than a parameter may be.
    '%E0%A4%A',
    '%ED%A0%80',
    '9'.repeat(120),
  ];
}

/** The table a path or query parameter names, from its own name or the path segment before it. */
const TABLE_BY_NAME: Record<string, string> = {
  referrals: 'referrals',
  referral_id: 'referrals',
  cbos: 'organizations',
  cbo_id: 'organizations',
  providers: 'providers',
  providerId: 'providers',
  provider_id: 'providers',
  organization_id: 'providers',
  'matched-providers': 'providers',
  'saved-providers': 'providers',
  'case-notes': 'case_notes',
  documents: 'referral_documents',
  docId: 'referral_documents',
  users: 'users',
  userId: 'users',
  user_id: 'users',
  invitations: 'invitations',
  invitationId: 'invitations',
  'trusted-devices': 'trusted_devices',
  calls: 'calls',
  voicemails: 'voicemails',
  conversations: 'conversations',
  conversation_id: 'conversations',
  communications: 'communications',
  attachmentId: 'communication_attachments',
  outbox: 'outbound_messages',
  signatures: 'consent_signatures',
  'provider-communication-methods': 'provider_communication_methods',
  'referral-members': 'members',
  members: 'members',
  'custom-fields': 'custom_fields',
  mappings: 'field_mappings',
  imports: 'member_imports',
  memberId: 'members',
  member_id: 'members',
  enrollments: 'enrollments',
  enrollment_id: 'enrollments',
  activities: 'enrollment_activities',
  notes: 'enrollment_notes',
  goals: 'enrollment_goals',
  programs: 'programs',
  program_id: 'programs',
  'billing-activities': 'billing_activities',
};

function resolve(
  doc: { components?: { schemas?: Record<string, Schema> } },
  schema: Schema | undefined,
): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''] ?? {};
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => resolve(doc, part))) as Schema;
  return s;
}

/** The JSON types a schema accepts ('any' when it does not say). */
function acceptedTypes(doc: Parameters<typeof resolve>[0], schema: Schema | undefined): Set<string> {
  const s = resolve(doc, schema);
  const out = new Set<string>();
  const alts = s.anyOf ?? s.oneOf;
  if (alts) for (const alt of alts) for (const t of acceptedTypes(doc, alt)) out.add(t);
  if (s.type) out.add(s.type === 'integer' ? 'number' : s.type);
  if (s.enum) for (const v of s.enum) out.add(v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (s.nullable) out.add('null');
  if (s.properties && !s.type) out.add('object');
  if (out.size === 0) out.add('any');
  return out;
}

/** Strings that satisfy the usual patterns of this API (ZIP codes, phones, languages, states, dates). */
const PATTERN_CANDIDATES = [
  'x',
  'en',
  'CA',
  '12345',
  '90001',
  '5551234567',
  '+15551234567',
  '(555) 123-4567',
  '2026-01-15',
  '2026-01-15T10:00:00.000Z',
  '10:00',
  'abc',
  'ABC123456789',
  'a'.repeat(32),
  '0123456789abcdef0123456789abcdef',
  '1',
];

function sampleString(s: Schema, name: string): string {
  if (s.format === 'email' || /email/.test(name)) return 'sweep@example.com';
  if (s.format === 'date-time') return '2026-01-15T10:00:00.000Z';
  if (s.format === 'date') return '2026-01-15';
  if (s.format === 'uri' || s.format === 'url' || /url$/.test(name)) return 'https://example.com/form';
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  let value = 'x';
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    value = PATTERN_CANDIDATES.find((c) => re.test(c)) ?? 'x';
  }
  if (s.minLength && value.length < s.minLength) value = value.padEnd(s.minLength, 'x');
  return value;
}

type Ids = (table: string) => number;

/** A plausible value for a schema: the default, the first enum value, a real id for id fields. */
function sample(
  doc: Parameters<typeof resolve>[0],
  schema: Schema | undefined,
  name: string,
  ids: Ids,
): Json | undefined {
  const s = resolve(doc, schema);
  if (s.default !== undefined) return s.default as Json;
  if (s.enum) return s.enum.find((v) => v !== null) as Json;
  const alts = s.anyOf ?? s.oneOf;
  if (alts) {
    const alt = alts
      .map((a) => resolve(doc, a))
      .find((a) => a.type !== 'null' && !(a.enum && a.enum[0] === null));
    return alt ? sample(doc, alt, name, ids) : null;
  }
  const table = TABLE_BY_NAME[name];
  switch (s.type) {
    case 'string':
      return table && s.pattern && new RegExp(s.pattern).test('1')
        ? String(ids(table))
        : sampleString(s, name);
    case 'integer':
    case 'number': {
      if (table) return ids(table);
      const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.max(min, typeof s.maximum === 'number' ? Math.min(1, s.maximum) : 1);
    }
    case 'boolean':
      return false;
    case 'array': {
      const item = sample(doc, s.items, name, ids);
      return item === undefined ? [] : [item];
    }
    case 'object':
    case undefined: {
      if (!s.properties) return s.type === 'object' ? {} : undefined;
      const out: Record<string, Json> = {};
      for (const [key, prop] of Object.entries(s.properties)) {
        const value = sample(doc, prop, key, ids);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** Values of another JSON type than the field accepts: a string for a number, an array for a string, … */
function wrongTypes(accepted: Set<string>): Json[] {
  if (accepted.has('any')) return [];
  const candidates: [string, Json][] = [
    ['string', '5'],
    ['number', 5],
    ['array', [5]],
    ['object', { value: 5 }],
  ];
  return candidates.filter(([type]) => !accepted.has(type)).map(([, value]) => value);
}

function multipartBody(parts: { name: string; filename?: string; data: string }[]) {
  const boundary = '----tmsweep0123456789';
  const chunks = parts.map((p) => {
    const filename = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : 'Content-Type: text/plain\r\n';
    return `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\n${type}\r\n${p.data}\r\n`;
  });
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function describeResponse(res: LightMyRequestResponse): string {
  let code = '';
  try {
    code = (res.json() as { code?: string }).code ?? '';
  } catch {
    code = res.body.slice(0, 80);
  }
  return `${res.statusCode} ${code}`;
}

function isEnvelope(res: LightMyRequestResponse): boolean {
  try {
    const body = res.json() as Record<string, unknown>;
    // Issue #21: the FHIR API (/fhir) answers its errors as FHIR OperationOutcomes, each issue with a diagnostic.
    if (body.resourceType === 'OperationOutcome') {
      const issues = body.issue as { code?: unknown; diagnostics?: unknown }[] | undefined;
      return (
        Array.isArray(issues) &&
        issues.length > 0 &&
        issues.every((i) => typeof i.code === 'string' && typeof i.diagnostics === 'string')
      );
    }
    return (
      typeof body.code === 'string' &&
      typeof body.detail === 'string' &&
      body.detail === body.message &&
      body.detail === body.error
    );
  } catch {
    return false;
  }
}

/**
 * The token endpoint of API clients answers RFC 6749 §5.2's `{ error, error_description }`, which OAuth client
 * libraries read, instead of the envelope (issue #21).
 */
function isOAuthError(route: Route, res: LightMyRequestResponse): boolean {
  if (route.path !== '/oauth/token') return false;
  try {
    const body = res.json() as Record<string, unknown>;
    return typeof body.error === 'string' && typeof body.error_description === 'string';
  } catch {
    return false;
  }
}

/**
 * The HSDS API answers its refusals in its own documented error object `{ status, error, message, parameters? }`
 * (HSDS's openapi.json defines none; docs/areas/interop-hsds-api.md), instead of the envelope (issue #21).
 */
function isHsdsError(route: Route, res: LightMyRequestResponse): boolean {
  if (!route.path.startsWith('/hsds')) return false;
  try {
    const body = res.json() as Record<string, unknown>;
    return (
      body.status === res.statusCode && typeof body.error === 'string' && typeof body.message === 'string'
    );
  } catch {
    return false;
  }
}

describe('OpenAPI sweep: every route refuses bad callers and bad input', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, Schema> };
  };
  let routes: Route[];
  let adminHeaders: Record<string, string>;
  let orgId: number;
  const realIds = new Map<string, number>();
  let tables: string[];
  let before: Record<string, string>;
  /** The token of a session that has ended (signed out). */
  let ended: string;

  const ids: Ids = (table) => realIds.get(table) ?? 1;

  /** Row count and checksum of every table that a refused request must leave alone, in one statement. */
  async function snapshot(): Promise<Record<string, string>> {
    const columns = tables.map(
      (name, i) =>
        `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))), '') FROM "${name}" x) AS c${i}`,
    );
    const [row] = await t.database.query<Record<string, string>>(`SELECT ${columns.join(', ')}`);
    return Object.fromEntries(tables.map((name, i) => [name, row?.[`c${i}`] ?? '']));
  }

  function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
    return tables.filter((name) => before[name] !== after[name]);
  }

  /**
   * Every row written since the last call, by table: a trigger on each table notes the writes, so a write is
   * caught per route without comparing every table after each one (the counts and checksums are compared
   * around the whole sweep as well).
   */
  async function writesSinceLast(): Promise<string[]> {
    const rows = await t.database.query<{ table_name: string; n: number }>(
      'SELECT table_name, count(*)::int AS n FROM sweep_writes GROUP BY table_name ORDER BY table_name',
    );
    if (rows.length > 0) await t.database.exec('DELETE FROM sweep_writes');
    return rows.map((r) => `${r.table_name} (${r.n} rows)`);
  }

  beforeAll(async () => {
    // The inbound email webhook gets a token, so the sweep sees its own bearer check refuse.
    t = await buildTestApp({ env: { INBOUND_EMAIL_TOKEN: INBOUND_TOKEN } });
    app = t.app;
    doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    const [first] = await t.database.query<{ id: number; organization_id: number }>(
      'SELECT id, organization_id FROM referrals WHERE organization_id IS NOT NULL ORDER BY id LIMIT 1',
    );
    if (!first) throw new Error('the demo data has no referral');
    orgId = first.organization_id;
    const token = await login(app, ADMIN);
    adminHeaders = bearer(token, orgId);
    ended = await login(app, 'coordinator@trust.demo');
    const out = await app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(ended) });
    if (out.statusCode >= 300) throw new Error(`logout failed: ${out.statusCode}`);
    const found = await t.database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       ORDER BY table_name`,
    );
    tables = found.map((r) => r.table_name).filter((name) => !MAY_CHANGE.has(name));
    await t.database.exec(`
      CREATE TABLE sweep_writes (table_name text NOT NULL);
      CREATE FUNCTION sweep_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO sweep_writes VALUES (TG_TABLE_NAME);
        RETURN NULL;
      END $$;
      ${tables
        .map(
          (name) =>
            `CREATE TRIGGER sweep_note_write AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION sweep_note_write();`,
        )
        .join('\n')}
    `);
    before = await snapshot();
    for (const table of new Set(Object.values(TABLE_BY_NAME))) {
      if (!tables.includes(table)) continue;
      // The organization's first referral, and rows of that referral first where a table has them.
      const where =
        table === 'referrals'
          ? `WHERE organization_id = ${orgId}`
          : table === 'organizations'
            ? `WHERE id = ${orgId}`
            : '';
      const order = ['case_notes', 'referral_documents'].includes(table)
        ? `(referral_id = ${first.id}) DESC, id`
        : 'id';
      const [row] = await t.database.query<{ id: number }>(
        `SELECT id FROM "${table}" ${where} ORDER BY ${order} LIMIT 1`,
      );
      if (row) realIds.set(table, row.id);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The table a path parameter points into: by its name, else by the segment before it. */
  function paramTable(path: string, name: string): string | undefined {
    if (TABLE_BY_NAME[name] && name !== 'id') return TABLE_BY_NAME[name];
    const segments = path.split('/');
    const at = segments.indexOf(`{${name}}`);
    return TABLE_BY_NAME[segments[at - 1] ?? ''];
  }

  function pathParams(route: Route): Parameter[] {
    return (route.op.parameters ?? []).filter((p) => p.in === 'path');
  }

  /** Whether a parameter is a number on the wire (an id, a page, a limit), whatever its spelling today. */
  function isNumeric(param: Parameter): boolean {
    const s = resolve(doc, param.schema);
    if (s.type === 'integer' || s.type === 'number') return true;
    return (
      s.type === 'string' &&
      typeof s.pattern === 'string' &&
      /^\^-?\??\[1-9\]|^\^\(?0\|\[1-9\]/.test(s.pattern)
    );
  }

  /** The route's URL with real ids, one parameter optionally replaced by a raw (already encoded) value. */
  function url(route: Route, override?: { name: string; raw: string }, query = ''): string {
    let out = route.path;
    for (const p of pathParams(route)) {
      const table = paramTable(route.path, p.name);
      const value =
        override?.name === p.name
          ? override.raw
          : encodeURIComponent(String(sample(doc, p.schema, p.name, ids) ?? ids(table ?? '')));
      const real = table ? String(ids(table)) : undefined;
      out = out.replace(`{${p.name}}`, override?.name === p.name ? value : (real ?? value));
    }
    return query ? `${out}?${query}` : out;
  }

  /** The query string of a GET route with every required parameter filled in, one optionally replaced. */
  function queryOf(route: Route, replace?: { name: string; pairs: [string, string][] }): string {
    const pairs: [string, string][] = [];
    for (const p of route.op.parameters ?? []) {
      if (p.in !== 'query') continue;
      if (replace?.name === p.name) {
        pairs.push(...replace.pairs);
        continue;
      }
      if (!p.required) continue;
      const value = sample(doc, p.schema, p.name, ids);
      if (value !== undefined) pairs.push([p.name, Array.isArray(value) ? String(value[0]) : String(value)]);
    }
    return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  }

  function jsonBodySchema(route: Route): Schema | undefined {
    const content = route.op.requestBody?.content;
    return content?.['application/json']?.schema;
  }

  it('finds the routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.op.security).length).toBeGreaterThan(80);
  });

  it('answers 401 with the envelope on every protected route without a live session', {
    timeout: 180_000,
  }, async () => {
    const callers: [string, Record<string, string>][] = [
      ['no Authorization', {}],
      ['a forged token', { authorization: 'Bearer forged-0123456789abcdef0123456789abcdef' }],
      ['the token of an ended session', bearer(ended)],
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes.filter((r) => r.op.security)) {
      for (const [who, headers] of callers) {
        const res = await app.inject({
          method: route.method as InjectOptions['method'],
          url: url(route),
          headers,
        });
        checked += 1;
        if (res.statusCode !== 401 || !isEnvelope(res)) {
          failures.push(`${route.method} ${route.path} with ${who} → ${describeResponse(res)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(240);
    expect(failures).toEqual([]);
  });

  it('refuses unsigned calls to the webhooks with 403: Twilio by its signature, inbound email by its own bearer', async () => {
    const failures: string[] = [];
    const hooks = routes.filter((r) => r.path.startsWith('/api/webhooks/'));
    expect(hooks.length).toBeGreaterThan(3);
    for (const route of hooks) {
      const schema = jsonBodySchema(route);
      const body = schema ? sample(doc, schema, 'body', ids) : undefined;
      const twilio = route.path.startsWith('/api/webhooks/twilio/');
      const res = await app.inject({
        method: route.method as InjectOptions['method'],
        url: url(route),
        ...(twilio
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: new URLSearchParams({
                From: '+15551234567',
                To: '+15557654321',
                CallSid: 'CA1',
                MessageSid: 'SM1',
              }).toString(),
            }
          : { payload: (body ?? {}) as object }),
      });
      if (res.statusCode !== 403 || !isEnvelope(res)) {
        failures.push(`${route.method} ${route.path} unsigned → ${describeResponse(res)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  /** Sends every request, collecting the answers that are not a 4xx (or not `expected`), and any write. */
  async function sweep(route: Route, requests: Probe[], failures: string[]) {
    if (requests.length === 0) return;
    await writesSinceLast();
    for (const { label, request, expected } of requests) {
      const res = await app.inject(request);
      const ok = expected ? expected.includes(res.statusCode) : res.statusCode >= 400 && res.statusCode < 500;
      if (!ok || !(isEnvelope(res) || isOAuthError(route, res) || isHsdsError(route, res)))
        failures.push(`${route.method} ${route.path} [${label}] → ${describeResponse(res)}`);
    }
    const written = await writesSinceLast();
    if (written.length > 0) failures.push(`${route.method} ${route.path} wrote to ${written.join(', ')}`);
    // A refused request must not end the caller's session either; sign in again so the sweep goes on.
    const me = await app.inject({ method: 'GET', url: '/auth/me', headers: adminHeaders });
    if (me.statusCode !== 200) {
      failures.push(`${route.method} ${route.path} ended the session`);
      Object.assign(adminHeaders, bearer(await login(app, ADMIN), orgId));
    }
  }

  /**
   * Who calls a route in the bad-input sweeps: the administrator, or for the inbound email webhook its own
   * bearer token, so that the bad bodies reach its validation (Twilio's webhooks refuse unsigned calls first).
   */
  function callerOf(route: Route): Record<string, string> {
    return route.path.startsWith('/api/webhooks/email/')
      ? { authorization: `Bearer ${INBOUND_TOKEN}` }
      : adminHeaders;
  }

  it('answers every write route with a 4xx and writes nothing, whatever the body', {
    timeout: 180_000,
  }, async () => {
    const bodyLimit = app.deps.config.bodyLimit;
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes.filter((r) => WRITE_METHODS.has(r.method))) {
      const method = route.method as InjectOptions['method'];
      const target = url(route);
      const schema = jsonBodySchema(route);
      const base = schema ? sample(doc, schema, 'body', ids) : undefined;
      const baseObject = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
      const properties = schema ? (resolve(doc, schema).properties ?? {}) : {};
      const firstString =
        Object.entries(properties).find(([, prop]) => acceptedTypes(doc, prop).has('string'))?.[0] ?? 'note';
      const headers = callerOf(route);
      const json = (label: string, payload: string, expected?: number[]) => ({
        label,
        request: {
          method,
          url: target,
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        },
        ...(expected ? { expected } : {}),
      });
      const requests: Probe[] = [
        json('malformed JSON', '{"a": ', [400]),
        json('NUL in a key', JSON.stringify({ ...baseObject, 'x\u0000y': 'x' }), [400]),
        json('a lone surrogate', JSON.stringify({ ...baseObject, note: '\ud800' }), [400]),
        json(
          `${firstString} of 1 MB`,
          JSON.stringify({ ...baseObject, [firstString]: 'a'.repeat(Math.max(1024 * 1024, bodyLimit)) }),
          [400, 413],
        ),
        {
          label: 'NUL in a form-encoded body',
          request: {
            method,
            url: target,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(
              Object.fromEntries([...Object.keys(baseObject), 'Body'].map((k) => [k, 'x\u0000'])),
            ).toString(),
          },
          expected: [400, 403, 415],
        },
        ...[
          { name: 'a NUL in a multipart field', parts: [{ name: 'from_phone', data: 'x\u0000' }] },
          {
            name: 'a NUL in a multipart file name',
            parts: [
              { name: 'referral_id', data: String(ids('referrals')) },
              { name: 'file', filename: 'notes\u0000.txt', data: 'hello' },
            ],
          },
        ].map(({ name, parts }) => {
          const { payload, contentType } = multipartBody(parts);
          return {
            label: name,
            request: {
              method,
              url: target,
              headers: { ...headers, 'content-type': contentType },
              payload,
            },
            expected: [400, 403, 415],
          };
        }),
      ];
      for (const [field, prop] of Object.entries(properties)) {
        const accepted = acceptedTypes(doc, prop);
        for (const wrong of wrongTypes(accepted)) {
          requests.push(
            json(`${field} as ${JSON.stringify(wrong)}`, JSON.stringify({ ...baseObject, [field]: wrong })),
          );
        }
        if (accepted.has('string') || accepted.has('any')) {
          requests.push(
            json(`NUL in ${field}`, JSON.stringify({ ...baseObject, [field]: 'x\u0000y' }), [400]),
          );
        }
        const s = resolve(doc, prop);
        if (s.type === 'array' && acceptedTypes(doc, s.items).has('string')) {
          requests.push(
            json(
              `NUL in an item of ${field}`,
              JSON.stringify({ ...baseObject, [field]: ['x\u0000'] }),
              [400],
            ),
          );
        }
      }
      for (const p of pathParams(route).filter(isNumeric)) {
        const real = ids(paramTable(route.path, p.name) ?? '');
        for (const raw of nonCanonicalIds(real)) {
          requests.push({
            label: `${p.name} = ${raw}`,
            request: {
              method,
              url: url(route, { name: p.name, raw }),
              headers: {
                ...headers,
                ...(base === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(base === undefined ? {} : { payload: JSON.stringify(base) }),
            },
            expected: [400, 401, 403, 414],
          });
        }
      }
      sent += requests.length;
      await sweep(route, requests, failures);
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });

  it('answers every read route with a 400 for NUL bytes, arrays and non-canonical numbers', {
    timeout: 180_000,
  }, async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const requests: Probe[] = [];
      const get = (label: string, target: string) => ({
        label,
        request: { method: 'GET' as const, url: target, headers: adminHeaders },
        expected: [400, 403, 414],
      });
      for (const p of route.op.parameters ?? []) {
        if (p.in === 'query') {
          const s = resolve(doc, p.schema);
          requests.push(
            get(
              `NUL in ${p.name}`,
              url(route, undefined, queryOf(route, { name: p.name, pairs: [[p.name, 'x\u0000']] })),
            ),
          );
          // No lone surrogate here: percent-encoded, one is invalid UTF-8 and the server reads the text as sent.
          if (s.type !== 'array' && isNumeric(p)) {
            requests.push(
              get(
                `${p.name} twice`,
                url(
                  route,
                  undefined,
                  queryOf(route, {
                    name: p.name,
                    pairs: [
                      [p.name, '1'],
                      [p.name, '2'],
                    ],
                  }),
                ),
              ),
            );
            const real = ids(TABLE_BY_NAME[p.name] ?? '');
            for (const raw of nonCanonicalIds(real)) {
              const query = queryOf(route, { name: p.name, pairs: [] });
              const bad = `${encodeURIComponent(p.name)}=${raw}`;
              requests.push(
                get(`${p.name} = ${raw}`, url(route, undefined, query ? `${query}&${bad}` : bad)),
              );
            }
          }
        } else if (p.in === 'path' && isNumeric(p)) {
          const real = ids(paramTable(route.path, p.name) ?? '');
          for (const raw of nonCanonicalIds(real)) {
            requests.push(get(`${p.name} = ${raw}`, url(route, { name: p.name, raw }, queryOf(route))));
          }
        }
      }
      await sweep(route, requests, failures);
    }
    expect(failures).toEqual([]);
  });

  it('leaves the row counts and contents of every table as they were', async () => {
    // Runs last (Vitest keeps the order of a file's tests): the sweeps above sent every refused request.
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});
