import fastifyMultipart from '@fastify/multipart';
import {
  DOCUMENT_MESSAGES,
  documentDownloadQuerySchema,
  documentListQuerySchema,
  documentParamsSchema,
  documentPreviewKind,
  idParamSchema,
  ORG_ROLES,
  type OrgRole,
  referralDocumentDeleteResponseSchema,
  referralDocumentListSchema,
  referralDocumentSchema,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError, errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { deleteDocument, listDocuments, openDocument, type ReadUpload, uploadDocument } from './service.ts';

// 000 §7 / 001 §7 show the document calls without the token; here every call needs a session and acts for the
// active organization, which must see the referral (its owner or the matched provider's organization).
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read documents; every other organization role may upload and delete. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

/** Room for the multipart framing and the small fields beside the file (referral_id, uploaded_by). */
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
 * first chosen file is used); other files and the fields are read and dropped, so the whole body is always
 * read and the answer reaches the browser. Fastify's bodyLimit does not apply here (the body is streamed, not
 * buffered); the document limit does.
 */
function multipartUpload(request: FastifyRequest, maxBytes: number): ReadUpload {
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
    try {
      const parts = request.parts({
        // One byte over the limit is how the limit is seen to be passed; the service counts and refuses.
        limits: { fileSize: maxBytes + 1, files: 10, fields: 20, fieldSize: 64 * 1024, parts: 30 },
      });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (used || part.fieldname !== 'file') {
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

export function documentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here only: multipart bodies are parsed by this plugin's routes and nowhere else.
    // The service counts the bytes and refuses an oversized file itself (413 with its own message).
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    app.get(
      '/api/referrals/:id/documents',
      {
        config: { ...read, ...phiRoute('referral_document') },
        schema: {
          tags: ['documents'],
          summary:
            "A referral's documents, newest first, paged, with can_delete per document (000 §7, 001 §7; audited)",
          params: idParamSchema,
          querystring: documentListQuerySchema,
          response: { 200: referralDocumentListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listDocuments(orgContext(request, deps), { referralId: request.params.id, ...request.query });
      },
    );

    app.post(
      '/api/referrals/:id/documents',
      {
        config: write,
        schema: {
          tags: ['documents'],
          summary:
            'Upload a document (multipart/form-data, field "file"; pdf, doc, docx, txt, jpg, jpeg, png, checked by content; at most DOCUMENT_MAX_BYTES). Stored encrypted; the uploader is the signed-in user.',
          params: idParamSchema,
          consumes: ['multipart/form-data'],
          response: { 201: referralDocumentSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        const readUpload = multipartUpload(request, deps.config.documentMaxBytes);
        const document = await uploadDocument(orgContext(request, deps), {
          referralId: request.params.id,
          readUpload,
        });
        return reply.code(201).send(document);
      },
    );

    app.get(
      '/api/referrals/:id/documents/:docId',
      {
        config: { ...read, ...phiRoute('referral_document') },
        schema: {
          tags: ['documents'],
          summary:
            "The document's bytes, as an attachment (or inline for a PDF or an image with ?disposition=inline); audited",
          params: documentParamsSchema,
          querystring: documentDownloadQuerySchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const { id, docId } = request.params;
        const { document, stream } = await openDocument(orgContext(request, deps), {
          referralId: id,
          docId,
        });
        const inline =
          request.query.disposition === 'inline' && documentPreviewKind(document.contentType) !== null;
        return (
          reply
            .header('content-type', document.contentType)
            .header('content-length', String(document.fileSize))
            .header(
              'content-disposition',
              contentDisposition(inline ? 'inline' : 'attachment', document.filename),
            )
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'no-store')
            // A stream is sent as it is (no serializer); the schema lists only the error answers.
            .send(stream as never)
        );
      },
    );

    app.delete(
      '/api/referrals/:id/documents/:docId',
      {
        config: write,
        schema: {
          tags: ['documents'],
          summary: 'Delete a document (its uploader, or a writer of the organization that owns the referral)',
          params: documentParamsSchema,
          response: { 200: referralDocumentDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { id, docId } = request.params;
        return deleteDocument(orgContext(request, deps), { referralId: id, docId });
      },
    );
  };
}
