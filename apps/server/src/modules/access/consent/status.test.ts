import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import { consentStatusFor } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());
const ctx = () => systemContext(t.app.deps, 'test');

describe('consentStatusFor (003 §3)', () => {
  it('needs nothing without published documents, then the newest version until it is signed', async () => {
    const [user] = await t.database.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    const userId = user!.id;
    await t.database.query('DELETE FROM consent_signatures');
    await t.database.query('DELETE FROM consent_documents');
    expect((await consentStatusFor(ctx(), { userId })).requires_consent).toBe(false);

    const [terms1] = await t.database.query<{ id: number }>(
      "INSERT INTO consent_documents (document_type, version, title, content, published_at) VALUES ('terms_of_use', '1.0', 'Terms of Use', 'x', now() - interval '1 day') RETURNING id",
    );
    await t.database.query(
      "INSERT INTO consent_signatures (user_id, document_id, document_type, document_version, signature_text) VALUES ($1, $2, 'terms_of_use', '1.0', 'A B')",
      [userId, terms1!.id],
    );
    let status = await consentStatusFor(ctx(), { userId });
    expect(status).toMatchObject({
      requires_consent: false,
      all_consents_current: true,
      terms_current_version: '1.0',
      terms_signed_version: '1.0',
      hipaa_current_version: null,
    });

    await t.database.query(
      "INSERT INTO consent_documents (document_type, version, title, content) VALUES ('terms_of_use', '2.0', 'Terms of Use', 'y'), ('hipaa_authorization', '1.0', 'HIPAA Authorization', 'z')",
    );
    status = await consentStatusFor(ctx(), { userId });
    expect(status).toMatchObject({
      requires_consent: true,
      terms_needs_update: true,
      hipaa_needs_update: true,
      terms_current_version: '2.0',
      terms_signed_version: '1.0',
      hipaa_signed_version: null,
    });
  });
});
