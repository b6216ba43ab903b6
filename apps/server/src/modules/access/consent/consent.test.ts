import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { SESSION_CHANGES_CHANNEL } from '../../../platform/sessions.ts';

let t: TestApp;
let admin: string;
let coordinator: string;
let viewer: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@trust.demo');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
});
afterAll(async () => t?.close());

type Doc = { id: number; document_type: string; version: string; title: string; content: string };

async function activeDocuments(): Promise<Doc[]> {
  const res = await t.app.inject({ url: '/api/consent/documents/active' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function active(type: string) {
  return (await activeDocuments()).find((d) => d.document_type === type)!;
}

async function publish(token: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/consent/documents',
    headers: bearer(token),
    payload: body,
  });
}

function sign(token: string, documentId: number, signatureText = 'Casey Coordinator') {
  return t.app.inject({
    method: 'POST',
    url: '/api/consent/sign',
    headers: { ...bearer(token), 'user-agent': 'consent-test/1.0' },
    payload: { document_id: documentId, signature_text: signatureText },
  });
}

async function auditCount(action: string) {
  const [row] = await t.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM audit_log WHERE action = $1',
    [action],
  );
  return row!.n;
}

async function requireConsentFor(token: string) {
  const me = await t.app.inject({ url: '/auth/me', headers: bearer(token) });
  await t.database.query(
    'UPDATE sessions SET consent_required = true WHERE user_id = $1 AND last_seen_at = (SELECT max(last_seen_at) FROM sessions WHERE user_id = $1)',
    [me.json().id],
  );
}

describe('GET /api/consent/documents/active (003 §7.2)', () => {
  it('answers signed out with the current Terms of Use and HIPAA Authorization of the demo data', async () => {
    const docs = await activeDocuments();
    expect(docs.map((d) => [d.document_type, d.version]).sort()).toEqual([
      ['hipaa_authorization', '1.0'],
      ['terms_of_use', '1.0'],
    ]);
    for (const d of docs) {
      expect(d).toMatchObject({ title: expect.any(String), summary: expect.any(String) });
      expect(d.content.length).toBeGreaterThan(200);
    }
  });

  it('every demo user has signed both, so nobody needs consent', async () => {
    const res = await t.app.inject({ url: '/api/consent/history', headers: bearer(coordinator) });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toMatchObject({
      requires_consent: false,
      all_consents_current: true,
      terms_signed_version: '1.0',
      hipaa_signed_version: '1.0',
    });
    expect(res.json().signatures).toHaveLength(2);
    expect(res.json().signatures[0]).toMatchObject({ signature_text: 'Casey Coordinator', revoked: false });
  });
});

