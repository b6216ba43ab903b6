import { activeCboRequestSchema, activeCboResponseSchema, membershipListSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/errors.ts';
import { listMyMemberships, setActiveOrganization } from './service.ts';

export function orgsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/cbos/users/me/organizations',
      {
        schema: {
          tags: ['organizations'],
          summary: "The caller's organization memberships (002 §7)",
          response: { 200: membershipListSchema, ...errorResponses(401) },
        },
      },
      async (request) => listMyMemberships(deps.database.db, requireAuth(request).user.id),
    );

    app.post(
      '/api/cbos/users/me/active-cbo',
      {
        schema: {
          tags: ['organizations'],
          summary: 'Choose the active organization (002 §7)',
          body: activeCboRequestSchema,
          response: { 200: activeCboResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => setActiveOrganization(deps.database, requireAuth(request), request.body.cbo_id),
    );
  };
}
