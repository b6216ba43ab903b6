import {
  formFieldTypeListSchema,
  formTemplateBodySchema,
  formTemplateDeleteResponseSchema,
  formTemplateGetQuerySchema,
  formTemplateListQuerySchema,
  formTemplateListSchema,
  formTemplatePreviewSchema,
  formTemplateSchema,
  formTemplateUpdateQuerySchema,
  formTemplateVersionListSchema,
  idParamSchema,
  ORG_MANAGER_ROLES,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import {
  createTemplate,
  deleteTemplate,
  fieldTypeList,
  getTemplate,
  listTemplates,
  listTemplateVersions,
  previewTemplate,
  updateTemplate,
} from './templates-service.ts';

// 002 §7 "Smart forms" templates: a session and the active organization (X-CBO-ID) on every call. Every member of
// the organization reads; super_admin, org_admin and manager change (002 §6). The router ignores a trailing
// slash (app.ts), so `/api/forms/templates/` as the spec's client sends it reaches these routes.

const read = { auth: { org: true as const } };
const manage = { auth: { org: true as const, orgRoles: ORG_MANAGER_ROLES } };
const tags = ['forms'];

export function formTemplatesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/forms/templates',
      {
        config: read,
        schema: {
          tags,
          summary:
            "One page of the organization's form templates by name (type, program, active and name/description filters on the server), each at its current version, with the library's counts",
          querystring: formTemplateListQuerySchema,
          response: { 200: formTemplateListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listTemplates(orgContext(request, deps), request.query),
    );

    app.post(
      '/api/forms/templates',
      {
        config: manage,
        schema: {
          tags,
          summary:
            'Create a form template, version 1 (002 §5: a name and at least one section, titled sections, labelled fields, options for choice fields)',
          body: formTemplateBodySchema,
          response: { 201: formTemplateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createTemplate(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/forms/field-types',
      {
        config: read,
        schema: {
          tags,
          summary:
            'The field types with their validation options, the form types and the condition operators',
          response: { 200: formFieldTypeListSchema, ...errorResponses(401, 403) },
        },
      },
      async () => fieldTypeList(),
    );

    app.get(
      '/api/forms/templates/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'One form template at its current version, or at ?version=N',
          params: idParamSchema,
          querystring: formTemplateGetQuerySchema,
          response: { 200: formTemplateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        getTemplate(orgContext(request, deps), {
          id: request.params.id,
          ...(request.query.version === undefined ? {} : { version: request.query.version }),
        }),
    );

    app.put(
      '/api/forms/templates/:id',
      {
        config: manage,
        schema: {
          tags,
          summary:
            'Save a form template: ?create_new_version=true makes the body the next version (forms already started stay on theirs); otherwise the current version changes, refused (409) once forms were started on it',
          params: idParamSchema,
          querystring: formTemplateUpdateQuerySchema,
          body: formTemplateBodySchema,
          response: { 200: formTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        updateTemplate(orgContext(request, deps), {
          id: request.params.id,
          createNewVersion: request.query.create_new_version === 'true',
          body: request.body,
        }),
    );

    app.delete(
      '/api/forms/templates/:id',
      {
        config: manage,
        schema: {
          tags,
          summary:
            'Delete a form template with its versions and the drafts started from it; refused (409) when submitted forms use it',
          params: idParamSchema,
          response: { 200: formTemplateDeleteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deleteTemplate(orgContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/forms/templates/:id/versions',
      {
        config: read,
        schema: {
          tags,
          summary: "A form template's versions, newest first, with how many forms each was started for",
          params: idParamSchema,
          response: { 200: formTemplateVersionListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listTemplateVersions(orgContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/forms/templates/:id/preview',
      {
        config: read,
        schema: {
          tags,
          summary: 'The current version of a form template as the filler shows it, with its counts',
          params: idParamSchema,
          response: { 200: formTemplatePreviewSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => previewTemplate(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
