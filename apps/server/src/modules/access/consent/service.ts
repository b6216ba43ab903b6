import {
  CONSENT_DOCUMENT_TYPES,
  CONSENT_MESSAGES,
  type ConsentDocument,
  type ConsentDocumentType,
  type ConsentDocumentVersion,
  type ConsentHistory,
  type ConsentStatus,
  type PublishConsentDocumentRequest,
  type SignatureRecord,
  type SignConsentRequest,
  type SignConsentResponse,
} from '@trust/domain';
import { sql } from 'drizzle-orm';
import { uniqueViolation } from '../../../db/unique-violation.ts';
import { audit } from '../../../platform/audit.ts';
import { type AuthContext, isPlatformOperator } from '../../../platform/auth.ts';
import { inTransaction, type ServiceContext, type UserContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  announceSessionChange,
  holdSessionsForConsent,
  releaseConsentHold,
} from '../../../platform/sessions.ts';
import * as repo from './repo.ts';

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
export async function consentStatusFor(
  ctx: ServiceContext,
  input: { userId: number },
): Promise<ConsentStatus> {
  const { userId } = input;
  // Both drivers (node-postgres and PGlite) answer execute() with { rows }.
  const result = (await ctx.db.execute(sql`
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

// --- documents, signatures and history (003 §2.8, §2.12, §7.2) ---

function toDocumentWire(row: repo.DocumentRow): ConsentDocument {
  return {
    id: row.id,
    document_type: row.documentType as ConsentDocumentType,
    title: row.title,
    version: row.version,
    summary: row.summary,
    content: row.content,
  };
}

function toSignatureWire(row: repo.SignatureRow): SignatureRecord {
  return {
    id: row.id,
    document_type: row.documentType as ConsentDocumentType,
    document_version: row.documentVersion,
    signed_at: row.signedAt.toISOString(),
    signature_text: row.signatureText,
    revoked: row.revokedAt !== null,
  };
}

/** The current version of each document type (open: /terms and /hipaa read it signed out). */
export async function listActiveDocuments(ctx: ServiceContext): Promise<ConsentDocument[]> {
  return (await repo.currentDocuments(ctx.db)).map(toDocumentWire);
}

/** Every published version, newest first within each type (platform operators). */
export async function listAllDocuments(ctx: UserContext): Promise<ConsentDocumentVersion[]> {
  assertCanPublish(ctx.actor);
  const [rows, current] = await Promise.all([repo.allDocuments(ctx.db), repo.currentDocuments(ctx.db)]);
  const currentIds = new Set(current.map((d) => d.id));
  return rows.map(({ document, signatureCount }) => ({
    ...toDocumentWire(document),
    published_at: document.publishedAt.toISOString(),
    published_by: document.publishedBy,
    is_current: currentIds.has(document.id),
    signature_count: Number(signatureCount),
  }));
}

/**
 * Consent documents bind every user of every organization: only platform operators publish them or list
 * every version (issue #12; an organization's admin acts only inside it).
 */
function assertCanPublish(auth: AuthContext) {
  if (!isPlatformOperator(auth)) {
    throw new AppError('consent.publish_forbidden', CONSENT_MESSAGES.publishForbidden);
  }
}

/**
 * Publishes a new version. It becomes the current one at once; every user whose signature is for another
 * version must sign again at the next sign-in (consentStatusFor compares versions).
 */
export async function publishDocument(
  ctx: UserContext,
  input: PublishConsentDocumentRequest,
): Promise<ConsentDocument> {
  assertCanPublish(ctx.actor);
  const conflict = () =>
    new AppError('consent.version_exists', CONSENT_MESSAGES.versionExists, {
      fields: { version: CONSENT_MESSAGES.versionExists },
    });
  if (await repo.documentByVersion(ctx.db, input.document_type, input.version)) throw conflict();
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await repo.insertDocument(tx, {
        documentType: input.document_type,
        version: input.version,
        title: input.title,
        summary: input.summary || null,
        content: input.content,
        publishedBy: ctx.actor.user.id,
      });
      await audit(tx, ctx, {
        action: 'consent.document_published',
        entityType: 'consent_document',
        entityId: row.id,
        details: { document_type: row.documentType, version: row.version },
      });
      return toDocumentWire(row);
    });
  } catch (error) {
    // Two administrators publishing the same version at once: the unique index decides.
    if (uniqueViolation(error) !== null) throw conflict();
    throw error;
  }
}

/**
 * 003 §7.2 sign: only the current version of a document; a new row every time (never overwritten), with the
 * address and browser. When the session's consents are then all current, the session is released.
 */
export async function signDocument(
  ctx: UserContext,
  input: SignConsentRequest,
): Promise<SignConsentResponse> {
  const userId = ctx.actor.user.id;
  return ctx.db.transaction(async (tx) => {
    const document = await repo.documentById(tx, input.document_id);
    if (!document) throw new AppError('consent.document_not_found', CONSENT_MESSAGES.documentNotCurrent);
    const current = await repo.currentDocuments(tx);
    if (!current.some((d) => d.id === document.id)) {
      throw new AppError('consent.document_not_current', CONSENT_MESSAGES.documentNotCurrent);
    }
    const signature = await repo.insertSignature(tx, {
      userId,
      documentId: document.id,
      documentType: document.documentType,
      documentVersion: document.version,
      signatureText: input.signature_text,
      ipAddress: ctx.meta.ip,
      userAgent: ctx.meta.userAgent?.slice(0, 512) ?? null,
    });
    await audit(tx, ctx, {
      action: 'consent.signed',
      entityType: 'consent_signature',
      entityId: signature.id,
      details: { document_type: document.documentType, document_version: document.version },
    });
    const status = await consentStatusFor(inTransaction(ctx, tx), { userId });
    // Consent belongs to the user: once it is current, every session held for it (after a revocation, all of
    // them) is released, and their event streams are told (platform/sessions.ts).
    if (!status.requires_consent && (await releaseConsentHold(tx, userId))) {
      await announceSessionChange(tx, { user_ids: [userId] });
    }
    return { signature: toSignatureWire(signature), consent_status: status };
  });
}

/** The caller's consent status and every signature they made, newest first (003 §2.12). */
export async function consentHistory(ctx: UserContext): Promise<ConsentHistory> {
  const userId = ctx.actor.user.id;
  const [status, signatures] = await Promise.all([
    consentStatusFor(ctx, { userId }),
    repo.signaturesOf(ctx.db, userId),
  ]);
  return { status, signatures: signatures.map(toSignatureWire) };
}

/**
 * Revokes one of the caller's own signatures (another user's answers 404, as if it did not exist). The row
 * stays; the document then counts as unsigned. A revoked consent ends access at once, not at the next sign-in
 * (issue #12): every session of the user, this one included, is held for consent (403 consent_required on
 * everything but the consent routes, who am I and sign out) until the document is signed again, and open
 * event streams of those sessions are re-checked through the session announcement.
 */
export async function revokeSignature(ctx: UserContext, input: { id: number }): Promise<SignatureRecord> {
  const userId = ctx.actor.user.id;
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.signatureOf(tx, userId, input.id);
    if (!existing) throw new AppError('consent.signature_not_found', CONSENT_MESSAGES.signatureNotFound);
    const revoked = await repo.revokeSignature(tx, input.id, new Date());
    if (!revoked) throw new AppError('consent.already_revoked', CONSENT_MESSAGES.alreadyRevoked);
    await audit(tx, ctx, {
      action: 'consent.revoked',
      entityType: 'consent_signature',
      entityId: revoked.id,
      details: { document_type: revoked.documentType, document_version: revoked.documentVersion },
    });
    if ((await consentStatusFor(inTransaction(ctx, tx), { userId })).requires_consent) {
      await holdSessionsForConsent(tx, userId);
      await announceSessionChange(tx, { user_ids: [userId] });
    }
    return toSignatureWire(revoked);
  });
}

/**
 * 003 §5: the Terms and HIPAA boxes ticked on the registration form are signatures of the current versions,
 * recorded with the account (in the registration's transaction), so the consent dialog does not ask again at
 * the first sign-in. Address and browser come from the registering request.
 */
export async function signAtRegistration(
  ctx: ServiceContext,
  input: { userId: number; signatureText: string; signedAt: Date },
) {
  for (const document of await repo.currentPublishedDocuments(ctx.db, CONSENT_DOCUMENT_TYPES)) {
    await repo.insertSignature(ctx.db, {
      userId: input.userId,
      documentId: document.id,
      documentType: document.documentType,
      documentVersion: document.version,
      signedAt: input.signedAt,
      signatureText: input.signatureText,
      ipAddress: ctx.meta.ip,
      userAgent: ctx.meta.userAgent?.slice(0, 512) ?? null,
    });
  }
}
