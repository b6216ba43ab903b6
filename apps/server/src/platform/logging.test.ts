import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  loggerOptions,
  REDACT_PATHS,
  redactRequestUrl,
  redactUrl,
  scrubbedError,
  scrubErrorText,
  serializeError,
} from './logging.ts';

describe('log redaction', () => {
  it('removes secrets and PHI at any usual depth', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, sink);
    log.info({
      password: 'hunter2',
      body: { email: 'a@b.c', name: 'Jane Doe', code: '123456', medicaid_id: 'CA123456789' },
      user: { first_name: 'Jane', last_name: 'Doe', date_of_birth: '1980-01-01' },
      req: { headers: { authorization: 'Bearer abc', 'x-device-token': 'dev' } },
      err: { name: 'TypeError', code: 'E_X' },
    });
    const out = lines.join('');
    for (const secret of [
      'hunter2',
      'a@b.c',
      'Jane',
      'Doe',
      '123456',
      'CA123456789',
      '1980-01-01',
      'Bearer abc',
      'dev"',
    ]) {
      expect(out).not.toContain(secret);
    }
    // Error names and codes stay readable.
    expect(out).toContain('TypeError');
    expect(out).toContain('E_X');
  });

  it('keeps only parameter names of query strings', () => {
    expect(redactUrl('/register?token=abc&x=1')).toBe('/register?token=[REDACTED]&x=[REDACTED]');
    expect(redactUrl('/health')).toBe('/health');
  });
});

describe('errors in the log (issue #12 "PHI in the log")', () => {
  const MARKER = 'ZZPHI-123-45-6789';

  /** What PostgreSQL (pg or PGlite) throws, with the fields it sets. */
  function databaseError(message: string, fields: Record<string, unknown>) {
    return Object.assign(new Error(message), { name: 'error', ...fields });
  }

  it('drops the parameters of a failed query and keeps its SQL', () => {
    const text = `Failed query: insert into "case_notes" ("content") values ($1)\nparams: ${MARKER},Jane`;
    expect(scrubErrorText(text)).toBe('Failed query: insert into "case_notes" ("content") values ($1)');
  });

  it('scrubs the values PostgreSQL quotes, keeping the names of tables, columns and constraints', () => {
    expect(scrubErrorText(`duplicate key value violates unique constraint "users_email_key"`)).toBe(
      'duplicate key value violates unique constraint "users_email_key"',
    );
    expect(scrubErrorText(`Key (email)=(${MARKER}@x.org) already exists.`)).toBe(
      'Key (email)=([REDACTED]) already exists.',
    );
    expect(scrubErrorText(`Key (a, b)=(1, ${MARKER} (x)) is not present in table "referrals".`)).toBe(
      'Key (a, b)=([REDACTED]) is not present in table "referrals".',
    );
    expect(scrubErrorText(`Failing row contains (5, ${MARKER}, null).`)).toBe(
      'Failing row contains [REDACTED]',
    );
    expect(scrubErrorText(`invalid input syntax for type integer: "${MARKER}"`)).toBe(
      'invalid input syntax for type integer: "[REDACTED]"',
    );
    expect(scrubErrorText('value "99999999999" is out of range for type integer')).toBe(
      'value "[REDACTED]" is out of range for type integer',
    );
    expect(
      scrubErrorText(`null value in column "content" of relation "case_notes" violates not-null constraint`),
    ).toBe('null value in column "content" of relation "case_notes" violates not-null constraint');
    expect(scrubErrorText(`refused note '${MARKER}'`)).toBe('refused note "[REDACTED]"');
  });

  it('serializes an error chain with the SQLSTATE, names and SQL, and no value anywhere', () => {
    const cause = databaseError(`duplicate key value violates unique constraint "members_medicaid_key"`, {
      code: '23505',
      severity: 'ERROR',
      detail: `Key (medicaid_id)=(${MARKER}) already exists.`,
      table: 'members',
      constraint: 'members_medicaid_key',
      schema: 'public',
      query: 'insert into "members" ("medicaid_id") values ($1)',
      params: [MARKER],
    });
    const err = Object.assign(
      new Error(`Failed query: insert into "members" ("medicaid_id") values ($1)\nparams: ${MARKER}`),
      { query: 'insert into "members" ("medicaid_id") values ($1)', params: [MARKER], cause },
    );
    const wrapped = new AggregateError([err], 'could not save the member');
    const out = JSON.stringify(serializeError(wrapped));
    expect(out).not.toContain(MARKER);
    expect(out).not.toContain('params');
    for (const kept of [
      '23505',
      'members_medicaid_key',
      '"table":"members"',
      'Key (medicaid_id)=([REDACTED])',
    ]) {
      expect(out).toContain(kept);
    }
    expect(out).toContain('insert into \\"members\\"');
    expect(out).toContain('AggregateError');
  });

  it('keeps a stack trace, its head scrubbed like the message', () => {
    const err = new Error(`value "${MARKER}" is out of range`);
    const out = serializeError(err) as { stack: string };
    expect(out.stack).toMatch(/^Error: value "\[REDACTED\]" is out of range\n\s+at /);
    expect(out.stack).not.toContain(MARKER);
  });

  it('turns a zod error into its paths and messages, never the input', () => {
    const parsed = z.object({ n: z.number() }).safeParse({ n: MARKER });
    const out = JSON.stringify(serializeError(parsed.error));
    expect(out).toContain('"path":"n"');
    expect(out).not.toContain(MARKER);
  });

  it('is what the app logger uses for err, error and cause, at any depth of causes', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions('info') as { redact: unknown; serializers: Record<string, never> };
    const log = pino({ redact: options.redact as never, serializers: options.serializers }, sink);
    const deep = new Error('outer', {
      cause: new Error('middle', {
        cause: Object.assign(new Error(`Failed query: x\nparams: ${MARKER}`), {}),
      }),
    });
    log.error({ err: deep, error: new Error(`'${MARKER}'`), cause: `"${MARKER}"` }, 'failed');
    const out = lines.join('');
    expect(out).not.toContain(MARKER);
    expect(out).toContain('middle');
    expect(scrubbedError(deep).message).toBe('outer');
  });

  it('logs the URL of a request as its route has it, ids only', () => {
    expect(
      redactRequestUrl({
        url: '/api/referrals/12',
        routeOptions: { url: '/api/referrals/:id' },
        params: { id: '12' },
      }),
    ).toBe('/api/referrals/12');
    expect(
      redactRequestUrl({
        url: `/api/referrals/${MARKER}?search=Jane`,
        routeOptions: { url: '/api/referrals/:id' },
        params: { id: MARKER },
      }),
    ).toBe('/api/referrals/[REDACTED]?search=[REDACTED]');
    // No route: names and numbers stay, anything else is redacted.
    expect(redactRequestUrl({ url: `/api/members/${MARKER}/5` })).toBe('/api/members/[REDACTED]/5');
    expect(redactUrl('/api/email/click/0123456789abcdef0123456789ABCDEF')).toBe(
      '/api/email/click/[REDACTED]',
    );
  });
});
