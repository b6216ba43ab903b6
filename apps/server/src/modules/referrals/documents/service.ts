import { pipeline, type Readable } from 'node:stream';
import {
  DOCUMENT_MESSAGES,
  type DocumentListQuery,
  REFERRAL_MESSAGES,
  type ReferralDocument,
  type ReferralDocumentDeleteResponse,
  type ReferralDocumentList,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import type { ContextLog } from '../../../platform/context.ts';
import { inTransaction, type OrgContext, type ServiceContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { StoredFileMissingError, storageOf } from '../../../platform/storage.ts';
import {
  fileError,
  type ReadUpload,
  removeStoredQuietly,
  type StoredUpload,
  storeCheckedUpload,
  verifying,
} from '../../../platform/uploads.ts';
import { findVisibleReferral, type VisibleReferral } from '../referrals/access.ts';
import { recordReferralEvent } from '../referrals/history.ts';
import * as repo from './repo.ts';

export type { IncomingFile, ReadUpload } from '../../../platform/uploads.ts';

type Referral = VisibleReferral['record'];
type Actor = OrgContext['actor'];

/**
 * The uploader, or a writer of the organization that owns the referral (its case file), may delete a
 * document. The provider's organization deletes only what its own people uploaded; viewers delete nothing.
 */
function canDelete(actor: Actor, doc: repo.DocumentRow, referral: Referral): boolean {
  if (actor.org.role === 'viewer') return false;
  if (doc.uploadedBy !== null && doc.uploadedBy === actor.user.id) return true;
  return referral.organizationId === actor.org.id;
}

function toWire(
  doc: repo.DocumentRow,
  uploaderName: string | null,
  actor: Actor,
  referral: Referral,
): ReferralDocument {
  return {
    id: doc.id,
    referral_id: doc.referralId,
    filename: doc.filename,
    file_size: doc.fileSize,
    uploaded_at: doc.uploadedAt.toISOString(),
    content_type: doc.contentType,
    uploaded_by: doc.uploadedBy,
    uploaded_by_name: uploaderName,
    can_delete: canDelete(actor, doc, referral),
  };
}

/** GET /api/referrals/{id}/documents: newest first, one page; the read is audited (file names can be PHI). */
export async function listDocuments(
  ctx: OrgContext,
  input: DocumentListQuery & { referralId: number },
): Promise<ReferralDocumentList> {
  const { referralId, ...query } = input;
  const actor = ctx.actor;
  const { record: referral } = await findVisibleReferral(ctx, { id: referralId });
  const { rows, total } = await repo.listDocuments(ctx.db, referralId, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  await auditPhiRead(ctx.db, ctx, {
    action: 'document.list_read',
    entityType: 'referral_document',
    ids: rows.map((row) => row.id),
    details: { referral_id: referralId },
  });
  return {
    documents: rows.map((row) => toWire(row, row.uploaderName, actor, referral)),
    can_upload: actor.org.role !== 'viewer',
    max_file_size: ctx.deps.config.documentMaxBytes,
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** A referral deleted between the visibility check and the insert is a 404, like one that never existed. */
function referralGone(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.code ?? e?.cause?.code) === '23503';
}

/**
 * POST /api/referrals/{id}/documents (multipart): the first file of the field "file", stored encrypted, then
 * its row, timeline event and audit row in one transaction. The uploader is the signed-in user and the
 * referral the path's (the spec's `uploaded_by` fixed to 1 and `referral_id` fields are ignored). Whatever
 * fails after the file was stored removes it again.
 */
export async function uploadDocument(
  ctx: OrgContext,
  input: { referralId: number; readUpload: ReadUpload },
): Promise<ReferralDocument> {
  const { referralId, readUpload } = input;
  const { deps, actor } = ctx;
  const { record: referral } = await findVisibleReferral(ctx, { id: referralId });
  const storage = storageOf(deps);
  let stored: StoredUpload | null = null;
  try {
    await readUpload(async (file) => {
      stored = await storeCheckedUpload(storage, file, deps.config.documentMaxBytes);
    });
    const upload = stored as StoredUpload | null;
    if (!upload) throw fileError('document.no_file', DOCUMENT_MESSAGES.noFile);
    return await ctx.db.transaction(async (tx) => {
      const doc = await repo.insertDocument(tx, {
        referralId,
        organizationId: actor.org.id,
        uploadedBy: actor.user.id,
        filename: upload.filename,
        contentType: upload.contentType,
        fileSize: upload.size,
        sha256: upload.sha256,
        storageKey: upload.key,
      });
      // Ids and the size only: a file name can carry PHI and the timeline's event reaches both organizations.
      await recordReferralEvent(inTransaction(ctx, tx), {
        referral,
        type: 'document_uploaded',
        actorUserId: actor.user.id,
        details: { document_id: doc.id, size: doc.fileSize },
      });
      await audit(tx, ctx, {
        action: 'document.uploaded',
        entityType: 'referral_document',
        entityId: doc.id,
        details: { referral_id: referralId, size: doc.fileSize, content_type: doc.contentType },
      });
      return toWire(doc, actor.user.name, actor, referral);
    });
  } catch (error) {
    const upload = stored as StoredUpload | null;
    if (upload) await removeStoredQuietly(storage, upload.key, ctx.log);
    if (referralGone(error)) throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
    throw error;
  }
}

/**
 * GET /api/referrals/{id}/documents/{docId}: the document and its decrypted bytes as a stream; the read is
 * audited. A document of another referral is not found here.
 */
export async function openDocument(
  ctx: OrgContext,
  input: { referralId: number; docId: number },
): Promise<{ document: repo.DocumentRow; stream: Readable }> {
  const { referralId, docId } = input;
  await findVisibleReferral(ctx, { id: referralId });
  const doc = await repo.findDocument(ctx.db, referralId, docId);
  if (!doc) throw new AppError('document.not_found', DOCUMENT_MESSAGES.notFound);
  let stored: Readable;
  try {
    stored = await storageOf(ctx.deps).get(doc.storageKey);
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      ctx.log.error({ document_id: doc.id }, 'a document row has no stored file');
      throw new AppError('document.file_missing', DOCUMENT_MESSAGES.fileMissing);
    }
    throw error;
  }
  await audit(ctx.db, ctx, {
    action: 'document.read',
    entityType: 'referral_document',
    entityId: doc.id,
    details: { referral_id: referralId },
  });
  return { document: doc, stream: pipeline(stored, verifying(doc), () => {}) };
}

/**
 * DELETE /api/referrals/{id}/documents/{docId}: the row, its timeline event and audit row in one transaction;
 * the file is removed once that transaction committed (a failed delete keeps a readable document).
 */
export async function deleteDocument(
  ctx: OrgContext,
  input: { referralId: number; docId: number },
): Promise<ReferralDocumentDeleteResponse> {
  const { referralId, docId } = input;
  const actor = ctx.actor;
  const { record: referral } = await findVisibleReferral(ctx, { id: referralId });
  const key = await ctx.db.transaction(async (tx) => {
    const doc = await repo.lockDocument(tx, referralId, docId);
    if (!doc) throw new AppError('document.not_found', DOCUMENT_MESSAGES.notFound);
    if (!canDelete(actor, doc, referral)) {
      throw new AppError('document.delete_forbidden', DOCUMENT_MESSAGES.deleteForbidden);
    }
    await repo.deleteDocument(tx, docId);
    await recordReferralEvent(inTransaction(ctx, tx), {
      referral,
      type: 'document_deleted',
      actorUserId: actor.user.id,
      details: { document_id: docId },
    });
    await audit(tx, ctx, {
      action: 'document.deleted',
      entityType: 'referral_document',
      entityId: docId,
      details: { referral_id: referralId, size: doc.fileSize },
    });
    return doc.storageKey;
  });
  await removeStoredQuietly(storageOf(ctx.deps), key, ctx.log);
  return { message: DOCUMENT_MESSAGES.deleted, id: docId };
}

/**
 * For the deletion of a referral (000 §2.3: Pending ones): called inside that transaction, it locks the
 * referral's document rows and, once the transaction has ended, removes the files of the rows that are gone
 * (the rows themselves go with the referral, ON DELETE CASCADE). A rolled-back deletion keeps every file.
 *
 * The removal waits without blocking the caller: a `FOR KEY SHARE` read of those rows from outside the
 * transaction returns only when the transaction that locked them has committed or rolled back.
 */
export async function removeReferralDocuments(
  ctx: ServiceContext,
  input: { referralId: number },
): Promise<void> {
  const keys = await repo.lockReferralDocumentKeys(ctx.db, input.referralId);
  if (keys.length === 0) return;
  void removeAfterCommit(ctx.deps, ctx.deps.database.db, keys, ctx.log);
}

async function removeAfterCommit(deps: AppDeps, db: DbOrTx, keys: string[], log: ContextLog) {
  try {
    const kept = await repo.keysStillReferenced(db, keys);
    const storage = storageOf(deps);
    for (const key of keys) if (!kept.has(key)) await removeStoredQuietly(storage, key, log);
  } catch (err) {
    log.error({ err }, 'could not remove the files of a deleted referral');
  }
}
