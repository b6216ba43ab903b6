import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { openContext, userContext } from '../../../platform/request-context.ts';
import { changePassword, forgotPassword, resetPassword } from './service.ts';

export function passwordsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/forgot-password',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['passwords'],
          summary:
            'Email a reset link valid 1 hour; the same answer whether or not the address has an account',
          body: forgotPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400) },
        },
      },
      async (request) => forgotPassword(openContext(request, deps), request.body),
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['passwords'],
          summary: 'Set a new password with a reset link (single use; ends every session)',
          body: resetPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
        },
      },
      async (request) => resetPassword(openContext(request, deps), request.body),
    );

    app.post(
      '/api/auth/change-password',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['passwords'],
          summary: "Change the signed-in user's password (ends their other sessions)",
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => changePassword(userContext(request, deps), request.body),
    );
  };
}
