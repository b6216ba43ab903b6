import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';

// Automated provider web-form submission (001 §5 web form, §7).
export function webFormRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
