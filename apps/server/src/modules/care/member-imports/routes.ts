import fastifyMultipart from '@fastify/multipart';
import {
  idParamSchema,
  MEMBER_IMPORT_MAX_BYTES,
  memberImportListSchema,
  memberImportPreviewRequestSchema,
  memberImportPreviewSchema,
  memberImportSchema,
  memberImportStartSchema,
  memberImportUploadSchema,
  ORG_MANAGER_ROLES,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { multipartUpload } from '../../../platform/multipart-upload.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import * as imports from './service.ts';

// Member import (issue #15 items 4 and 8): the spec shows no calls for it; these sit beside the member calls of
// 002 §7. Managers and administrators import; nobody else sees an import.
const manage = { auth: { org: true as const, orgRoles: ORG_MANAGER_ROLES } };

export function memberImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    app.get(
      '/api/members/imports',
      {
        config: manage,
        schema: {
          tags: ['member-imports'],
          summary: "The organization's 20 latest member imports, newest first",
          response: { 200: memberImportListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => imports.listImports(orgContext(request, deps)),
    );
    app.post(
      '/api/members/imports',
      {
        config: manage,
        schema: {
          tags: ['member-imports'],
          summary:
            'Upload a CSV or XLSX member file (multipart: "file", optional "source_system"): stored encrypted, its columns matched; nothing imported yet',
          consumes: ['multipart/form-data'],
          response: { 201: memberImportUploadSchema, ...errorResponses(400, 401, 403, 413) },
        },
      },
      async (request, reply) => {
        const fields: Record<string, string> = {};
        const readUpload = multipartUpload(request, MEMBER_IMPORT_MAX_BYTES, (name, value) => {
          fields[name] = value;
        });
        const result = await imports.uploadImport(orgContext(request, deps), {
          readUpload,
          fields: () => fields,
        });
        return reply.code(201).send(result);
      },
    );
    app.get(
      '/api/members/imports/:id',
      {
        config: manage,
        schema: {
          tags: ['member-imports'],
          summary: "An import's status and progress (the browser polls it while it runs)",
          params: idParamSchema,
          response: { 200: memberImportSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => imports.getImport(orgContext(request, deps), { id: request.params.id }),
    );
    app.post(
      '/api/members/imports/:id/preview',
      {
        config: manage,
        schema: {
          tags: ['member-imports'],
          summary:
            'Check every row against a column map (or the suggested one) without writing: counts and first errors',
          params: idParamSchema,
          body: memberImportPreviewRequestSchema,
          response: { 200: memberImportPreviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        imports.previewImport(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );
    app.post(
      '/api/members/imports/:id/start',
      {
        config: manage,
        schema: {
          tags: ['member-imports'],
          summary:
            'Start the import as a background job (members found by Medicaid ID or patient number: update or skip)',
          params: idParamSchema,
          body: memberImportStartSchema,
          response: { 202: memberImportSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await imports.startImport(orgContext(request, deps), { id: request.params.id, ...request.body }),
          ),
    );
    app.post(
      '/api/members/imports/:id/cancel',
      {
        config: manage,
        schema: {
          tags: ['member-imports'],
          summary: 'Cancel an import before its next batch (rows already imported stay)',
          params: idParamSchema,
          response: { 200: memberImportSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => imports.cancelImport(orgContext(request, deps), { id: request.params.id }),
    );
    app.get(
      '/api/members/imports/:id/refusals',
      {
        config: { ...manage, ...phiRoute('member_import') },
        schema: {
          tags: ['member-imports'],
          summary:
            'The rows the import refused, with the reason for each, as CSV (audited: the rows are PHI)',
          params: idParamSchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const { fileName, csv } = await imports.refusalsCsv(orgContext(request, deps), {
          id: request.params.id,
        });
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', contentDisposition('attachment', fileName))
            .header('cache-control', 'no-store')
            .header('x-content-type-options', 'nosniff')
            // Text sent as it is (no serializer); the schema lists only the error answers.
            .send(csv as never)
        );
      },
    );
  };
}
