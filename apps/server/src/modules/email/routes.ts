import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';

// Email conversations with providers (001 §2.13): templates, send, conversations, tracking, inbound.
export function emailRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
