import { idParamSchema, memberTimelineSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { memberTimeline } from './service.ts';

export function memberTimelineRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/members/:id/timeline',
      {
        config: { auth: { org: true as const }, ...phiRoute('member') },
        schema: {
          tags: ['members'],
          summary:
            "A member's Activity Timeline: referrals, enrollments, activities, notes, goals and documents, newest first (the latest 100; audited)",
          params: idParamSchema,
          response: { 200: memberTimelineSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => memberTimeline(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
