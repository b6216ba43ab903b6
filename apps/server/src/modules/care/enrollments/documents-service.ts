import { pipeline, type Readable } from 'node:stream';
import {
  DOCUMENT_MESSAGES,
  ENROLLMENT_MESSAGES,
  type EnrollmentDocument,
  type EnrollmentDocumentList,
  type EnrollmentItemDeleteResponse,
  type EnrollmentItemsQuery,
  enrollmentDocumentFieldsSchema,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
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
import {
  findVisibleEnrollment,
  isManager,
  isWriter,
  readItemPage,
  visibleEnrollmentOfItem,
} from './access.ts';
import { removeOrphanedDocumentFiles } from './document-files.ts';
import * as items from './items-repo.ts';
import type { EnrollmentView } from './repo.ts';

// Documents of an enrollment (002 §2 "Upload Document", §3 Document, §7): stored like a referral's case documents
// (platform/uploads.ts): the type checked by content, the bytes encrypted at rest, the size limited
// (DOCUMENT_MAX_BYTES), the download checked against what was stored. A document is deleted by its uploader, or
// by a manager or administrator.

function canDelete(ctx: OrgContext, doc: Pick<items.DocumentRow, 'uploadedBy'>): boolean {
  if (!isWriter(ctx)) return false;
  return isManager(ctx) || (doc.uploadedBy !== null && doc.uploadedBy === ctx.actor.user.id);
}

function toWire(row: items.DocumentRow, uploaderName: string | null, ctx: OrgContext): EnrollmentDocument {
  return {
    id: row.id,
    enrollment_id: row.enrollmentId,
    document_type: row.documentType,
    file_name: row.fileName,
    content_type: row.contentType,
    file_size: row.fileSize,
    upload_date: row.uploadDate.toISOString(),
    uploaded_by: row.uploadedBy,
    uploaded_by_name: uploaderName,
    can_delete: canDelete(ctx, row),
  };
}

const notFound = () => new AppError('enrollment_document.not_found', ENROLLMENT_MESSAGES.documentNotFound);

/** A document of an enrollment the caller sees; anything else is not found. */
async function findVisibleDocument(
  ctx: OrgContext,
  id: number,
): Promise<{ document: items.DocumentRow; enrollment: EnrollmentView }> {
  const document = await items.findDocument(ctx.db, id);
  if (!document) throw notFound();
  return { document, enrollment: await visibleEnrollmentOfItem(ctx, document.enrollmentId, notFound) };
}

/**
 * For other modules (a smart form's file field, issue #16): which of `ids` are documents of the enrollment. The
 * caller has already checked that it sees the enrollment.
 */
export async function documentIdsOfEnrollment(
  ctx: OrgContext,
  enrollmentId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  return items.documentIdsOfEnrollment(ctx.db, enrollmentId, ids);
}

/** GET /api/enrollments/{id}/documents: newest first; audited (file names can be PHI). */
export async function listDocuments(
  ctx: OrgContext,
  input: EnrollmentItemsQuery & { enrollmentId: number },
): Promise<EnrollmentDocumentList> {
  const { rows, total } = await readItemPage(ctx, input, 'enrollment_document', (id, page) =>
    items.listDocuments(ctx.db, id, page),
  );
  return {
    documents: rows.map((r) => toWire(r, r.uploadedByName, ctx)),
    total,
    max_file_size: ctx.deps.config.documentMaxBytes,
  };
}

/** The form's fields (enrollment_id, document_type), checked: 400 naming each bad field. */
function parseFields(fields: Record<string, string>) {
  const parsed = enrollmentDocumentFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) messages[String(issue.path[0] ?? 'body')] ??= issue.message;
  const summary = Object.entries(messages)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw new AppError('enrollment_document.invalid', `Invalid upload. ${summary}`, { fields: messages });
}

/**
 * POST /api/enrollments/documents/ (multipart: enrollment_id, document_type, file). When the fields come before
 * the file (as this app sends them) the enrollment is checked before a byte is stored; otherwise the stored file
 * is removed again if the fields or the enrollment are refused. The uploader is the signed-in user. Publishes
 * document.uploaded.
 */
