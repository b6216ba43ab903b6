import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../test/helpers.ts';

// Issue #12 "PHI in the log": a failing query was logged with its parameters (`DrizzleQueryError … params:`),
// so case note text, searches and member lookups landed in the server log. Here the real app logs at `trace`
// into memory while requests carrying PHI-looking markers fail in every way a request can, a real database
// error among them; no marker may appear in the log, while what an operator needs (the request id, the
// SQLSTATE, the table and column) does.

const SSN = 'ZZPHI-123-45-6789';
const NAME = 'Zelda Markerstone';
const MEDICAID = 'ZZMCD987654321';
const EMAIL = 'zelda.markerstone@phi.example';
const PASSWORD = 'ZZPW-hunter2-marker';
/** Every marker, as written and as a URL would carry it. */
const MARKERS = [SSN, NAME, MEDICAID, EMAIL, PASSWORD].flatMap((m) => [m, encodeURIComponent(m)]);

describe('the log holds no PHI of failing requests', () => {
  let t: TestApp;
  const lines: string[] = [];
  let headers: Record<string, string>;
  let referralId: number;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream });
    const [referral] = await t.database.query<{ id: number; organization_id: number }>(
      'SELECT id, organization_id FROM referrals WHERE organization_id IS NOT NULL ORDER BY id LIMIT 1',
    );
    if (!referral) throw new Error('no referral in the demo data');
    referralId = referral.id;
    headers = bearer(await login(t.app, 'admin@trust.demo'), referral.organization_id);
    // A real database error whose message, detail and parameters all carry what the request sent.
    await t.database.exec(`
      CREATE FUNCTION refuse_case_note() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'refused note "%"', NEW.content
          USING ERRCODE = 'P0001',
                DETAIL = format('Key (content)=(%s) is refused.', NEW.content),
                TABLE = 'case_notes',
                COLUMN = 'content';
      END $$;
      CREATE TRIGGER refuse_case_note BEFORE INSERT ON case_notes
        FOR EACH ROW EXECUTE FUNCTION refuse_case_note();
    `);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('logs a failed query with its request id, SQLSTATE, table and column, and none of its values', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/case-notes',
      headers,
      payload: { referral_id: referralId, content: `${NAME} ${SSN} ${MEDICAID}` },
    });
    const body = expectEnvelope(res, 500, 'internal');
    expect(JSON.stringify(body)).not.toContain(SSN);
    const requestId = String(res.headers['x-request-id']);

    const failed = lines.map((l) => JSON.parse(l)).find((l) => l.reqId === requestId && l.level >= 50);
    expect(failed, 'the 500 is logged with its request id').toBeDefined();
    const logged = JSON.stringify(failed);
    expect(logged).toContain('P0001');
    expect(logged).toContain('case_notes');
    expect(logged).toContain('"column":"content"');
    // The SQL text stays (its values are placeholders); the parameters do not.
    expect(failed.err.query).toMatch(/insert into "case_notes"/i);
    expect(logged).not.toContain('params');
    for (const marker of MARKERS) expect(logged).not.toContain(marker);
  });

  it('keeps markers sent in bodies, query strings and paths out of every line', async () => {
    const requests = [
      // Sign-in and reset flows: the password and the address.
      { method: 'POST', url: '/auth/login', payload: { email: EMAIL, password: PASSWORD } },
      { method: 'POST', url: '/api/auth/forgot-password', payload: { email: EMAIL } },
      // Bad bytes and wrong types next to a marker.
      { method: 'POST', url: '/auth/login', payload: { email: `${EMAIL}\u0000`, password: PASSWORD } },
      {
        method: 'POST',
        url: '/api/case-notes',
        headers,
        payload: { referral_id: String(referralId), content: SSN },
      },
      // A member lookup and a search: PHI in a body and in a query string.
      { method: 'POST', url: '/api/referrals/member-lookup', headers, payload: { medicaid_id: MEDICAID } },
      { method: 'GET', url: `/api/referrals?search=${encodeURIComponent(NAME)}`, headers },
      { method: 'GET', url: `/api/referrals?search=${encodeURIComponent(SSN)}&page=0x1`, headers },
      // PHI where an id belongs, and on no route at all.
      { method: 'GET', url: `/api/referrals/${encodeURIComponent(MEDICAID)}`, headers },
      { method: 'DELETE', url: `/api/case-notes/${encodeURIComponent(SSN)}`, headers },
      {
        method: 'GET',
        url: `/api/members/${encodeURIComponent(NAME)}/${encodeURIComponent(EMAIL)}`,
        headers,
      },
      // Malformed JSON carrying a marker.
      {
        method: 'POST',
        url: '/api/case-notes',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: `{"content": "${SSN}", `,
      },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request as InjectOptions);
      expect(res.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
    }
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(requests.length);
    for (const marker of MARKERS) expect(log, marker).not.toContain(marker);
    // The lines still say which route was asked for, with the ids that are ids.
    expect(log).toContain('/api/referrals/[REDACTED]');
    expect(log).toContain('"url":"/api/referrals?search=[REDACTED]');
  });
});
