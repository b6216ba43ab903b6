import {
  enrollmentCreateSchema,
  enrollmentDeleteResponseSchema,
  enrollmentListQuerySchema,
  enrollmentListSchema,
  enrollmentSchema,
  enrollmentUpdateSchema,
  idParamSchema,
  ORG_WRITER_ROLES,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import {
  createEnrollment,
  deleteEnrollment,
  getEnrollment,
  listEnrollments,
  updateEnrollment,
} from './service.ts';

// 002 §7 "Enrollments". Every call needs a session and acts for the active organization (X-CBO-ID); viewers read,
// the other roles write (staff only the enrollments they manage, decided by the service). Both spellings of each
// path answer (`/api/enrollments/` as the spec's client sends it): the router ignores a trailing slash (app.ts).

export const read = { auth: { org: true as const } };
export const write = { auth: { org: true as const, orgRoles: ORG_WRITER_ROLES } };

export function enrollmentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/enrollments',
      {
        config: { ...read, ...phiRoute('enrollment') },
        schema: {
          tags: ['enrollments'],
          summary:
            'One page of the enrollments the caller sees (staff: those they manage), newest first, with the member, program and status filters (002 §7; audited)',
          querystring: enrollmentListQuerySchema,
          response: { 200: enrollmentListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return listEnrollments(orgContext(request, deps), request.query);
      },
    );

    app.post(
      '/api/enrollments',
      {
        config: { ...write, ...phiRoute('enrollment') },
        schema: {
          tags: ['enrollments'],
          summary:
            'Enroll a member of the organization in one of its active programs (Pending or Active; an Active one takes a place of the capacity unless a manager overrides it, audited). A staff member becomes its case manager.',
          body: enrollmentCreateSchema,
          response: { 201: enrollmentSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createEnrollment(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/enrollments/:id',
      {
        config: { ...read, ...phiRoute('enrollment') },
        schema: {
          tags: ['enrollments'],
          summary: 'One enrollment, with the statuses the caller may move it to (audited)',
          params: idParamSchema,
          response: { 200: enrollmentSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getEnrollment(orgContext(request, deps), { id: request.params.id });
      },
    );

    app.put(
      '/api/enrollments/:id',
      {
        config: { ...write, ...phiRoute('enrollment') },
        schema: {
          tags: ['enrollments'],
          summary:
            'Change an enrollment: the fields sent; a status goes through the state machine (422 for a step it does not allow, 409 when activating a full program without a manager’s override_capacity)',
          params: idParamSchema,
          body: enrollmentUpdateSchema,
          response: { 200: enrollmentSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        updateEnrollment(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.delete(
      '/api/enrollments/:id',
      {
        config: write,
        schema: {
          tags: ['enrollments'],
          summary:
            'Delete an enrollment with its activities, documents, notes and goals (managers and administrators; 002 §5 asks first)',
          params: idParamSchema,
          response: { 200: enrollmentDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteEnrollment(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