export async function uploadDocument(
  ctx: OrgContext,
  input: { readUpload: ReadUpload; fields: Record<string, string> },
): Promise<EnrollmentDocument> {
  const storage = storageOf(ctx.deps);
  let target: { enrollment: EnrollmentView; documentType: string } | null = null;
  const resolveTarget = async () => {
    const fields = parseFields(input.fields);
    const enrollment = await findVisibleEnrollment(ctx, fields.enrollment_id);
    target = { enrollment, documentType: fields.document_type };
    return target;
  };
  let stored: StoredUpload | null = null;
  try {
    await input.readUpload(async (file) => {
      if ('enrollment_id' in input.fields) await resolveTarget();
      stored = await storeCheckedUpload(storage, file, ctx.deps.config.documentMaxBytes);
    });
    const upload = stored as StoredUpload | null;
    if (!upload) throw fileError('document.no_file', DOCUMENT_MESSAGES.noFile);
    const known = target as { enrollment: EnrollmentView; documentType: string } | null;
    const { enrollment, documentType } = known ?? (await resolveTarget());
    return await ctx.db.transaction(async (tx) => {
      const row = await items.insertDocument(tx, {
        enrollmentId: enrollment.id,
        documentType,
        fileName: upload.filename,
        contentType: upload.contentType,
        fileSize: upload.size,
        sha256: upload.sha256,
        storageKey: upload.key,
        uploadedBy: ctx.actor.user.id,
      });
      await audit(tx, ctx, {
        action: 'enrollment_document.uploaded',
        entityType: 'enrollment_document',
        entityId: row.id,
        details: {
          enrollment_id: enrollment.id,
          document_type: documentType,
          size: row.fileSize,
          content_type: row.contentType,
        },
      });
      // The type only: a file name can carry PHI.
      await ctx.deps.domainEvents.publish(tx, 'document.uploaded', {
        document_id: row.id,
        enrollment_id: enrollment.id,
        organization_id: enrollment.organizationId,
        document_type: documentType,
      });
      return toWire(row, ctx.actor.user.name, ctx);
    });
  } catch (error) {
    const upload = stored as StoredUpload | null;
    if (upload) await removeStoredQuietly(storage, upload.key, ctx.log);
    // An enrollment deleted between the check and the insert is gone, like one that never existed.
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e?.code ?? e?.cause?.code) === '23503') {
      throw new AppError('enrollment.not_found', ENROLLMENT_MESSAGES.notFound);
    }
    throw error;
  }
}

/**
 * GET /api/enrollments/documents/{id}/download: the document and its decrypted bytes, checked against what was
 * stored; audited.
 */
export async function openDocument(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ document: items.DocumentRow; stream: Readable }> {
  const { document, enrollment } = await findVisibleDocument(ctx, input.id);
  let stored: Readable;
  try {
    stored = await storageOf(ctx.deps).get(document.storageKey);
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      ctx.log.error({ document_id: document.id }, 'an enrollment document row has no stored file');
      throw new AppError('document.file_missing', DOCUMENT_MESSAGES.fileMissing);
    }
    throw error;
  }
  await audit(ctx.db, ctx, {
    action: 'enrollment_document.read',
    entityType: 'enrollment_document',
    entityId: document.id,
    details: { enrollment_id: enrollment.id },
  });
  return { document, stream: pipeline(stored, verifying(document), () => {}) };
}

/**
 * DELETE /api/enrollments/documents/{id}: the row and its audit row in one transaction; the file is removed once
 * that committed (a failed delete keeps a readable document).
 */
export async function deleteDocument(
  ctx: OrgContext,
  input: { id: number },
): Promise<EnrollmentItemDeleteResponse> {
  const { enrollment } = await findVisibleDocument(ctx, input.id);
  const key = await ctx.db.transaction(async (tx) => {
    const doc = await items.lockDocument(tx, input.id);
    if (!doc) throw notFound();
    if (!canDelete(ctx, doc)) {
      throw new AppError('enrollment_document.delete_forbidden', ENROLLMENT_MESSAGES.documentDeleteForbidden);
    }
    await items.deleteDocument(tx, doc.id);
    await audit(tx, ctx, {
      action: 'enrollment_document.deleted',
      entityType: 'enrollment_document',
      entityId: doc.id,
      details: { enrollment_id: enrollment.id, size: doc.fileSize },
    });
    return doc.storageKey;
  });
  await removeOrphanedDocumentFiles(ctx, [key]);
  return { message: ENROLLMENT_MESSAGES.documentDeleted, id: input.id };
}
