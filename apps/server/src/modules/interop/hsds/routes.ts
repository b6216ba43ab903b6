import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { openContext } from '../../../platform/request-context.ts';
import { hsdsErrorSchema, useHsdsErrors } from './error-routes.ts';
import {
  idParamsSchema,
  locationsQuerySchema,
  organizationQuerySchema,
  organizationsQuerySchema,
  serviceAtLocationsQuerySchema,
  servicesQuerySchema,
} from './query.ts';
import {
  getHsdsOrganization,
  getHsdsService,
  getHsdsServiceAtLocation,
  listHsdsLocations,
  listHsdsOrganizations,
  listHsdsServiceAtLocations,
  listHsdsServices,
} from './service.ts';

// Issue #21: the Open Referral HSDS 3.0 API under /hsds, open like the directory (it publishes what the public
// directory shows, whoever asks). Paths, parameters and shapes follow HSDS's schema/openapi.json (kept in
// schema-3.0/); the bodies are checked against the official schemas in the tests, so the response schemas
// here only describe them for /api/docs and let every field through.

const open = { auth: 'public' as const };
const tags = ['hsds'];

/** HSDS objects pass through as built (the official JSON schemas, not zod, are their definition). */
const hsdsObject = z.looseObject({ id: z.string() });
const hsdsPage = z.looseObject({
  total_items: z.number().int(),
  total_pages: z.number().int(),
  page_number: z.number().int(),
  size: z.number().int(),
  first_page: z.boolean(),
  last_page: z.boolean(),
  empty: z.boolean(),
  contents: z.array(hsdsObject),
});
const errors = { 400: hsdsErrorSchema, 404: hsdsErrorSchema };

/** The HSDS version, profile and API description of GET /hsds/ (openapi.json "getAPIMetaInformation"). */
export const HSDS_ROOT = {
  version: '3.0',
  // No HSDS profile: the base specification's canonical schema directory (docs/hsds/profiles.md).
  profile: 'https://github.com/openreferral/specification/tree/3.0/schema',
  openapi_url: 'https://raw.githubusercontent.com/openreferral/specification/3.0/schema/openapi.json',
};

function hsdsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    useHsdsErrors(app);

    app.get(
      '/',
      {
        config: open,
        schema: {
          tags,
          summary: 'HSDS: this API and its relationship with HSDS (version, profile, openapi_url)',
          response: {
            200: z.object({ version: z.string(), profile: z.string(), openapi_url: z.string() }),
          },
        },
      },
      async () => HSDS_ROOT,
    );

    app.get(
      '/services',
      {
        config: open,
        schema: {
          tags,
          summary:
            'HSDS: a page of services (search, taxonomy_term_id, taxonomy_id, organization_id, modified_after, postcode, proximity)',
          querystring: servicesQuerySchema,
          response: { 200: hsdsPage, ...errors },
        },
      },
      async (request) => listHsdsServices(openContext(request, deps), request.query),
    );

    app.get(
      '/services/:id',
      {
        config: open,
        schema: {
          tags,
          summary: 'HSDS: one fully nested service',
          params: idParamsSchema,
          response: { 200: hsdsObject, ...errors },
        },
      },
      async (request) => getHsdsService(openContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/organizations',
      {
        config: open,
        schema: {
          tags,
          summary: 'HSDS: a page of organizations (search)',
          querystring: organizationsQuerySchema,
          response: { 200: hsdsPage, ...errors },
        },
      },
      async (request) => listHsdsOrganizations(openContext(request, deps), request.query),
    );

    app.get(
      '/organizations/:id',
      {
        config: open,
        schema: {
          tags,
          summary: 'HSDS: one fully nested organization (full_service nests its services in full)',
          params: idParamsSchema,
          querystring: organizationQuerySchema,
          response: { 200: hsdsObject, ...errors },
        },
      },
      async (request) =>
        getHsdsOrganization(openContext(request, deps), {
          id: request.params.id,
          fullService: request.query.full_service,
        }),
    );

    app.get(
      '/locations',
      {
        config: open,
        schema: {
          tags,
          summary: 'HSDS: a page of locations (search, organization_id, modified_after, postcode, proximity)',
          querystring: locationsQuerySchema,
          response: { 200: hsdsPage, ...errors },
        },
      },
      async (request) => listHsdsLocations(openContext(request, deps), request.query),
    );

    app.get(
      '/service_at_locations',
      {
        config: open,
        schema: {
          tags,
          summary:
            'HSDS: a page of service_at_locations (search, taxonomy, organization_id, modified_after, postcode, proximity)',
          querystring: serviceAtLocationsQuerySchema,
          response: { 200: hsdsPage, ...errors },
        },
      },
      async (request) => listHsdsServiceAtLocations(openContext(request, deps), request.query),
    );

    app.get(
      '/service_at_locations/:id',
      {
        config: open,
        schema: {
          tags,
          summary: 'HSDS: one fully nested service_at_location',
          params: idParamsSchema,
          response: { 200: hsdsObject, ...errors },
        },
      },
      async (request) => getHsdsServiceAtLocation(openContext(request, deps), { id: request.params.id }),
    );
  };
}

/** Everything under /hsds in one encapsulated context: HSDS's error shape applies there and nowhere else. */
export function hsdsPlugin(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(hsdsRoutes(deps), { prefix: '/hsds' });
  };
}
