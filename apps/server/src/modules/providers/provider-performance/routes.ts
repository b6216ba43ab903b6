import {
  ORG_ROLES,
  type OrgRole,
  ownListingsSchema,
  providerPerformanceCsvQuerySchema,
  providerPerformanceListSchema,
  providerPerformanceQuerySchema,
  ratingsUpdateRequestSchema,
  ratingsUpdateResponseSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { updateGoogleRatings } from './ratings-service.ts';
import { exportProviderPerformanceCsv, getProviderPerformance, listOwnListings } from './service.ts';

// Every route acts for the active organization (X-CBO-ID, checked against the caller's memberships).
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read; refreshing ratings writes provider rows, so it takes any other role. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

export function providerPerformanceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/provider-performance',
      {
        config: read,
        schema: {
          tags: ['provider-performance'],
          summary:
            "Provider Performance (001 §2.19): figures per provider from the active organization's referrals, by range, searched, one page",
          querystring: providerPerformanceQuerySchema,
          response: { 200: providerPerformanceListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => getProviderPerformance(orgContext(request, deps), request.query),
    );

    app.get(
      '/api/provider-performance/csv',
      {
        config: read,
        schema: {
          tags: ['provider-performance'],
          summary:
            "'Export CSV' (001 §2.19): every provider of the list's filter (range, search), not only one page, as a CSV download",
          querystring: providerPerformanceCsvQuerySchema,
          response: errorResponses(400, 401, 403),
        },
      },
      async (request, reply) => {
        const { fileName, csv } = await exportProviderPerformanceCsv(
          orgContext(request, deps),
          request.query,
        );
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

    app.post(
      '/api/provider-performance/ratings',
      {
        config: write,
        schema: {
          tags: ['provider-performance'],
          summary:
            "'Update Google Ratings' (001 §2.19, §8, §9): Places API lookups in batches of 5, 200 ms apart, cached 24 h",
          body: ratingsUpdateRequestSchema,
          response: { 200: ratingsUpdateResponseSchema, ...errorResponses(400, 401, 403, 422, 503) },
        },
      },
      async (request) => updateGoogleRatings(orgContext(request, deps), request.body),
    );

    app.get(
      '/api/provider-performance/own-listings',
      {
        config: read,
        schema: {
          tags: ['provider-performance'],
          summary: "The active organization's own provider listings, whose capacity its users set",
          response: { 200: ownListingsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => listOwnListings(orgContext(request, deps)),
    );
  };
}
