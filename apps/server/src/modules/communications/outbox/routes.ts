import { idParamSchema, outboundMessageSchema, outboxListQuerySchema, outboxListSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { userContext } from '../../../platform/request-context.ts';
import { getOutboxMessage, listOutbox } from './service.ts';

export function outboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/outbox',
      {
        config: { auth: 'session', ...phiRoute('outbound_message') },
        schema: {
          tags: ['outbox'],
          summary:
            'Every email and SMS sent, newest first, paged (platform operators); bodies carrying PHI are withheld, and one-time links and codes unless the local driver delivers them',
          querystring: outboxListQuerySchema,
          response: { 200: outboxListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listOutbox(userContext(request, deps), request.query),
    );

    app.get(
      '/api/outbox/:id',
      {
        config: { auth: 'session', ...phiRoute('outbound_message') },
        schema: {
          tags: ['outbox'],
          summary:
            'One sent email or SMS in full (platform operators); a message carrying PHI is opened here and the read audited',
          params: idParamSchema,
          response: { 200: outboundMessageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getOutboxMessage(userContext(request, deps), { id: request.params.id }),
    );
  };
}
