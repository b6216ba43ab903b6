import {
  dashboardActivityQuerySchema,
  dashboardActivitySchema,
  dashboardStatsSchema,
  dashboardTrendQuerySchema,
  dashboardTrendSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { dashboardActivity, dashboardStats, dashboardTrend } from './service.ts';

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

    app.get(
      '/api/dashboard/activity',
      {
        config: { auth: { org: true } },
        schema: {
          tags: ['dashboard'],
          summary:
            "Recent Activity of the user dashboard: the organization's referral history, newest first, personal or organization-wide; referral numbers, never member names (003 §2.4)",
          querystring: dashboardActivityQuerySchema,
          response: { 200: dashboardActivitySchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => dashboardActivity(orgContext(request, deps), request.query),
    );

    app.get(
      '/api/dashboard/trend',
      {
        config: { auth: { org: true } },
        schema: {
          tags: ['dashboard'],
          summary:
            'Referrals created in each of the last 12 months by current status, personal or organization-wide (003 §2.4)',
          querystring: dashboardTrendQuerySchema,
          response: { 200: dashboardTrendSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => dashboardTrend(orgContext(request, deps), request.query),
    );
  };
}
