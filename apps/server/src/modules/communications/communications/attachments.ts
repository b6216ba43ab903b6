import type { Readable } from 'node:stream';
import { COMMUNICATION_MESSAGES } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext, ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { newStorageKey, StoredFileMissingError, storageOf } from '../../../platform/storage.ts';
import * as repo from './repo.ts';
import { canTriageUnmatched } from './thread-access.ts';

// Files of an email (001 §2.13 attachment rows), sent or received, stored encrypted like case documents
// (platform/storage.ts): a random key, AES-256-GCM at rest, read back only by the thread's organization.

export type StoredAttachment = {
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
};

/** Stores the bytes of one file; the caller records it with `recordAttachment` once its message exists. */
export async function storeAttachment(
  ctx: ServiceContext,
  file: { filename: string; contentType: string; stream: Readable },
): Promise<StoredAttachment> {
  const storageKey = newStorageKey();
  const stored = await storageOf(ctx.deps).put(storageKey, file.stream);
  return {
    storageKey,
    filename: file.filename,
    contentType: file.contentType,
    size: stored.size,
    sha256: stored.sha256,
  };
}

/** Records a stored file on its message, in the context's transaction. */
export function recordAttachment(
  ctx: ServiceContext,
  input: { communicationId: number; file: StoredAttachment },
) {
  return repo.insertAttachment(ctx.db, { communicationId: input.communicationId, ...input.file });
}

/** Removes stored files whose message was never recorded (a refused send). */
export async function discardAttachments(ctx: ServiceContext, input: { files: readonly StoredAttachment[] }) {
  for (const f of input.files)
    await storageOf(ctx.deps)
      .remove(f.storageKey)
      .catch(() => {});
}

/**
 * GET /api/communications/{id}/attachments/{attachmentId}: the file's bytes for the thread's organization (or a
 * platform operator, for an unmatched one); audited, as the file may hold PHI.
 */
export async function openAttachment(
  ctx: OrgContext,
  input: { communicationId: number; attachmentId: number },
) {
  const { db, deps, actor } = ctx;
  const { communicationId, attachmentId } = input;
  const communication = await repo.findCommunication(db, communicationId);
  const readable =
    communication &&
    (communication.organizationId === actor.org.id ||
      (communication.organizationId === null && canTriageUnmatched(actor)));
  if (!readable) throw new AppError('attachment.not_found', COMMUNICATION_MESSAGES.attachmentNotFound);
  const attachment = await repo.findAttachment(db, communicationId, attachmentId);
  if (!attachment) throw new AppError('attachment.not_found', COMMUNICATION_MESSAGES.attachmentNotFound);
  let stream: Readable;
  try {
    stream = await storageOf(deps).get(attachment.storageKey);
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      throw new AppError('attachment.not_found', COMMUNICATION_MESSAGES.attachmentNotFound);
    }
    throw error;
  }
  await audit(db, ctx, {
    action: 'communication.attachment_read',
    entityType: 'communication',
    entityId: communicationId,
    details: { attachment_id: attachmentId, size: attachment.size },
  });
  return { attachment, stream };
}
