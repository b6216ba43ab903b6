import fastifyMultipart from '@fastify/multipart';
import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { multipartUpload } from '../../../platform/multipart-upload.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { deleteDocument, listDocuments, openDocument, uploadDocument } from './service.ts';

// 000 §7 / 001 §7 show the document calls without the token; here every call needs a session and acts for the
// active organization, which must see the referral (its owner or the matched provider's organization).
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read documents; every other organization role may upload and delete. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

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
