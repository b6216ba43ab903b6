import { dashboardStatsSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
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
      async (request) => dashboardStats(orgContext(request, deps)),
    );
  };
}
