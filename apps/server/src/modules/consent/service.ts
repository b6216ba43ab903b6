import type { ConsentDocumentType, ConsentStatus } from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

type Row = {
  document_type: ConsentDocumentType;
  current_version: string;
  signed_version: string | null;
  signed_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * 003 §3 consent status of a user: for each document type, the current (newest published) version and the
 * user's newest unrevoked signature. A type with no published document needs nothing.
 */
export async function consentStatusFor(db: DbOrTx, userId: number): Promise<ConsentStatus> {
  // Both drivers (node-postgres and PGlite) answer execute() with { rows }.
  const result = (await db.execute(sql`
    select distinct on (d.document_type)
           d.document_type, d.version as current_version,
           s.document_version as signed_version, s.signed_at
      from consent_documents d
      left join lateral (
        select document_version, signed_at from consent_signatures
         where user_id = ${userId} and document_type = d.document_type and revoked_at is null
         order by signed_at desc, id desc limit 1
      ) s on true
     order by d.document_type, d.published_at desc, d.id desc`)) as unknown as { rows: Row[] };
  const rows = result.rows;
  const byType = new Map(rows.map((r) => [r.document_type, r]));
  const terms = byType.get('terms_of_use');
  const hipaa = byType.get('hipaa_authorization');
  const needs = (r: Row | undefined) => Boolean(r && r.signed_version !== r.current_version);
  const termsNeeds = needs(terms);
  const hipaaNeeds = needs(hipaa);
  return {
    requires_consent: termsNeeds || hipaaNeeds,
    terms_needs_update: termsNeeds,
    hipaa_needs_update: hipaaNeeds,
    all_consents_current: !termsNeeds && !hipaaNeeds,
    terms_current_version: terms?.current_version ?? null,
    terms_signed_version: terms?.signed_version ?? null,
    terms_signed_at: iso(terms?.signed_at ?? null),
    hipaa_current_version: hipaa?.current_version ?? null,
    hipaa_signed_version: hipaa?.signed_version ?? null,
    hipaa_signed_at: iso(hipaa?.signed_at ?? null),
  };
}
