import { auditLogQuerySchema, auditLogSchema, ORG_ADMIN_ROLES } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { listSecurityLog } from './service.ts';

export function auditLogRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/audit-log',
      {
        // The active organization (X-CBO-ID) is checked against the caller's memberships by the auth hook.
        config: { auth: { org: true, orgRoles: ORG_ADMIN_ROLES } },
        schema: {
          tags: ['audit'],
          summary: "Security events of the active organization's members, newest first, paged",
          querystring: auditLogQuerySchema,
          response: { 200: auditLogSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listSecurityLog(orgContext(request, deps), request.query),
    );
  };
}