describe('POST /api/consent/documents and GET /api/consent/documents (platform operators)', () => {
  it('needs a session', async () => {
    expectEnvelope(await t.app.inject({ method: 'POST', url: '/api/consent/documents', payload: {} }), 401);
    expectEnvelope(await t.app.inject({ url: '/api/consent/documents' }), 401);
  });

  it('refuses a user who is not a platform operator', async () => {
    const body = expectEnvelope(
      await publish(coordinator, {
        document_type: 'terms_of_use',
        version: '9.9',
        title: 'Terms of Use',
        content: 'x',
      }),
      403,
      'forbidden',
    );
    expect(body.detail).toBe('Only platform operators can publish consent documents.');
    expectEnvelope(await t.app.inject({ url: '/api/consent/documents', headers: bearer(viewer) }), 403);
  });

  it("refuses an organization's admin (product role admin): consent documents bind every organization", async () => {
    const orgAdmin = await login(t.app, 'orgadmin@trust.demo');
    const before = await t.database.query('SELECT count(*)::int AS n FROM consent_documents');
    const body = expectEnvelope(
      await publish(orgAdmin, {
        document_type: 'terms_of_use',
        version: '1.1',
        title: 'Terms of Use',
        content: 'Everyone must sign this.',
      }),
      403,
      'forbidden',
    );
    expect(body.detail).toBe('Only platform operators can publish consent documents.');
    expectEnvelope(await t.app.inject({ url: '/api/consent/documents', headers: bearer(orgAdmin) }), 403);
    expect(await t.database.query('SELECT count(*)::int AS n FROM consent_documents')).toEqual(before);
  });

  it('validates the body', async () => {
    const body = expectEnvelope(
      await publish(admin, { document_type: 'cookies', version: ' ', title: '', content: '' }),
      400,
      'validation_failed',
    );
    expect(Object.keys((body as unknown as { fields: object }).fields).sort()).toEqual(
      ['content', 'document_type', 'title', 'version'].sort(),
    );
  });

  it('refuses a version that already exists for that type with 409', async () => {
    const res = await publish(admin, {
      document_type: 'terms_of_use',
      version: '1.0',
      title: 'Terms of Use',
      content: 'again',
    });
    expect(expectEnvelope(res, 409, 'conflict')).toMatchObject({ reason: 'consent.version_exists' });
  });

  it('lists every version with the current one marked', async () => {
    const res = await t.app.inject({ url: '/api/consent/documents', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json()[0]).toMatchObject({ is_current: true, signature_count: expect.any(Number) });
  });
});

describe('revoking a consent ends the access of the sessions at once (issue #12)', () => {
  const organizations = (token: string) =>
    t.app.inject({ url: '/api/cbos/users/me/organizations', headers: bearer(token) });

  it('holds every session of the user, this one included, until the document is signed again', async () => {
    const first = await login(t.app, 'staff@trust.demo');
    const second = await login(t.app, 'staff@trust.demo');
    const someoneElse = await login(t.app, 'cbo@trust.demo');
    expect((await organizations(first)).statusCode).toBe(200);
    const userId = (await t.app.inject({ url: '/auth/me', headers: bearer(first) })).json().id as number;
    const announced: string[] = [];
    const unlisten = await t.database.listen(SESSION_CHANGES_CHANNEL, (payload) => announced.push(payload));
    try {
      const history = await t.app.inject({ url: '/api/consent/history', headers: bearer(first) });
      const terms = history
        .json()
        .signatures.find((s: { document_type: string }) => s.document_type === 'terms_of_use');
      const revoked = await t.app.inject({
        method: 'POST',
        url: `/api/consent/signatures/${terms.id}/revoke`,
        headers: bearer(first),
      });
      expect(revoked.statusCode).toBe(200);

      // The very session that revoked, and the user's other session, answer nothing but the consent routes.
      for (const token of [first, second]) {
        const body = expectEnvelope(await organizations(token), 403, 'consent_required');
        expect(body.detail).toBe('Please review and sign the updated consent documents before continuing.');
        expectEnvelope(
          await t.app.inject({ url: '/api/referrals', headers: bearer(token) }),
          403,
          'consent_required',
        );
      }
      // Who am I still answers, and says the session is held: the app opens the consent dialog on it.
      const me = await t.app.inject({ url: '/auth/me', headers: bearer(first) });
      expect(me.statusCode).toBe(200);
      expect(me.json().consent_required).toBe(true);
      expect((await t.app.inject({ url: '/api/consent/history', headers: bearer(second) })).statusCode).toBe(
        200,
      );
      // Another user is not touched.
      expect((await organizations(someoneElse)).statusCode).toBe(200);
      // Every server process is told, so open event streams of those sessions are re-checked.
      for (let i = 0; i < 50 && !announced.length; i++) await new Promise((r) => setTimeout(r, 100));
      expect(announced.map((p) => JSON.parse(p))).toContainEqual(
        expect.objectContaining({ user_ids: [userId] }),
      );

      // Signing it again in one session releases them all.
      const signed = await sign(second, (await active('terms_of_use')).id, 'Sam Staff');
      expect(signed.statusCode).toBe(200);
      expect(signed.json().consent_status.requires_consent).toBe(false);
      expect((await organizations(first)).statusCode).toBe(200);
      expect((await organizations(second)).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/auth/me', headers: bearer(first) })).json().consent_required).toBe(
        false,
      );
    } finally {
      await unlisten();
    }
  });

  it('revoking one of two signatures of the current version leaves the sessions alone', async () => {
    const token = await login(t.app, 'staff@trust.demo');
    const terms = await active('terms_of_use');
    expect((await sign(token, terms.id, 'Sam Staff')).statusCode).toBe(200);
    const history = await t.app.inject({ url: '/api/consent/history', headers: bearer(token) });
    // Newest first: the one just made, then the one signed in the test above; revoke that older one.
    const [, older] = history
      .json()
      .signatures.filter(
        (s: { document_type: string; revoked: boolean }) => s.document_type === 'terms_of_use' && !s.revoked,
      );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/consent/signatures/${older.id}/revoke`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect((await organizations(token)).statusCode).toBe(200);
  });
});

describe('publishing, signing, history and revoking', () => {
  let terms2: Doc;

  it('an administrator publishes Terms 2.0; it becomes current and everyone must sign it', async () => {
    const before = await auditCount('consent.document_published');
    const res = await publish(admin, {
      document_type: 'terms_of_use',
      version: '2.0',
      title: 'Terms of Use',
      summary: 'Clearer rules on sharing referrals.',
      content: 'New terms text.',
    });
    expect(res.statusCode).toBe(201);
    terms2 = res.json();
    expect(terms2).toMatchObject({ document_type: 'terms_of_use', version: '2.0' });
    expect((await active('terms_of_use')).id).toBe(terms2.id);
    expect(await auditCount('consent.document_published')).toBe(before + 1);

    const history = await t.app.inject({ url: '/api/consent/history', headers: bearer(coordinator) });
    expect(history.json().status).toMatchObject({
      requires_consent: true,
      terms_needs_update: true,
      hipaa_needs_update: false,
      terms_current_version: '2.0',
      terms_signed_version: '1.0',
    });
  });

  it('a super_admin without the administrator product role may publish too', async () => {
    await t.database.query("UPDATE users SET role = 'case_manager' WHERE email = 'admin@trust.demo'");
    try {
      const res = await publish(admin, {
        document_type: 'hipaa_authorization',
        version: '1.0-draft',
        title: 'HIPAA Authorization',
        content: 'Draft.',
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await t.database.query("UPDATE users SET role = 'administrator' WHERE email = 'admin@trust.demo'");
    }
    // Put the HIPAA document back to a version everyone has signed for the rest of this file.
    await t.database.query(
      "DELETE FROM consent_documents WHERE document_type = 'hipaa_authorization' AND version = '1.0-draft'",
    );
  });

  it('needs a session to sign', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consent/sign',
      payload: { document_id: terms2.id, signature_text: 'X' },
    });
    expectEnvelope(res, 401);
  });

  it('refuses an empty signature (after trimming)', async () => {
    const body = expectEnvelope(await sign(coordinator, terms2.id, '   '), 400, 'validation_failed');
    expect((body as unknown as { fields: Record<string, string> }).fields.signature_text).toBe(
      'Signature is required',
    );
  });

  it('refuses an unknown document with 404 and an old version with 422', async () => {
    expect(expectEnvelope(await sign(coordinator, 999_999), 404, 'not_found')).toMatchObject({
      reason: 'consent.document_not_found',
    });
    const [old] = await t.database.query<{ id: number }>(
      "SELECT id FROM consent_documents WHERE document_type = 'terms_of_use' AND version = '1.0'",
    );
    const body = expectEnvelope(await sign(coordinator, old!.id), 422, 'rule_broken');
    expect(body.detail).toMatch(/not the current version/);
    expect(body).toMatchObject({ reason: 'consent.document_not_current' });
  });

  it('stores version, time, text, address and browser, audits it, and never overwrites', async () => {
    const before = await auditCount('consent.signed');
    const res = await sign(coordinator, terms2.id, '  Casey Coordinator  ');
    expect(res.statusCode).toBe(200);
    const { signature, consent_status } = res.json();
    expect(signature).toMatchObject({
      document_type: 'terms_of_use',
      document_version: '2.0',
      signature_text: 'Casey Coordinator',
      revoked: false,
    });
    expect(Date.now() - Date.parse(signature.signed_at)).toBeLessThan(60_000);
    expect(consent_status).toMatchObject({ requires_consent: false, terms_signed_version: '2.0' });
    expect(await auditCount('consent.signed')).toBe(before + 1);

    const [row] = await t.database.query<{ ip_address: string; user_agent: string }>(
      'SELECT ip_address, user_agent FROM consent_signatures WHERE id = $1',
      [signature.id],
    );
    expect(row).toEqual({ ip_address: '127.0.0.1', user_agent: 'consent-test/1.0' });

    const again = await sign(coordinator, terms2.id, 'Casey C.');
    expect(again.statusCode).toBe(200);
    const history = await t.app.inject({ url: '/api/consent/history', headers: bearer(coordinator) });
    const versions = history.json().signatures.map((s: { document_version: string }) => s.document_version);
    expect(versions).toEqual(['2.0', '2.0', '1.0', '1.0']);
    expect(history.json().signatures[0].signature_text).toBe('Casey C.');
  });

  it('revokes one of your own signatures; the record stays, marked revoked, and is audited', async () => {
    const history = await t.app.inject({ url: '/api/consent/history', headers: bearer(coordinator) });
    const hipaa = history
      .json()
      .signatures.find((s: { document_type: string }) => s.document_type === 'hipaa_authorization');
    const before = await auditCount('consent.revoked');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/consent/signatures/${hipaa.id}/revoke`,
      headers: bearer(coordinator),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: hipaa.id, revoked: true });
    expect(await auditCount('consent.revoked')).toBe(before + 1);

    const after = await t.app.inject({ url: '/api/consent/history', headers: bearer(coordinator) });
    expect(after.json().status).toMatchObject({ hipaa_needs_update: true, hipaa_signed_version: null });
    expect(after.json().signatures.find((s: { id: number }) => s.id === hipaa.id).revoked).toBe(true);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/consent/signatures/${hipaa.id}/revoke`,
      headers: bearer(coordinator),
    });
    expectEnvelope(twice, 409, 'conflict');
  });

  it("answers 404 for someone else's signature or an unknown one, and 401 signed out", async () => {
    const history = await t.app.inject({ url: '/api/consent/history', headers: bearer(viewer) });
    const theirs = history.json().signatures[0].id;
    expectEnvelope(
      await t.app.inject({
        method: 'POST',
        url: `/api/consent/signatures/${theirs}/revoke`,
        headers: bearer(coordinator),
      }),
      404,
      'not_found',
    );
    expectEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/consent/signatures/999999/revoke',
        headers: bearer(coordinator),
      }),
      404,
    );
    expectEnvelope(
      await t.app.inject({ method: 'POST', url: `/api/consent/signatures/${theirs}/revoke` }),
      401,
    );
    expectEnvelope(await t.app.inject({ url: '/api/consent/history' }), 401);
  });
});

describe('a session with pending consent (003 §4.2 enforcement)', () => {
  it('is refused elsewhere, allowed on /auth/me and the consent routes, and released after signing both', async () => {
    const token = await login(t.app, 'manager@trust.demo');
    await requireConsentFor(token);

    const elsewhere = await t.app.inject({ url: '/api/cbos/users/me/organizations', headers: bearer(token) });
    const body = expectEnvelope(elsewhere, 403, 'consent_required');
    expect(body.detail).toBe('Please review and sign the updated consent documents before continuing.');

    expect((await t.app.inject({ url: '/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/consent/history', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    // Open routes answer anyone.
    expect(
      (await t.app.inject({ url: '/api/consent/documents/active', headers: bearer(token) })).statusCode,
    ).toBe(200);

    // Terms 2.0 was published above; this user signed HIPAA 1.0 in the demo data.
    const terms = await active('terms_of_use');
    expect((await sign(token, terms.id, 'Morgan Manager')).statusCode).toBe(200);
    // That completes this user's consents, so the session is released.
    const released = await t.app.inject({ url: '/api/cbos/users/me/organizations', headers: bearer(token) });
    expect(released.statusCode).toBe(200);
  });

  it('stays pending until every current document is signed', async () => {
    const token = await login(t.app, 'coordinator@trust.demo');
    await requireConsentFor(token);
    // The coordinator revoked HIPAA above: signing the terms again does not release the session.
    const terms = await active('terms_of_use');
    expect((await sign(token, terms.id)).json().consent_status.requires_consent).toBe(true);
    expectEnvelope(
      await t.app.inject({ url: '/api/cbos/users/me/organizations', headers: bearer(token) }),
      403,
    );
    const hipaa = await active('hipaa_authorization');
    expect((await sign(token, hipaa.id)).json().consent_status.requires_consent).toBe(false);
    expect(
      (await t.app.inject({ url: '/api/cbos/users/me/organizations', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });

  it('may always sign out', async () => {
    const token = await login(t.app, 'viewer@trust.demo');
    await requireConsentFor(token);
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });
});

describe('a database without documents', () => {
  it('has nothing to sign', async () => {
    await t.database.query('DELETE FROM consent_signatures');
    await t.database.query('DELETE FROM consent_documents');
    expect(await activeDocuments()).toEqual([]);
    const res = await t.app.inject({ url: '/api/consent/history', headers: bearer(coordinator) });
    expect(res.json()).toMatchObject({
      status: { requires_consent: false, all_consents_current: true },
      signatures: [],
    });
  });
});
