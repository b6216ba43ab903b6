import {
  billingActivityCreateSchema,
  billingActivityDeleteResponseSchema,
  billingActivityListSchema,
  billingActivitySchema,
  billingActivityUpdateSchema,
  idParamSchema,
  ORG_MANAGER_ROLES,
  optionListSchema,
  programCreateSchema,
  programDeleteQuerySchema,
  programDeleteResponseSchema,
  programListQuerySchema,
  programListSchema,
  programSchema,
  programTypeListSchema,
  programUpdateSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import {
  billingActivityTypeList,
  billingUnitList,
  createBillingActivity,
  createProgram,
  deleteBillingActivity,
  deleteProgram,
  getBillingActivity,
  getProgram,
  listProgramBillingActivities,
  listPrograms,
  programTypeList,
  updateBillingActivity,
  updateProgram,
} from './service.ts';

// 002 §7 "Programs and billing". The spec writes some paths with a trailing slash (/api/programs/,
// /api/programs/{id}/); the router ignores trailing slashes (app.ts), so both spellings reach these routes.
// 002 §6: every member of the active organization reads; super_admin, org_admin and manager change.
const read = { auth: { org: true as const } };
const manage = { auth: { org: true as const, orgRoles: ORG_MANAGER_ROLES } };
const programs = ['programs'];
const billing = ['billing-activities'];

export function programsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/programs',
      {
        config: read,
        schema: {
          tags: programs,
          summary:
            "The active organization's programs by name: type and status filters and name search on the server, paged, with current enrollment counted and the screen's statistics",
          querystring: programListQuerySchema,
          response: { 200: programListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listPrograms(orgContext(request, deps), request.query),
    );

    app.post(
      '/api/programs',
      {
        config: manage,
        schema: {
          tags: programs,
          summary: 'Create a program (002 §5: name and type required; managers and administrators)',
          body: programCreateSchema,
          response: { 201: programSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createProgram(orgContext(request, deps), request.body)),
    );

    // A static path: the router prefers it to /api/programs/:id (and 'types' is no id anyway).
    app.get(
      '/api/programs/types/list',
      {
        config: read,
        schema: {
          tags: programs,
          summary: 'The program types: value, label, description (002 §7)',
          response: { 200: programTypeListSchema, ...errorResponses(401, 403) },
        },
      },
      async () => programTypeList(),
    );

    app.get(
      '/api/programs/:id',
      {
        config: read,
        schema: {
          tags: programs,
          summary: 'One program of the active organization, with its current enrollment counted',
          params: idParamSchema,
          response: { 200: programSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getProgram(orgContext(request, deps), { id: request.params.id }),
    );

    app.put(
      '/api/programs/:id',
      {
        config: manage,
        schema: {
          tags: programs,
          summary: "Change a program's fields (those sent; null or '' clears an optional one)",
          params: idParamSchema,
          body: programUpdateSchema,
          response: { 200: programSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => updateProgram(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.delete(
      '/api/programs/:id',
      {
        config: manage,
        schema: {
          tags: programs,
          summary:
            'Delete a program with its billing activities; a program with enrollments only with ?confirm=true (they are deleted with it), else 409 saying how many',
          params: idParamSchema,
          querystring: programDeleteQuerySchema,
          response: { 200: programDeleteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        deleteProgram(orgContext(request, deps), {
          id: request.params.id,
          confirm: request.query.confirm === 'true',
        }),
    );

    app.get(
      '/api/programs/:id/billing-activities',
      {
        config: read,
        schema: {
          tags: billing,
          summary: "A program's billing activities, by name",
          params: idParamSchema,
          response: { 200: billingActivityListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listProgramBillingActivities(orgContext(request, deps), { programId: request.params.id }),
    );

    app.post(
      '/api/billing-activities',
      {
        config: manage,
        schema: {
          tags: billing,
          summary:
            'Add a billing activity to a program (002 §5: activity name, billing unit and rate per unit in dollars required; codes checked by shape)',
          body: billingActivityCreateSchema,
          response: { 201: billingActivitySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createBillingActivity(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/billing-activities/types/list',
      {
        config: read,
        schema: {
          tags: billing,
          summary: 'The activity types a billing activity bills: value, label (002 §7, §9)',
          response: { 200: optionListSchema, ...errorResponses(401, 403) },
        },
      },
      async () => billingActivityTypeList(),
    );

    app.get(
      '/api/billing-activities/units/list',
      {
        config: read,
        schema: {
          tags: billing,
          summary: 'The billing units: value, label (002 §7)',
          response: { 200: optionListSchema, ...errorResponses(401, 403) },
        },
      },
      async () => billingUnitList(),
    );

    app.get(
      '/api/billing-activities/:id',
      {
        config: read,
        schema: {
          tags: billing,
          summary: "One billing activity of the active organization's programs",
          params: idParamSchema,
          response: { 200: billingActivitySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getBillingActivity(orgContext(request, deps), { id: request.params.id }),
    );

    app.put(
      '/api/billing-activities/:id',
      {
        config: manage,
        schema: {
          tags: billing,
          summary: "Change a billing activity's fields (those sent); it stays in its program",
          params: idParamSchema,
          body: billingActivityUpdateSchema,
          response: { 200: billingActivitySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        updateBillingActivity(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.delete(
      '/api/billing-activities/:id',
      {
        config: manage,
        schema: {
          tags: billing,
          summary: 'Delete a billing activity (002 §5: the browser asks first)',
          params: idParamSchema,
          response: { 200: billingActivityDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteBillingActivity(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
