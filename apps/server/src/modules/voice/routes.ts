import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';

// Calls and voicemail (001 §2.14–§2.16): place a call, call history, voicemails, Twilio's voice webhooks.
export function voiceRoutes(_deps: AppDeps): FastifyPluginAsyncZod {
  return async () => {};
}
