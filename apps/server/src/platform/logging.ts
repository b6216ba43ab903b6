import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * Fields that never reach the logs: secrets (passwords, tokens, codes) and PHI (names, contact details,
 * Medicaid ids, dates of birth), at the top level of a logged object and up to two levels down. `name` and
 * `code` are redacted only inside bodies and users, since errors carry harmless fields of those names.
 */
const SENSITIVE_KEYS = [
  'password',
  'new_password',
  'current_password',
  'confirm_password',
  'token',
  'access_token',
  'device_token',
  'reset_token',
  'invitation_token',
  'secret',
  'client_secret',
  'codes',
  'qr_code',
  'signature_text',
  'body_text',
  'body_html',
  'authorization',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'medicaid_id',
  'date_of_birth',
  'dob',
];

export const REDACT_PATHS = [
  ...SENSITIVE_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  ...['body', 'user', 'data'].flatMap((c) => [`${c}.name`, `${c}.code`, `*.${c}.name`, `*.${c}.code`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-device-token"]',
];

/** A path segment that is a name of the API (`api`, `case-notes`, `openapi.json`) or an id (`12`, `-3`). */
const PLAIN_SEGMENT = /^(?:[a-z][a-z0-9._-]*|-?[0-9]+)$/;

/**
 * Query strings can carry tokens and searches (/register?token=…, ?search=Jane): logs keep the parameter
 * names only. A path keeps its names and ids; any other segment (`/api/referrals/CA123456789`, a token) is
 * redacted, since a path written by the caller may carry anything.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const safePath = path
    .split('/')
    .map((segment) => (segment === '' || PLAIN_SEGMENT.test(segment) ? segment : '[REDACTED]'))
    .join('/');
  if (q < 0) return safePath;
  const names = [...new URLSearchParams(url.slice(q + 1)).keys()].map((n) =>
    PLAIN_SEGMENT.test(n) ? n : '[REDACTED]',
  );
  return `${safePath}?${names.map((n) => `${n}=[REDACTED]`).join('&')}`;
}

/**
 * The URL of a request as the log has it: the route's own pattern with only canonical ids filled in
 * (`/api/referrals/12`; a token or a name in a parameter is redacted), else redactUrl's reading of it.
 */
export function redactRequestUrl(req: {
  url: string;
  routeOptions?: { url?: string };
  params?: unknown;
}): string {
  const pattern = req.routeOptions?.url;
  const params = (req.params ?? {}) as Record<string, unknown>;
  if (!pattern || pattern.includes('*')) return redactUrl(req.url);
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    return typeof value === 'string' && /^-?[0-9]+$/.test(value) ? value : '[REDACTED]';
  });
  const q = req.url.indexOf('?');
  return q < 0 ? path : redactUrl(`${path}${req.url.slice(q)}`);
}

const REDACTED = '[REDACTED]';

/**
 * Words after which PostgreSQL quotes a name of the schema (a table, a column, a constraint…), not a value.
 * Every other quoted text of a message is a value someone sent, and is redacted.
 */
const IDENTIFIER_BEFORE =
  /(?:relation|column|constraint|table|index|type|schema|function|procedure|sequence|encoding|database|role|extension|trigger|view|operator|at or near|parameter|variable|cursor|savepoint|collation|domain|policy)\s*$/i;

/**
 * A message or detail of an error with the values it carries taken out (issue #12 "Nothing sensitive in
 * logs"): the `params:` that Drizzle appends to a failed query, the values of PostgreSQL's
 * `Key (email)=(jane@…)` and `Failing row contains (…)` details, and every quoted value (`invalid input syntax
 * for type integer: "…"`, `value "…" is out of range`). Names of tables, columns and constraints stay, so the
 * line still says what failed.
 */
export function scrubErrorText(text: string): string {
  // Drizzle's "Failed query: <SQL>\nparams: <values>": the SQL (placeholders only) stays, the values go.
  const params = text.search(/\n?params: /);
  if (text.startsWith('Failed query: ')) return params >= 0 ? text.slice(0, params) : text;
  let out = params >= 0 ? text.slice(0, params) : text;
  // Up to the last parenthesis of the line: a value may hold parentheses itself.
  out = out.replace(/\bKey \(([^)\n]*)\)=\(.*\)/gm, `Key ($1)=(${REDACTED})`);
  out = out.replace(/\b(Failing row contains|Array value must start with|Token) .*$/gm, `$1 ${REDACTED}`);
  out = out.replace(/"(?:[^"\\]|\\.|"")*"|'(?:[^'\\]|\\.|'')*'/g, (quoted, offset: number, whole: string) =>
    IDENTIFIER_BEFORE.test(whole.slice(Math.max(0, offset - 30), offset)) ? quoted : `"${REDACTED}"`,
  );
  return out;
}

