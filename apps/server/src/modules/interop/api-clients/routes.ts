import {
  apiClientCreatedSchema,
  apiClientCreateSchema,
  apiClientListSchema,
  apiClientSchema,
  idParamSchema,
  ORG_ADMIN_ROLES,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { createApiClient, listApiClients, revokeApiClient } from './service.ts';

// The active organization's admins (and a super_admin acting for it) manage its API clients; nobody else.
const admins = { auth: { org: true as const, orgRoles: ORG_ADMIN_ROLES } };

export function apiClientsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/api-clients',
      {
        config: admins,
        schema: {
          tags: ['api-clients'],
          summary: "The active organization's API clients (never their secrets)",
          response: { 200: apiClientListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => listApiClients(orgContext(request, deps)),
    );

    app.post(
      '/api/api-clients',
      {
        config: admins,
        schema: {
          tags: ['api-clients'],
          summary:
            'Create an API client (OAuth2 client credentials) and its service account; the secret is in this answer only',
          body: apiClientCreateSchema,
          response: { 201: apiClientCreatedSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const created = await createApiClient(orgContext(request, deps), request.body);
        // The secret must not be kept by any cache on the way.
        return reply.status(201).header('cache-control', 'no-store').send(created);
      },
    );

    app.post(
      '/api/api-clients/:id/revoke',
      {
        config: admins,
        schema: {
          tags: ['api-clients'],
          summary: 'Revoke an API client: no new tokens, and its current tokens end now',
          params: idParamSchema,
          response: { 200: apiClientSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => revokeApiClient(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
