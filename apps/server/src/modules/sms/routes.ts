import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';

// Two-way SMS with providers (001 §2.12): send, conversations, Twilio's inbound and status webhooks.
export function smsRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
