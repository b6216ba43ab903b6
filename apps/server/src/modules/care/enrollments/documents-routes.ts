import fastifyMultipart from '@fastify/multipart';
import {
  ENROLLMENT_DOCUMENT_TYPES,
  enrollmentDocumentListSchema,
  enrollmentDocumentSchema,
  enrollmentItemDeleteResponseSchema,
  enrollmentItemsQuerySchema,
  idParamSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { multipartUpload } from '../../../platform/multipart-upload.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { deleteDocument, listDocuments, openDocument, uploadDocument } from './documents-service.ts';
import { read, write } from './routes.ts';

// 002 §7 "Enrollments": documents of an enrollment. 002 §2 shows the Upload Document button without its
// behaviour; here it uploads like a referral's case documents (multipart, checked by content, encrypted), and a
// download route serves the file back.

export function enrollmentDocumentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here only: multipart bodies are parsed by this plugin's routes and nowhere else.
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    app.post(
      '/api/enrollments/documents',
      {
        config: { ...write, ...phiRoute('enrollment_document') },
        schema: {
          tags: ['enrollments'],
          summary: `Upload a document to an enrollment (multipart/form-data: enrollment_id, document_type (${ENROLLMENT_DOCUMENT_TYPES.join(', ')}; other unless sent), file: pdf, doc, docx, txt, jpg, jpeg, png checked by content, at most DOCUMENT_MAX_BYTES). Stored encrypted; the uploader is the signed-in user.`,
          consumes: ['multipart/form-data'],
          response: { 201: enrollmentDocumentSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        const fields: Record<string, string> = {};
        const readUpload = multipartUpload(request, deps.config.documentMaxBytes, (name, value) => {
          fields[name] = value;
        });
        const document = await uploadDocument(orgContext(request, deps), { readUpload, fields });
        return reply.code(201).send(document);
      },
    );

    app.get(
      '/api/enrollments/:id/documents',
      {
        config: { ...read, ...phiRoute('enrollment_document') },
        schema: {
          tags: ['enrollments'],
          summary: "An enrollment's documents, newest first (audited)",
          params: idParamSchema,
          querystring: enrollmentItemsQuerySchema,
          response: { 200: enrollmentDocumentListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listDocuments(orgContext(request, deps), {
          enrollmentId: request.params.id,
          ...request.query,
        });
      },
    );

    app.get(
      '/api/enrollments/documents/:id/download',
      {
        config: { ...read, ...phiRoute('enrollment_document') },
        schema: {
          tags: ['enrollments'],
          summary: "The document's bytes, as an attachment under its file name (audited)",
          params: idParamSchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const { document, stream } = await openDocument(orgContext(request, deps), { id: request.params.id });
        return (
          reply
            .header('content-type', document.contentType)
            .header('content-length', String(document.fileSize))
            .header('content-disposition', contentDisposition('attachment', document.fileName))
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'no-store')
            // A stream is sent as it is (no serializer); the schema lists only the error answers.
            .send(stream as never)
        );
      },
    );

    app.delete(
      '/api/enrollments/documents/:id',
      {
        config: write,
        schema: {
          tags: ['enrollments'],
          summary: 'Delete a document (its uploader, a manager or an administrator)',
          params: idParamSchema,
          response: { 200: enrollmentItemDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteDocument(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
