import {
  idString,
  savedProviderCreateSchema,
  savedProviderDeleteResponseSchema,
  savedProviderListQuerySchema,
  savedProviderListSchema,
  savedProviderSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext, userContext } from '../../../platform/request-context.ts';
import { listSavedProviders, removeSavedProvider, saveProvider } from './service.ts';

// 001 §2.5 My Providers is a personal list: every route needs a session and acts for the signed-in user only.
// Saving acts for the active organization too (issue #12): it decides which providers may be saved, and a
// provider added by hand belongs to it (private until a platform operator verifies it).
const session = { auth: 'session' as const };
const forOrganization = { auth: { org: true as const } };
const tags = ['saved-providers'];

const providerIdParamSchema = z.object({
  provider_id: idString('provider_id must be a positive integer.'),
});

export function savedProvidersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/saved-providers',
      {
        config: session,
        schema: {
          tags,
          summary:
            "The signed-in user's saved providers, newest first, searched by name, type, place or service",
          querystring: savedProviderListQuerySchema,
          response: { 200: savedProviderListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => listSavedProviders(userContext(request, deps), request.query),
    );

    app.post(
      '/api/saved-providers',
      {
        config: forOrganization,
        schema: {
          tags,
          summary:
            "Save a directory provider (by provider_id), or add a new provider (Add New Provider, 001 §2.4) and save it; 409 when already saved. A new provider is private to the active organization (verification_status 'private') until a platform operator verifies it",
          body: savedProviderCreateSchema,
          response: { 201: savedProviderSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await saveProvider(orgContext(request, deps), request.body)),
    );

    app.delete(
      '/api/saved-providers/:provider_id',
      {
        config: session,
        schema: {
          tags,
          summary: "Remove a provider from the signed-in user's list",
          params: providerIdParamSchema,
          response: { 200: savedProviderDeleteResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        removeSavedProvider(userContext(request, deps), { providerId: request.params.provider_id }),
    );
  };
}
