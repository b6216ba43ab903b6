import {
  ORG_ROLES,
  type OrgRole,
  ownListingsSchema,
  providerPerformanceListSchema,
  providerPerformanceQuerySchema,
  ratingsUpdateRequestSchema,
  ratingsUpdateResponseSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { updateGoogleRatings } from './ratings-service.ts';
import { getProviderPerformance, listOwnListings } from './service.ts';

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
