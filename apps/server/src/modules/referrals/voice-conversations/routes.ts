import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';

export function voiceConversationRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