/** Scalar fields of an error that never carry a value someone sent (PostgreSQL's SQLSTATE and names, Node's codes). */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'errno',
  'syscall',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'validationContext',
] as const;
/** Fields whose text may quote values: kept with the values scrubbed. */
const SCRUBBED_ERROR_FIELDS = ['detail', 'hint', 'where'] as const;
const MAX_CAUSE_DEPTH = 5;

/**
 * The one error serializer of every log line (`err`, `error` and `cause` keys, so every `log.error({ err })`
 * of a request, a job, a delivery, the web-form runner or the SMTP listener goes through it): the type, the
 * scrubbed message and stack, the safe fields, the SQL text of a failed query (never its parameters), and the
 * causes the same way. Everything else an error carries (Drizzle's and PGlite's `params`, a driver's
 * response, a request body) is left out.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (err === null || err === undefined) return err;
  if (typeof err !== 'object') return scrubErrorText(String(err));
  const e = err as Record<string, unknown> & { name?: unknown; message?: unknown; stack?: unknown };
  // A minified class name (PGlite's errors are an `O`) says less than the error's own name.
  const ctor = (e.constructor as { name?: string } | undefined)?.name ?? '';
  const type = ctor.length > 2 ? ctor : String(e.name ?? 'Error');
  const message = typeof e.message === 'string' ? scrubErrorText(e.message) : '';
  const out: Record<string, unknown> = { type, message };
  if (typeof e.stack === 'string') {
    // The stack's head repeats the message; only the frames are kept after the scrubbed one.
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${String(e.name ?? type)}: ${message}`, ...frames].join('\n');
  }
  for (const key of SAFE_ERROR_FIELDS) {
    const value = e[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key] = value;
  }
  for (const key of SCRUBBED_ERROR_FIELDS) {
    if (typeof e[key] === 'string') out[key] = scrubErrorText(e[key] as string);
  }
  // The SQL text of a failed query (Drizzle, PGlite) is kept: its values are placeholders ($1, $2…).
  if (typeof e.query === 'string') out.query = e.query.slice(0, 4000);
  // A zod error: where and why, never the input.
  if (Array.isArray(e.issues)) {
    out.issues = (e.issues as { path?: unknown; code?: unknown; message?: unknown }[])
      .slice(0, 20)
      .map((i) => ({
        path: Array.isArray(i.path) ? i.path.map(String).join('.') : undefined,
        code: i.code,
        message: typeof i.message === 'string' ? scrubErrorText(i.message) : undefined,
      }));
    out.message = `${e.issues.length} validation issue(s)`;
  }
  if (depth < MAX_CAUSE_DEPTH) {
    if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
    if (Array.isArray(e.errors)) out.errors = e.errors.slice(0, 10).map((x) => serializeError(x, depth + 1));
  }
  return out;
}

/**
 * An error fit to be stored or rethrown where its text outlives the request (a failed job's output in the
 * queue's table): the same type name, the scrubbed message and stack, the safe fields.
 */
export function scrubbedError(err: unknown): Error {
  const safe = serializeError(err) as Record<string, unknown>;
  if (typeof safe !== 'object' || safe === null) return new Error(String(safe));
  const out = new Error(String(safe.message ?? ''));
  out.name = String(safe.type ?? 'Error');
  if (typeof safe.stack === 'string') out.stack = safe.stack;
  for (const key of SAFE_ERROR_FIELDS) if (safe[key] !== undefined) Object.assign(out, { [key]: safe[key] });
  return out;
}

/** serializeError as pino's serializer type has it (an error in, an object out). */
const serializeLogError = serializeError as (err: unknown) => {
  type: string;
  message: string;
  stack: string;
};

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(req: {
        method: string;
        url: string;
        id: string;
        routeOptions?: { url?: string };
        params?: unknown;
      }) {
        return { id: req.id, method: req.method, url: redactRequestUrl(req) };
      },
      err: serializeLogError,
      error: serializeLogError,
      cause: serializeLogError,
    },
  };
}
