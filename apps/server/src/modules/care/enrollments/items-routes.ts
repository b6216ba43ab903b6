import {
  activityCreateSchema,
  activityUpdateSchema,
  enrollmentActivityListSchema,
  enrollmentActivitySchema,
  enrollmentGoalCreateSchema,
  enrollmentGoalListSchema,
  enrollmentGoalSchema,
  enrollmentGoalUpdateSchema,
  enrollmentItemDeleteResponseSchema,
  enrollmentItemsQuerySchema,
  enrollmentNoteCreateSchema,
  enrollmentNoteListSchema,
  enrollmentNoteSchema,
  enrollmentNoteUpdateSchema,
  idParamSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { createActivity, deleteActivity, listActivities, updateActivity } from './activities-service.ts';
import { createGoal, deleteGoal, listGoals, updateGoal } from './goals-service.ts';
import { createNote, deleteNote, listNotes, updateNote } from './notes-service.ts';
import { read, write } from './routes.ts';

// 002 §7 "Enrollments": the activities, notes and goals of an enrollment. Each is reached through its enrollment:
// the caller must see it (staff: the enrollments they manage), else the record is not found (404).

const noStore = { 'cache-control': 'no-store' };

export function activitiesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/enrollments/activities',
      {
        config: { ...write, ...phiRoute('enrollment_activity') },
        schema: {
          tags: ['enrollments'],
          summary:
            'Record an activity of an enrollment (002 §9 defaults: outreach, today, scheduled); billing_activity_id must be of its program',
          body: activityCreateSchema,
          response: { 201: enrollmentActivitySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createActivity(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/enrollments/:id/activities',
      {
        config: { ...read, ...phiRoute('enrollment_activity') },
        schema: {
          tags: ['enrollments'],
          summary: "An enrollment's activities, newest first, one page (audited)",
          params: idParamSchema,
          querystring: enrollmentItemsQuerySchema,
          response: { 200: enrollmentActivityListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return listActivities(orgContext(request, deps), {
          enrollmentId: request.params.id,
          ...request.query,
        });
      },
    );

    app.put(
      '/api/enrollments/activities/:id',
      {
        config: { ...write, ...phiRoute('enrollment_activity') },
        schema: {
          tags: ['enrollments'],
          summary: 'Change an activity (completing it records completed_at)',
          params: idParamSchema,
          body: activityUpdateSchema,
          response: { 200: enrollmentActivitySchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) =>
        updateActivity(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.delete(
      '/api/enrollments/activities/:id',
      {
        config: write,
        schema: {
          tags: ['enrollments'],
          summary: 'Delete an activity',
          params: idParamSchema,
          response: { 200: enrollmentItemDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteActivity(orgContext(request, deps), { id: request.params.id }),
    );
  };
}

export function notesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/enrollments/notes',
      {
        config: { ...write, ...phiRoute('enrollment_note') },
        schema: {
          tags: ['enrollments'],
          summary:
            'Write a note on an enrollment (note text required; type general unless sent; confidential optional)',
          body: enrollmentNoteCreateSchema,
          response: { 201: enrollmentNoteSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createNote(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/enrollments/:id/notes',
      {
        config: { ...read, ...phiRoute('enrollment_note') },
        schema: {
          tags: ['enrollments'],
          summary:
            "An enrollment's notes the caller may read (confidential ones: their author, managers and administrators), newest first (audited)",
          params: idParamSchema,
          querystring: enrollmentItemsQuerySchema,
          response: { 200: enrollmentNoteListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return listNotes(orgContext(request, deps), { enrollmentId: request.params.id, ...request.query });
      },
    );

    app.put(
      '/api/enrollments/notes/:id',
      {
        config: { ...write, ...phiRoute('enrollment_note') },
        schema: {
          tags: ['enrollments'],
          summary: 'Change a note (its author, a manager or an administrator)',
          params: idParamSchema,
          body: enrollmentNoteUpdateSchema,
          response: { 200: enrollmentNoteSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => updateNote(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.delete(
      '/api/enrollments/notes/:id',
      {
        config: write,
        schema: {
          tags: ['enrollments'],
          summary: 'Delete a note (its author, a manager or an administrator)',
          params: idParamSchema,
          response: { 200: enrollmentItemDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteNote(orgContext(request, deps), { id: request.params.id }),
    );
  };
}

export function goalsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/enrollments/goals',
      {
        config: { ...write, ...phiRoute('enrollment_goal') },
        schema: {
          tags: ['enrollments'],
          summary:
            'Set a goal on an enrollment (goal text required; category health and status active unless sent)',
          body: enrollmentGoalCreateSchema,
          response: { 201: enrollmentGoalSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createGoal(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/enrollments/:id/goals',
      {
        config: { ...read, ...phiRoute('enrollment_goal') },
        schema: {
          tags: ['enrollments'],
          summary: "An enrollment's goals, newest first (audited)",
          params: idParamSchema,
          querystring: enrollmentItemsQuerySchema,
          response: { 200: enrollmentGoalListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return listGoals(orgContext(request, deps), { enrollmentId: request.params.id, ...request.query });
      },
    );

    app.put(
      '/api/enrollments/goals/:id',
      {
        config: { ...write, ...phiRoute('enrollment_goal') },
        schema: {
          tags: ['enrollments'],
          summary: 'Change a goal (completing it records completed_at)',
          params: idParamSchema,
          body: enrollmentGoalUpdateSchema,
          response: { 200: enrollmentGoalSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => updateGoal(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.delete(
      '/api/enrollments/goals/:id',
      {
        config: write,
        schema: {
          tags: ['enrollments'],
          summary: 'Delete a goal',
          params: idParamSchema,
          response: { 200: enrollmentItemDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteGoal(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
