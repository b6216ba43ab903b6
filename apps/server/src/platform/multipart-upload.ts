import type {} from '@fastify/multipart';
import { DOCUMENT_MESSAGES } from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import type { ReadUpload } from './uploads.ts';

// The HTTP side of a document upload (multipart/form-data, the file in the field "file"), shared by the routes
// that take one; the route's plugin registers @fastify/multipart and declares `consumes: ['multipart/form-data']`
// (strict-input.ts checks the parts as they are read).

/** Room for the multipart framing and the small fields beside the file (referral_id, document_type). */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Why a multipart body could not be read (fastify-multipart's limits, busboy's parse errors, a cut-off body). */
function unreadableBody(error: unknown): AppError {
  const code = (error as { code?: string })?.code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('document.too_many_parts', DOCUMENT_MESSAGES.tooManyParts);
  }
  // A cut-off body, a malformed part, a missing boundary: the client's upload, not our failure.
  return new AppError('document.malformed_upload', DOCUMENT_MESSAGES.malformed);
}

/** Reads a stream to its end, dropping the bytes (parts that are not the document). */
async function drain(stream: NodeJS.ReadableStream & { destroyed?: boolean; readableEnded?: boolean }) {
  if (stream.destroyed || stream.readableEnded) return;
  for await (const _ of stream);
}

/**
 * The multipart body of an upload: the first file of the field "file" goes to `store` (001 §2.18: only the
 * first chosen file is used); other files are read and dropped, text fields go to `onField` (the first value of
 * each name), so the whole body is always read and the answer reaches the browser. Fastify's bodyLimit does not
 * apply here (the body is streamed, not buffered); the document limit does.
 */
export function multipartUpload(
  request: FastifyRequest,
  maxBytes: number,
  onField?: (name: string, value: string) => void,
): ReadUpload {
  return async (store) => {
    if (!request.isMultipart()) {
      throw new AppError('document.not_multipart', DOCUMENT_MESSAGES.notMultipart);
    }
    // A body announced far beyond the limit is refused before a byte is read; the connection then closes,
    // since the rest of the body is not read.
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
      throw new AppError('document.too_large', DOCUMENT_MESSAGES.tooLarge(maxBytes), {
        headers: { connection: 'close' },
      });
    }
    let used = false;
    let failure: unknown = null;
    const seen = new Set<string>();
    try {
      const parts = request.parts({
        // One byte over the limit is how the limit is seen to be passed; the service counts and refuses.
        limits: { fileSize: maxBytes + 1, files: 10, fields: 20, fieldSize: 64 * 1024, parts: 30 },
      });
      for await (const part of parts) {
        if (part.type !== 'file') {
          if (onField && !seen.has(part.fieldname) && typeof part.value === 'string') {
            seen.add(part.fieldname);
            onField(part.fieldname, part.value);
          }
          continue;
        }
        if (used || part.fieldname !== 'file' || failure) {
          await drain(part.file);
          continue;
        }
        used = true;
        try {
          await store({ filename: part.filename, stream: part.file });
        } catch (error) {
          failure = error;
          await drain(part.file).catch(() => {});
        }
      }
    } catch (error) {
      // The body could not be read: the client's upload, whatever the store made of it.
      if (failure instanceof AppError) throw failure;
      // A refusal of the parts themselves (strict input: a bad field or file name) is the client's, as it is.
      throw error instanceof AppError ? error : unreadableBody(error);
    }
    // The body was read: a refusal of the service (400, 413, 415), or a failure of ours (storage) as it is.
    if (failure) throw failure;
  };
}
