import {
  countySearchQuerySchema,
  directoryFeedbackRequestSchema,
  directoryFeedbackResponseSchema,
  directoryProviderSchema,
  directorySearchResultSchema,
  directoryServicesSchema,
  geocodeRequestSchema,
  geocodeResponseSchema,
  idParamSchema,
  providerCapacityRequestSchema,
  providerDetailQuerySchema,
  providerListQuerySchema,
  providerVerifyResponseSchema,
  radiusSearchQuerySchema,
  unverifiedProviderListQuerySchema,
  unverifiedProviderListSchema,
  zipSearchQuerySchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { openContext, orgContext, userContext } from '../../../platform/request-context.ts';
import { confirmListing } from './freshness-service.ts';
import {
  geocode,
  getProvider,
  listProviders,
  listServices,
  searchByCounty,
  searchByZip,
  searchRadius,
  setCapacity,
  submitDirectoryFeedback,
} from './service.ts';
import { listUnverifiedProviders, verifyProvider } from './verification-service.ts';

// 001 §7 "Provider directory API (separate service)" and the issue: the directory is open to signed-out
// visitors (finding community resources needs no account). It holds no PHI. What each caller sees follows one
// rule (issue #12): public and verified providers, plus the providers its active organization added by hand;
// signed out, public and verified only (visibility.ts viewerOf).
const open = { auth: 'public' as const };
const tags = ['directory'];

/** The directory service, mounted under /directory; `SERVER_MODULES=directory` starts only this (and health). */
export function directoryRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/directory/geocode',
      {
        config: open,
        schema: {
          tags,
          summary: "A 5-digit ZIP, a 'lat,lng' pair or an address → a point (001 §5, §7)",
          body: geocodeRequestSchema,
          response: { 200: geocodeResponseSchema, ...errorResponses(400) },
        },
      },
      async (request) => geocode(openContext(request, deps), { address: request.body.address }),
    );

    app.get(
      '/directory/search/radius',
      {
        config: open,
        schema: {
          tags,
          summary: 'Providers within radius_miles of a point, nearest first, with the filters of 001 §7',
          querystring: radiusSearchQuerySchema,
          response: { 200: directorySearchResultSchema, ...errorResponses(400) },
        },
      },
      async (request) => searchRadius(openContext(request, deps), request.query),
    );

    app.get(
      '/directory/search/by-zip',
      {
        config: open,
        schema: {
          tags,
          summary: "Providers within radius_miles of a ZIP code's centroid, nearest first",
          querystring: zipSearchQuerySchema,
          response: { 200: directorySearchResultSchema, ...errorResponses(400) },
        },
      },
      async (request) => searchByZip(openContext(request, deps), request.query),
    );

    app.get(
      '/directory/search/by-county',
      {
        config: open,
        schema: {
          tags,
          summary: 'Providers of a county, by name',
          querystring: countySearchQuerySchema,
          response: { 200: directorySearchResultSchema, ...errorResponses(400) },
        },
      },
      async (request) => searchByCounty(openContext(request, deps), request.query),
    );

    app.get(
      '/directory/providers/:id',
      {
        config: open,
        schema: {
          tags,
          summary: 'One provider, with the distance from an optional point',
          params: idParamSchema,
          querystring: providerDetailQuerySchema,
          response: { 200: directoryProviderSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const { latitude, longitude } = request.query;
        const from = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
        return getProvider(openContext(request, deps), { id: request.params.id, from });
      },
    );

    app.get(
      '/directory/services',
      {
        config: open,
        schema: { tags, summary: 'The services providers offer', response: { 200: directoryServicesSchema } },
      },
      async (request) => ({ services: await listServices(openContext(request, deps)) }),
    );

    app.post(
      '/directory/feedback',
      {
        config: open,
        schema: {
          tags,
          summary: 'Report a problem with a directory record (001 §7)',
          body: directoryFeedbackRequestSchema,
          response: { 201: directoryFeedbackResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await submitDirectoryFeedback(openContext(request, deps), request.body)),
    );
  };
}

/** The product's own provider routes under /api (001 §7 GET /api/providers, and capacity). */
export function providersApiRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/providers',
      {
        config: open,
        schema: {
          tags,
          summary: 'Providers: the nearest within radius_miles of latitude/longitude, else by name (001 §7)',
          querystring: providerListQuerySchema,
          response: { 200: directorySearchResultSchema, ...errorResponses(400) },
        },
      },
      async (request) => listProviders(openContext(request, deps), request.query),
    );

    app.get(
      '/api/providers/:id',
      {
        config: open,
        schema: {
          tags,
          summary: 'One provider',
          params: idParamSchema,
          response: { 200: directoryProviderSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => getProvider(openContext(request, deps), { id: request.params.id }),
    );

    // Issue #12: platform operators verify the providers organizations added by hand. A session, not an
    // organization: verifying is platform-wide; the service refuses everyone but operators (403).
    app.get(
      '/api/providers/unverified',
      {
        config: { auth: 'session' as const },
        schema: {
          tags,
          summary:
            'Providers added by hand awaiting verification, newest first, with the adding organization, who added it and when (platform operators)',
          querystring: unverifiedProviderListQuerySchema,
          response: { 200: unverifiedProviderListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listUnverifiedProviders(userContext(request, deps), request.query),
    );

    app.post(
      '/api/providers/:id/verify',
      {
        config: { auth: 'session' as const },
        schema: {
          tags,
          summary:
            'Verify a provider added by hand: it joins the public directory and every organization’s matching, and its web form may be used (platform operators)',
          params: idParamSchema,
          response: { 200: providerVerifyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => verifyProvider(userContext(request, deps), { id: request.params.id }),
    );

    app.put(
      '/api/providers/:id/capacity',
      {
        config: { auth: { org: true as const } },
        schema: {
          tags,
          summary:
            "Set a provider's capacity (accepting, waitlist with the expected wait, full); its own users only",
          params: idParamSchema,
          body: providerCapacityRequestSchema,
          response: { 200: directoryProviderSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => setCapacity(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );

    // Issue #18 item 7: a provider's own organization says its listing is current, in one click.
    app.post(
      '/api/providers/:id/confirm-listing',
      {
        config: { auth: { org: true as const } },
        schema: {
          tags,
          summary:
            "Confirm a provider's listing is current (last verified now, data quality recomputed); administrators and managers of its own organization only",
          params: idParamSchema,
          response: { 200: directoryProviderSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => confirmListing(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
