import {
  importBatchRequestSchema,
  importBatchResponseSchema,
  importJobIdParamSchema,
  importJobSchema,
  importStartRequestSchema,
  importStartResponseSchema,
  importStatsSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { userContext } from '../../../platform/request-context.ts';
import { cancelImportJob, getImportJob, getImportStats, startBatchImport, startImport } from './service.ts';

// 002 §7 "Provider import (separate service)": the import manager runs with the directory (SERVER_MODULES=
// directory starts both) and in the full server. Every call needs a session of a platform operator (the
// service refuses anyone else with 403): the spec's screen sends no token, which we do not copy.
const session = { auth: 'session' as const };
const tags = ['provider imports'];

export function providerImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/import/stats',
      {
        config: session,
        schema: {
          tags,
          summary: 'Directory providers by source, active jobs and the recent jobs (platform operators)',
          response: { 200: importStatsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => getImportStats(userContext(request, deps)),
    );

    app.post(
      '/api/import/start',
      {
        config: session,
        schema: {
          tags,
          summary: 'Start one import job over the states, `limit` providers per state (platform operators)',
          body: importStartRequestSchema,
          response: { 200: importStartResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => startImport(userContext(request, deps), request.body),
    );

    app.post(
      '/api/import/batch',
      {
        config: session,
        schema: {
          tags,
          summary: 'Start one NPPES import job per state (platform operators)',
          body: importBatchRequestSchema,
          response: { 200: importBatchResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => startBatchImport(userContext(request, deps), request.body),
    );

    app.get(
      '/api/import/jobs/:id',
      {
        config: session,
        schema: {
          tags,
          summary: 'One import job with its progress, results, usage and cost (platform operators)',
          params: importJobIdParamSchema,
          response: { 200: importJobSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getImportJob(userContext(request, deps), { id: request.params.id }),
    );

    app.post(
      '/api/import/jobs/:id/cancel',
      {
        config: session,
        schema: {
          tags,
          summary: 'Cancel a queued or running import job; anything else is a 409 (platform operators)',
          params: importJobIdParamSchema,
          response: { 200: importJobSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => cancelImportJob(userContext(request, deps), { id: request.params.id }),
    );
  };
}
