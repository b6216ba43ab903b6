import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../test/helpers.ts';
import { multipart } from '../../test/multipart.ts';
import { BAD_TEXT_MESSAGE, findBadText } from './strict-input.ts';

// Issue #12 "500s on bad bytes and loose ids": a NUL byte in any string (login, 2FA, case notes, searches)
// answered 500; /api/referrals/0x5, /5e0 and /%205 returned referral 5; DELETE /api/case-notes/0x10 deleted
// note 16; an array was accepted where a number belongs. Each finding, as a caller would meet it.

describe('strict input at the edge', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let referralId: number;
  let noteId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const [referral] = await t.database.query<{ id: number; organization_id: number }>(
      'SELECT id, organization_id FROM referrals WHERE organization_id IS NOT NULL ORDER BY id LIMIT 1',
    );
    if (!referral) throw new Error('no referral in the demo data');
    referralId = referral.id;
    headers = bearer(await login(t.app, 'admin@trust.demo'), referral.organization_id);
    const note = await t.app.inject({
      method: 'POST',
      url: '/api/case-notes',
      headers,
      payload: { referral_id: referralId, content: 'A note to delete by a loose id.' },
    });
    expect(note.statusCode).toBe(201);
    noteId = note.json().id;
  });

  afterAll(async () => {
    await t?.close();
  });

  async function bad(res: Awaited<ReturnType<TestApp['app']['inject']>>, field?: string) {
    const body = expectEnvelope(res, 400, 'validation_failed') as {
      message: string;
      fields?: Record<string, string>;
    };
    expect(body.message).toBe(BAD_TEXT_MESSAGE);
    if (field) expect(body.fields?.[field]).toBe(BAD_TEXT_MESSAGE);
  }

  it('answers a NUL or a lone surrogate in a JSON body with 400, keys included', async () => {
    await bad(
      await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'a\u0000@b.c', password: 'x' },
      }),
      'email',
    );
    await bad(
      await t.app.inject({
        method: 'POST',
        url: '/auth/login/verify-2fa',
        payload: { email: 'secure@trust.demo', code: '12\u00003456' },
      }),
      'code',
    );
    await bad(
      await t.app.inject({
        method: 'POST',
        url: '/api/case-notes',
        headers,
        payload: { referral_id: referralId, content: 'broken \ud800 text' },
      }),
      'content',
    );
    await bad(
      await t.app.inject({
        method: 'POST',
        url: '/api/case-notes',
        headers,
        payload: { referral_id: referralId, content: 'x', 'bad\u0000key': 1 },
      }),
    );
    // Deep inside a body, and as a whole body of text.
    await bad(
      await t.app.inject({
        method: 'POST',
        url: '/api/referrals',
        headers,
        payload: { a: [{ b: { c: ['ok', 'no\u0000'] } }] },
      }),
      'a.0.b.c.1',
    );
  });

  it('answers a NUL in a query string or a path with 400', async () => {
    await bad(await t.app.inject({ method: 'GET', url: '/api/referrals?search=jane%00', headers }), 'search');
    await bad(
      await t.app.inject({ method: 'GET', url: '/directory/search/by-zip?zip_code=90001&q=%00' }),
      'q',
    );
    await bad(await t.app.inject({ method: 'GET', url: '/api/referrals?bad%00key=1', headers }));
    await bad(await t.app.inject({ method: 'GET', url: '/api/email/click/%00?u=x&s=y' }), 'token');
  });

  it("answers a NUL in Twilio's form-encoded webhooks with 400", async () => {
    await bad(
      await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/twilio/sms',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'From=%2B15551234567&Body=hello%00',
      }),
      'Body',
    );
  });

  it('answers a NUL in a multipart field or file name with 400 and stores nothing', async () => {
    const [{ n: before }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referral_documents',
    )) as [{ n: number }];
    const upload = multipart([
      { name: 'referral_id', data: String(referralId) },
      { name: 'file', filename: 'notes\u0000.txt', type: 'text/plain', data: 'hello' },
    ]);
    await bad(
      await t.app.inject({
        method: 'POST',
        url: `/api/referrals/${referralId}/documents`,
        headers: { ...headers, 'content-type': upload.contentType },
        payload: upload.payload,
      }),
    );
    const field = multipart([
      { name: 'uploaded_by', data: 'Jane\u0000' },
      { name: 'file', filename: 'notes.txt', type: 'text/plain', data: 'hello' },
    ]);
    await bad(
      await t.app.inject({
        method: 'POST',
        url: `/api/referrals/${referralId}/documents`,
        headers: { ...headers, 'content-type': field.contentType },
        payload: field.payload,
      }),
      'uploaded_by',
    );
    const [{ n: after }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referral_documents',
    )) as [{ n: number }];
    expect(after).toBe(before);
    // File contents are bytes, not text: a NUL in them is no reason to refuse.
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
    const binary = multipart([{ name: 'file', filename: 'ok.png', type: 'image/png', data: png }]);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${referralId}/documents`,
      headers: { ...headers, 'content-type': binary.contentType },
      payload: binary.payload,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a multipart body where a route does not read one (415)', async () => {
    const form = multipart([{ name: 'content', data: 'x' }]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/referrals/${referralId}/documents/1`,
      headers: { ...headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expectEnvelope(res, 415, 'unsupported_media_type');
  });

  it('reads ids in paths only as canonical decimals: 0x5, 5e0, %205, 05, 5.0 are 400, not referral 5', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/referrals/${referralId}`, headers });
    expect(ok.statusCode).toBe(200);
    for (const raw of [
      `0x${referralId.toString(16)}`,
      `${referralId}e0`,
      `%20${referralId}`,
      `0${referralId}`,
      `${referralId}.0`,
      `+${referralId}`,
      '-0',
      '0',
      '99999999999',
      '2147483648',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/referrals/${raw}`, headers });
      expect(res.statusCode, raw).toBe(400);
      expectEnvelope(res, 400, 'validation_failed');
    }
  });

  it('answers a path that is not valid percent-encoding, or too long, with the envelope', async () => {
    for (const raw of ['%E0%A4%A', '%ED%A0%80', '%']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/referrals/${raw}`, headers });
      expect(expectEnvelope(res, 400, 'bad_request').message).not.toContain(raw);
    }
    expectEnvelope(
      await t.app.inject({ method: 'GET', url: `/api/referrals/${'9'.repeat(120)}`, headers }),
      414,
    );
  });

  it('deletes nothing through a loose id: DELETE /api/case-notes/0x… is 400 and the note stays', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/case-notes/0x${noteId.toString(16)}`,
      headers,
    });
    expectEnvelope(res, 400, 'validation_failed');
    const [row] = await t.database.query('SELECT id FROM case_notes WHERE id = $1', [noteId]);
    expect(row).toBeDefined();
  });

  it('takes numbers of the exact type: no array, no string, no repeated query parameter', async () => {
    for (const referral_id of [[referralId], String(referralId), { id: referralId }, referralId + 0.5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/case-notes',
        headers,
        payload: { referral_id, content: 'typed wrong' },
      });
      expect(res.statusCode, JSON.stringify(referral_id)).toBe(400);
    }
    for (const query of ['page=1&page=2', 'page=0x1', 'page=01', 'page_size=1e1', 'page=', 'page=-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/referrals?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
    }
    const fine = await t.app.inject({ method: 'GET', url: '/api/referrals?page=1&page_size=10', headers });
    expect(fine.statusCode).toBe(200);
    const [{ n }] = (await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM case_notes WHERE content = 'typed wrong'",
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('keeps negative ids where they name a directory fallback (422), and nowhere else', async () => {
    const put = (raw: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/provider-communication-methods/${raw}`,
        headers,
        payload: { verified: true },
      });
    expectEnvelope(await put('-2'), 422, 'rule_broken');
    for (const raw of ['-0', '0', '-02', '-0x2']) expectEnvelope(await put(raw), 400, 'validation_failed');
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/referrals/-2', headers }), 400);
  });
});

describe('findBadText', () => {
  it('finds NUL and lone surrogates in values and keys, and leaves good text and bytes alone', () => {
    expect(findBadText({ a: 'fine', b: ['😀 paired surrogates', 'é'] })).toBeNull();
    expect(findBadText('x\u0000')).toBe('');
    expect(findBadText({ a: { b: 'x\udc00' } })).toBe('a.b');
    expect(findBadText({ a: ['\ud800x'] })).toBe('a.0');
    expect(findBadText({ a: { 'k\u0000': 1 } })).toBe('a');
    expect(findBadText({ file: Buffer.from([0, 0xd8]) })).toBeNull();
  });

  it('walks any depth without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)).toMatch(/^0(\.0)*$/);
  });
});
