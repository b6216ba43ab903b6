import {
  importBillingPeriodQuerySchema,
  importDependencyCreateSchema,
  importDependencyListSchema,
  importDependencySchema,
  importExecutionOrderQuerySchema,
  importExecutionOrderSchema,
  importMonthlyCostSchema,
  importRecommendationSchema,
  importScheduleCreateSchema,
  importScheduleIdParamSchema,
  importScheduleListSchema,
  importScheduleRunResponseSchema,
  importScheduleSchema,
  importScheduleUpdateSchema,
  importTrendQuerySchema,
  importTrendSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { userContext } from '../../../platform/request-context.ts';
import { monthlyCosts, optimalTime, scheduleCostTrend } from './analytics-service.ts';
import {
  addScheduleDependency,
  createSchedule,
  deleteSchedule,
  listScheduleDependencies,
  listSchedules,
  runScheduleNow,
  scheduleExecutionOrder,
  toggleSchedule,
  updateScheduleTiming,
} from './schedules-service.ts';

// 002 §7 "Provider import": schedules, their dependencies, costs and recommendations (platform operators).
const session = { auth: 'session' as const };
const tags = ['provider imports'];
const params = importScheduleIdParamSchema;

export function importScheduleRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/import/schedules',
      {
        config: session,
        schema: {
          tags,
          summary: 'Every import schedule with its runs, and the dependency graph (platform operators)',
          response: {
            200: importScheduleListSchema.extend({
              dependencies: importDependencyListSchema.shape.dependencies,
            }),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) => listSchedules(userContext(request, deps)),
    );

    app.post(
      '/api/import/schedules',
      {
        config: session,
        schema: {
          tags,
          summary: 'Create an import schedule (a preset frequency or a custom cron, UTC)',
          body: importScheduleCreateSchema,
          response: { 200: importScheduleSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => createSchedule(userContext(request, deps), request.body),
    );

    // Before /:id routes: a literal path.
    app.get(
      '/api/import/schedules/execution-order',
      {
        config: session,
        schema: {
          tags,
          summary: 'The order to run the given schedules in: each after those it depends on',
          querystring: importExecutionOrderQuerySchema,
          response: { 200: importExecutionOrderSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => scheduleExecutionOrder(userContext(request, deps), request.query),
    );

    app.put(
      '/api/import/schedules/:id',
      {
        config: session,
        schema: {
          tags,
          summary: "Change a schedule's frequency and cron (applying a recommendation)",
          params,
          body: importScheduleUpdateSchema,
          response: { 200: importScheduleSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        updateScheduleTiming(userContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.delete(
      '/api/import/schedules/:id',
      {
        config: session,
        schema: {
          tags,
          summary: 'Delete a schedule and its dependencies (its past jobs stay)',
          params,
          response: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteSchedule(userContext(request, deps), { id: request.params.id }),
    );

    app.post(
      '/api/import/schedules/:id/toggle',
      {
        config: session,
        schema: {
          tags,
          summary: 'Enable or disable a schedule',
          params,
          response: { 200: importScheduleSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => toggleSchedule(userContext(request, deps), { id: request.params.id }),
    );

    app.post(
      '/api/import/schedules/:id/run',
      {
        config: session,
        schema: {
          tags,
          summary: 'Run a schedule now (409 while a run of it is in progress)',
          params,
          response: { 200: importScheduleRunResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => runScheduleNow(userContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/import/schedules/:id/dependencies',
      {
        config: session,
        schema: {
          tags,
          summary: 'The dependencies that touch a schedule, either way',
          params,
          response: { 200: importDependencyListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listScheduleDependencies(userContext(request, deps), { id: request.params.id }),
    );

    app.post(
      '/api/import/schedules/:id/dependencies',
      {
        config: session,
        schema: {
          tags,
          summary: 'Make a schedule run after another (success, completion or conditional); a cycle is a 409',
          params,
          body: importDependencyCreateSchema,
          response: { 200: importDependencySchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        addScheduleDependency(userContext(request, deps), { id: request.params.id, ...request.body }),
    );

    app.get(
      '/api/import/schedules/:id/optimal-time',
      {
        config: session,
        schema: {
          tags,
          summary: 'The weekday and hour (UTC) its runs went best, from its recorded runs (422 under 5 runs)',
          params,
          response: { 200: importRecommendationSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => optimalTime(userContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/import/costs/monthly',
      {
        config: session,
        schema: {
          tags,
          summary: 'The month’s import cost by type and by source, from the runs’ recorded usage',
          querystring: importBillingPeriodQuerySchema,
          response: { 200: importMonthlyCostSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => monthlyCosts(userContext(request, deps), request.query),
    );

    app.get(
      '/api/import/costs/schedule/:id/trend',
      {
        config: session,
        schema: {
          tags,
          summary: "A schedule's cost per month, oldest first, with the average",
          params,
          querystring: importTrendQuerySchema,
          response: { 200: importTrendSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        scheduleCostTrend(userContext(request, deps), {
          id: request.params.id,
          months: request.query.months,
        }),
    );
  };
}
