import {
  EMAIL_ATTACHMENTS_MAX,
  EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES,
  EMAIL_MESSAGES,
  type EmailSend,
  emailSendSchema,
  idString,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { discardAttachments, type StoredAttachment, storeAttachment } from '../communications/attachments.ts';

// Route layer of POST /api/email/send (routes.ts): reading the HTTP body, the one place of the module besides
// the routes that sees the request. It arrives as JSON, or as multipart/form-data with the same fields and the files under
// `attachments` (001 §2.13). Files are stored (encrypted) while the body streams in, each counted against the
// limits: more than EMAIL_ATTACHMENTS_MAX files, one over EMAIL_ATTACHMENT_MAX_BYTES or all together over
// EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES → 413, and whatever was stored of a refused request is removed.

/** The multipart framing and the text fields besides the files. */
const MULTIPART_OVERHEAD = 512 * 1024;

function tooLarge(
  reason: 'email.attachments_too_many' | 'email.attachment_too_large' | 'email.attachments_too_large',
  message: string,
  closeConnection = false,
): AppError {
  return new AppError(reason, message, {
    fields: { attachments: message },
    ...(closeConnection ? { headers: { connection: 'close' } } : {}),
  });
}

async function drain(stream: NodeJS.ReadableStream & { destroyed?: boolean; readableEnded?: boolean }) {
  if (stream.destroyed || stream.readableEnded) return;
  for await (const _ of stream);
}

/** The send request's fields, validated like the JSON body (400 with a message per field). */
export function parseSendFields(body: unknown): EmailSend {
  // A missing subject or body is a blank one: it gets the spec's message (001 §5), not a type error.
  const given = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const parsed = emailSendSchema.safeParse({ subject: '', body: '', ...given });
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  throw new AppError('email.send_invalid', `Invalid body. ${summary}`, { fields });
}

/**
 * A form's fields are text: the ids are read as canonical digits (issue #12), as in a path, and become the
 * numbers the JSON body carries; anything else stays text and is refused by the schema as not a number.
 */
function formIds(fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...fields };
  for (const key of ['referral_id', 'provider_id']) {
    const parsed = idString().safeParse(out[key]);
    if (parsed.success) out[key] = parsed.data;
    else if (out[key] === '') delete out[key];
  }
  return out;
}

/** Reads a multipart send: its fields, and its files stored as they arrive. */
async function readMultipart(
  ctx: ServiceContext,
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; files: StoredAttachment[] }> {
  const maxBytes = ctx.deps.config.emailAttachmentMaxBytes;
  const declared = Number(request.headers['content-length']);
  // A body announced far beyond every limit is refused before a byte is read.
  if (Number.isFinite(declared) && declared > EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw tooLarge('email.attachments_too_large', EMAIL_MESSAGES.attachmentsTooLarge, true);
  }
  const fields: Record<string, unknown> = {};
  const files: StoredAttachment[] = [];
  let failure: AppError | null = null;
  let total = 0;
  let count = 0;
  try {
    const parts = request.parts({
      // One byte over the limit is how the limit is seen to be passed.
      limits: {
        fileSize: maxBytes + 1,
        files: EMAIL_ATTACHMENTS_MAX + 1,
        fields: 20,
        fieldSize: 450 * 1024,
        parts: EMAIL_ATTACHMENTS_MAX + 22,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value);
        if (part.fieldname === 'cc_emails') {
          fields.cc_emails = [...((fields.cc_emails as string[] | undefined) ?? []), value];
        } else {
          fields[part.fieldname] = value;
        }
        continue;
      }
      if (part.fieldname !== 'attachments' || failure) {
        await drain(part.file);
        continue;
      }
      count += 1;
      if (count > EMAIL_ATTACHMENTS_MAX) {
        failure = tooLarge('email.attachments_too_many', EMAIL_MESSAGES.tooManyAttachments);
        await drain(part.file);
        continue;
      }
      const stored = await storeAttachment(ctx, {
        filename: (part.filename || 'attachment').slice(0, 255),
        contentType: part.mimetype || 'application/octet-stream',
        stream: part.file,
      });
      files.push(stored);
      total += stored.size;
      if (part.file.truncated || stored.size > maxBytes) {
        failure = tooLarge('email.attachment_too_large', EMAIL_MESSAGES.attachmentTooLarge);
      } else if (total > EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES) {
        failure = tooLarge('email.attachments_too_large', EMAIL_MESSAGES.attachmentsTooLarge);
      } else if (stored.size === 0) {
        failure = new AppError('email.attachment_empty', EMAIL_MESSAGES.emptyAttachment, {
          fields: { attachments: EMAIL_MESSAGES.emptyAttachment },
        });
      }
    }
  } catch (error) {
    await discardAttachments(ctx, { files });
    const code = (error as { code?: string })?.code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw tooLarge('email.attachments_too_many', EMAIL_MESSAGES.tooManyAttachments);
    }
    if (failure) throw failure;
    // A refusal of the parts themselves (strict input: a bad field or file name) is the client's, as it is.
    if (error instanceof AppError) throw error;
    throw new AppError('email.form_unreadable', 'The form could not be read; send it again.');
  }
  if (failure) {
    await discardAttachments(ctx, { files });
    throw failure;
  }
  return { fields, files };
}

/** The send request, JSON or multipart, with its files stored; on a refusal nothing stays stored. */
export async function readSendRequest(
  ctx: ServiceContext,
  request: FastifyRequest,
): Promise<{ body: EmailSend; files: StoredAttachment[] }> {
  if (!request.isMultipart()) return { body: parseSendFields(request.body), files: [] };
  const { fields, files } = await readMultipart(ctx, request);
  try {
    return { body: parseSendFields(formIds(fields)), files };
  } catch (error) {
    await discardAttachments(ctx, { files });
    throw error;
  }
}
