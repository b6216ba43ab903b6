import { dashboardStatsSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOrg } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { dashboardStats } from './service.ts';

export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dashboard/stats',
      {
        config: { auth: { org: true } },
        schema: {
          tags: ['dashboard'],
          summary:
            "Stat cards of the user dashboard: the caller's referrals and the organization's (003 §2.4)",
          response: { 200: dashboardStatsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const auth = requireOrg(request);
        return dashboardStats(deps.database, auth.org.id, auth.user.id);
      },
    );
  };
}
