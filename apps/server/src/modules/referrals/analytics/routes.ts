import { analyticsQuerySchema, metricsSchema, platformImpactSchema, serviceGapsSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { openContext, orgContext } from '../../../platform/request-context.ts';
import { serviceGapsCsv, serviceGapsFileName } from './gaps-csv.ts';
import { serviceGaps } from './gaps-service.ts';
import { platformImpact } from './impact-service.ts';
import { systemMetrics } from './metrics-service.ts';

export function analyticsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/metrics',
      {
        config: { auth: { org: true } },
        schema: {
          tags: ['analytics'],
          summary:
            'System Metrics: rates, response time and top CBOs of the organization or the network (003 §2.5, §3, §7.6)',
          querystring: analyticsQuerySchema,
          response: { 200: metricsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => systemMetrics(orgContext(request, deps), request.query),
    );

    app.get(
      '/api/service-gaps',
      {
        config: { auth: { org: true } },
        schema: {
          tags: ['analytics'],
          summary:
            'Service gaps: referrals that ended without service, by kind, need, county, reason and month',
          querystring: analyticsQuerySchema,
          response: { 200: serviceGapsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => serviceGaps(orgContext(request, deps), request.query),
    );

    app.get(
      '/api/service-gaps/csv',
      {
        config: { auth: { org: true } },
        schema: {
          tags: ['analytics'],
          summary:
            'The service gaps by county and by need as CSV (the same figures as GET /api/service-gaps)',
          querystring: analyticsQuerySchema,
          response: { 200: z.string(), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const gaps = await serviceGaps(orgContext(request, deps), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${serviceGapsFileName(gaps)}"`)
          .send(serviceGapsCsv(gaps));
      },
    );

    app.get(
      '/api/impact',
      {
        // Open: the landing page shows it to every visitor. Network-wide counts only, no PHI.
        config: { auth: 'public' },
        schema: {
          tags: ['analytics'],
          summary: 'Platform Impact of the landing page: network-wide counts, cached 5 minutes (003 §2.3)',
          response: { 200: platformImpactSchema },
        },
      },
      async (request) => platformImpact(openContext(request, deps)),
    );
  };
}
