import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../../platform/deps.ts';

// Placeholder while issue #21 is built: the routes of this part are registered here.
export function fhirSubscriptionRoutes(_deps: AppDeps): FastifyPluginAsync {
  return async () => {};
}
