import {
  formAnalyticsOverviewSchema,
  formAnalyticsQuerySchema,
  formInstanceAssignmentSchema,
  formInstanceCreateSchema,
  formInstanceDeleteResponseSchema,
  formInstanceHistorySchema,
  formInstanceListQuerySchema,
  formInstanceListSchema,
  formInstanceReviewSchema,
  formInstanceSchema,
  formInstanceSubmitSchema,
  idParamSchema,
  ORG_MANAGER_ROLES,
  ORG_WRITER_ROLES,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { analyticsOverview, exportAnalyticsCsv } from './analytics-service.ts';
import {
  assignInstance,
  createInstance,
  deleteInstance,
  getInstance,
  instanceHistory,
  listInstances,
  reviewInstance,
  saveInstance,
} from './instances-service.ts';

// 002 §7 "Smart forms" instances and analytics. A session and the active organization on every call; viewers
// read, the other roles fill forms (staff those of the enrollments they manage or assigned to them); managers and
// administrators review and approve. Answers are PHI: every read is audited and answered `no-store`.

const read = { auth: { org: true as const } };
const write = { auth: { org: true as const, orgRoles: ORG_WRITER_ROLES } };
const review = { auth: { org: true as const, orgRoles: ORG_MANAGER_ROLES } };
const phi = phiRoute('form_instance');
const tags = ['forms'];

export function formInstancesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/forms/instances',
      {
        config: { ...write, ...phi },
        schema: {
          tags,
          summary:
            "Start a form from an active template for an enrollment the caller sees, pinned to the template's current version, optionally assigned with a due date",
          body: formInstanceCreateSchema,
          response: { 201: formInstanceSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createInstance(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/forms/instances',
      {
        config: { ...read, ...phi },
        schema: {
          tags,
          summary:
            'One page of the forms the caller sees, most recently changed first (enrollment, template, status, assignee, program and overdue/due-soon filters), without their answers (audited)',
          querystring: formInstanceListQuerySchema,
          response: { 200: formInstanceListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listInstances(orgContext(request, deps), request.query);
      },
    );

    app.get(
      '/api/forms/instances/:id',
      {
        config: { ...read, ...phi },
        schema: {
          tags,
          summary: 'One form with its answers and the version it is pinned to (audited)',
          params: idParamSchema,
          response: { 200: formInstanceSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getInstance(orgContext(request, deps), { id: request.params.id });
      },
    );

    app.put(
      '/api/forms/instances/:id/submit',
      {
        config: { ...write, ...phi },
        schema: {
          tags,
          summary:
            "Save a draft's answers, or submit them (every field checked against the pinned version: 400 naming each field). 409 when the form is submitted already, or when another save came after `revision` (the form as it stands is in `current`)",
          params: idParamSchema,
          body: formInstanceSubmitSchema,
          response: { 200: formInstanceSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => saveInstance(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.put(
      '/api/forms/instances/:id/review',
      {
        config: { ...review, ...phi },
        schema: {
          tags,
          summary:
            'Mark a submitted form reviewed, or approve a submitted or reviewed one, with a comment (managers and administrators)',
          params: idParamSchema,
          body: formInstanceReviewSchema,
          response: { 200: formInstanceSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) =>
        reviewInstance(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.put(
      '/api/forms/instances/:id/assignment',
      {
        config: { ...write, ...phi },
        schema: {
          tags,
          summary:
            'Assign a draft to a user of the organization (not a viewer), with a due date; null clears',
          params: idParamSchema,
          body: formInstanceAssignmentSchema,
          response: { 200: formInstanceSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        assignInstance(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.get(
      '/api/forms/instances/:id/history',
      {
        config: read,
        schema: {
          tags,
          summary:
            "A form's edit history, newest first: who saved, submitted, reviewed or assigned it, when, and which fields changed (audited)",
          params: idParamSchema,
          response: { 200: formInstanceHistorySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return instanceHistory(orgContext(request, deps), { id: request.params.id });
      },
    );

    app.delete(
      '/api/forms/instances/:id',
      {
        config: write,
        schema: {
          tags,
          summary: 'Delete a draft form (002 §4: only drafts; 409 otherwise)',
          params: idParamSchema,
          response: { 200: formInstanceDeleteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deleteInstance(orgContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/forms/analytics/overview',
      {
        config: read,
        schema: {
          tags,
          summary:
            "The organization's form analytics for a date range (default the last 30 days), optionally one program: totals, completion, by type, most used, compliance (cached 5 minutes; cleared by any change)",
          querystring: formAnalyticsQuerySchema,
          response: { 200: formAnalyticsOverviewSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => analyticsOverview(orgContext(request, deps), request.query),
    );

    app.get(
      '/api/forms/analytics/export',
      {
        config: read,
        schema: {
          tags,
          summary: 'The analytics overview as a CSV download: the whole range, each form type, each template',
          querystring: formAnalyticsQuerySchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const { fileName, csv } = await exportAnalyticsCsv(orgContext(request, deps), request.query);
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
