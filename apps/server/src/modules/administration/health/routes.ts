import { healthSchema, landingStatsSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { openContext } from '../../../platform/request-context.ts';
import { health, landingStats } from './service.ts';

export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['platform'],
          summary: 'Liveness and database health (003 §7.5, §7.7)',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const body = await health(openContext(request, deps));
        return reply.status(body.status === 'ok' ? 200 : 503).send(body);
      },
    );

    app.get(
      '/api/stats/landing',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['platform'],
          summary: 'Landing page counts: referrals, providers, auto-matched percent (003 §2.3)',
          response: { 200: landingStatsSchema },
        },
      },
      async (request) => landingStats(openContext(request, deps)),
    );
  };
}
