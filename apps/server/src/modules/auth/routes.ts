import { loginRequestSchema, loginResponseSchema, meResponseSchema, okSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/errors.ts';
import { login, logout, me } from './service.ts';

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password (003 §7.1)',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => login(deps.database, request, request.body),
    );

    app.get(
      '/auth/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user; also keeps the session alive',
          response: { 200: meResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => me(requireAuth(request)),
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          response: { 200: okSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        await logout(deps.database, request, requireAuth(request));
        return { ok: true as const };
      },
    );
  };
}
