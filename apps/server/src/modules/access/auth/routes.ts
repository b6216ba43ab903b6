import {
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  okSchema,
  type TwoFactorMethod,
  twoFactorLoginResponseSchema,
  verifyLoginRequestSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { openContext, userContext } from '../../../platform/request-context.ts';
import { clearSessionCookie, setSessionCookie } from '../../../platform/session-cookie.ts';
import { deviceTokenOf } from './device-token.ts';
import { login, logout, me, verifySecondFactor } from './service.ts';

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
      async (request, reply) => {
        const answer = await login(openContext(request, deps), {
          ...request.body,
          deviceToken: deviceTokenOf(request.headers),
        });
        // The browser's session is the HttpOnly cookie; access_token stays in the answer for API clients.
        if (!answer.requires_2fa) setSessionCookie(request, reply, answer.access_token, answer.expires_at);
        return answer;
      },
    );

    // 003 §7.1: the second factor after a requires_2fa answer. Open routes: the caller has no session yet; a
    // live challenge from a correct password of that email is what lets them in.
    const verifyRoutes: [string, TwoFactorMethod, string][] = [
      ['/auth/login/verify-2fa', 'sms', 'Finish sign-in with the SMS code'],
      ['/api/auth/2fa/totp/verify-login', 'totp', 'Finish sign-in with an authenticator code'],
      ['/api/auth/2fa/backup-codes/verify', 'backup', 'Finish sign-in with a backup code (single use)'],
    ];
    for (const [url, method, summary] of verifyRoutes) {
      app.post(
        url,
        {
          config: { auth: 'public' },
          schema: {
            tags: ['auth'],
            summary,
            body: verifyLoginRequestSchema,
            response: { 200: twoFactorLoginResponseSchema, ...errorResponses(400, 401, 429) },
          },
        },
        async (request, reply) => {
          const answer = await verifySecondFactor(openContext(request, deps), {
            ...request.body,
            method,
            deviceToken: deviceTokenOf(request.headers),
          });
          setSessionCookie(request, reply, answer.access_token, answer.expires_at);
          return answer;
        },
      );
    }

    app.get(
      '/auth/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user; also keeps the session alive',
          response: { 200: meResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => me(userContext(request, deps)),
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
      async (request, reply) => {
        await logout(userContext(request, deps));
        clearSessionCookie(request, reply);
        return { ok: true as const };
      },
    );
  };
}
