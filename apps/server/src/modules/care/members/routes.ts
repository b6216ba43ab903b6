import {
  CUSTOM_FIELD_MESSAGES,
  customFieldBulkCreateSchema,
  customFieldBulkResultSchema,
  customFieldCategoriesSchema,
  customFieldCreateSchema,
  customFieldDeleteResponseSchema,
  customFieldListQuerySchema,
  customFieldListSchema,
  customFieldSchema,
  customFieldUpdateSchema,
  fieldMappingCreateSchema,
  fieldMappingDeleteResponseSchema,
  fieldMappingListQuerySchema,
  fieldMappingListSchema,
  fieldMappingSchema,
  fieldMappingUpdateSchema,
  idParamSchema,
  memberCreateSchema,
  memberDeleteResponseSchema,
  memberListQuerySchema,
  memberListSchema,
  memberSchema,
  memberUpdateSchema,
  ORG_MANAGER_ROLES,
  ORG_WRITER_ROLES,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import * as fields from './fields-service.ts';
import * as members from './service.ts';

// 002 §7 "Members, fields, mappings". Every call acts for the active organization (X-CBO-ID, checked against the
// caller's memberships by the platform); the roles of 002 §6 / issue #15 item 8 are the route guards below, and
// staff's narrower view of members is the service's.
const read = { auth: { org: true as const } };
const writeMembers = { auth: { org: true as const, orgRoles: ORG_WRITER_ROLES } };
const manage = { auth: { org: true as const, orgRoles: ORG_MANAGER_ROLES } };

export function membersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/members/',
      {
        config: { ...read, ...phiRoute('member') },
        schema: {
          tags: ['members'],
          summary:
            "The organization's members by name, 50 a page, searched on the server (staff: their own; audited)",
          querystring: memberListQuerySchema,
          response: { 200: memberListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => members.listMembers(orgContext(request, deps), request.query),
    );
    app.post(
      '/api/members/',
      {
        config: { ...writeMembers, ...phiRoute('member') },
        schema: {
          tags: ['members'],
          summary: 'Add a member; custom field values are checked by their definitions (002 §5)',
          body: memberCreateSchema,
          response: { 201: memberSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await members.createMember(orgContext(request, deps), request.body)),
    );
    app.get(
      '/api/members/:id',
      {
        config: { ...read, ...phiRoute('member') },
        schema: {
          tags: ['members'],
          summary: "A member's profile ('Member not found' for one the caller may not see; audited)",
          params: idParamSchema,
          response: { 200: memberSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => members.getMember(orgContext(request, deps), { id: request.params.id }),
    );
    app.put(
      '/api/members/:id',
      {
        config: { ...writeMembers, ...phiRoute('member') },
        schema: {
          tags: ['members'],
          summary: 'Edit a member (the whole form; custom fields not sent keep their values)',
          params: idParamSchema,
          body: memberUpdateSchema,
          response: { 200: memberSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        members.updateMember(orgContext(request, deps), { ...request.body, id: request.params.id }),
    );
    app.delete(
      '/api/members/:id',
      {
        config: manage,
        schema: {
          tags: ['members'],
          summary: 'Delete a member and their enrollments (managers and administrators)',
          params: idParamSchema,
          response: { 200: memberDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => members.deleteMember(orgContext(request, deps), { id: request.params.id }),
    );

    // --- Custom fields ---
    app.get(
      '/api/custom-fields/',
      {
        config: read,
        schema: {
          tags: ['custom-fields'],
          summary: "The organization's custom member fields, by category (include_hidden defaults to true)",
          querystring: customFieldListQuerySchema,
          response: { 200: customFieldListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => fields.listFields(orgContext(request, deps), request.query),
    );
    app.post(
      '/api/custom-fields/',
      {
        config: manage,
        schema: {
          tags: ['custom-fields'],
          summary:
            'Define a custom member field (name: lowercase letters, digits, underscores; immutable with its type)',
          body: customFieldCreateSchema,
          response: { 201: customFieldSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const [created] = await fields.createFields(orgContext(request, deps), [request.body]);
        return reply.code(201).send(created!);
      },
    );
    app.get(
      '/api/custom-fields/categories',
      {
        config: read,
        schema: {
          tags: ['custom-fields'],
          summary: 'The categories the custom fields use, sorted',
          response: { 200: customFieldCategoriesSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => fields.listCategories(orgContext(request, deps)),
    );
    app.post(
      '/api/custom-fields/bulk-create',
      {
        config: manage,
        schema: {
          tags: ['custom-fields'],
          summary: "Define several fields from a JSON array, all or none ('Invalid JSON format' otherwise)",
          body: customFieldBulkCreateSchema,
          response: { 201: customFieldBulkResultSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const created = await fields.createFields(orgContext(request, deps), request.body);
        return reply.code(201).send({
          created: created.length,
          message: CUSTOM_FIELD_MESSAGES.created(created.length),
          fields: created,
        });
      },
    );

    // --- Field mappings (before /:id so the static path wins) ---
    app.get(
      '/api/custom-fields/mappings',
      {
        config: read,
        schema: {
          tags: ['custom-fields'],
          summary: "The organization's field mappings, optionally for one member field or source system",
          querystring: fieldMappingListQuerySchema,
          response: { 200: fieldMappingListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => fields.listMappings(orgContext(request, deps), request.query),
    );
    app.post(
      '/api/custom-fields/mappings',
      {
        config: manage,
        schema: {
          tags: ['custom-fields'],
          summary: "Map a plan's column name (alternative) to a member field, per source system",
          body: fieldMappingCreateSchema,
          response: { 201: fieldMappingSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await fields.createMapping(orgContext(request, deps), request.body)),
    );
    app.put(
      '/api/custom-fields/mappings/:id',
      {
        config: manage,
        schema: {
          tags: ['custom-fields'],
          summary: 'Turn a mapping on or off (an inactive one is shown dimmed and not used by imports)',
          params: idParamSchema,
          body: fieldMappingUpdateSchema,
          response: { 200: fieldMappingSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        fields.setMappingActive(orgContext(request, deps), {
          id: request.params.id,
          is_active: request.body.is_active,
        }),
    );
    app.delete(
      '/api/custom-fields/mappings/:id',
      {
        config: manage,
        schema: {
          tags: ['custom-fields'],
          summary: 'Delete a field mapping',
          params: idParamSchema,
          response: { 200: fieldMappingDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => fields.deleteMapping(orgContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/custom-fields/:id',
      {
        config: read,
        schema: {
          tags: ['custom-fields'],
          summary: 'One custom field definition',
          params: idParamSchema,
          response: { 200: customFieldSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => fields.getField(orgContext(request, deps), { id: request.params.id }),
    );
    app.put(
      '/api/custom-fields/:id',
      {
        config: manage,
        schema: {
          tags: ['custom-fields'],
          summary: "Change a field's display name, category, default, flags or length (not its name or type)",
          params: idParamSchema,
          body: customFieldUpdateSchema,
          response: { 200: customFieldSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        fields.updateField(orgContext(request, deps), { ...request.body, id: request.params.id }),
    );
    app.delete(
      '/api/custom-fields/:id',
      {
        config: manage,
        schema: {
          tags: ['custom-fields'],
          summary: "Delete a field and every member's value in it (the browser confirms first)",
          params: idParamSchema,
          response: { 200: customFieldDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => fields.deleteField(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
