import {
  OAUTH_MESSAGES,
  type OAuthError,
  oauthErrorSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '@trust/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { openContext } from '../../../platform/request-context.ts';
import { OAuthFailure, oauthStatus } from './oauth-error.ts';
import { issueClientToken } from './token-service.ts';

/** RFC 6749 §5.1: token answers (and refusals) are never stored by a cache. */
function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

function usedBasic(request: FastifyRequest): boolean {
  return /^Basic\s/i.test(request.headers.authorization ?? '');
}

/**
 * Every refusal of the token endpoint in RFC 6749 §5.2's shape — its own (OAuthFailure) and those met before
 * the handler (a body that is not JSON or a form, bad text, a field of the wrong type, an oversized body): an
 * OAuth client library reads `error`, not the app's envelope. A server failure stays the app's 500.
 */
function oauthErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let body: OAuthError;
  let status: number;
  if (error instanceof OAuthFailure) {
    body = { error: error.error, error_description: error.message };
    status = oauthStatus(error.error);
    if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
  } else {
    const appStatus = error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (appStatus >= 500) throw error;
    body = { error: 'invalid_request', error_description: OAUTH_MESSAGES.bodyInvalid };
    status = 400;
  }
  // RFC 6749 §5.2: a client that tried HTTP Basic and failed is told which scheme to use again.
  if (status === 401 && usedBasic(request))
    reply.header('www-authenticate', 'Basic realm="oauth", charset="UTF-8"');
  return noStore(reply).status(status).type('application/json; charset=utf-8').send(body);
}

export function tokenRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/oauth/token',
      {
        // Open: the client authenticates with its own credentials here, not with a session.
        config: { auth: 'public' },
        errorHandler: oauthErrorHandler,
        schema: {
          tags: ['oauth'],
          summary:
            'Access token for an API client (OAuth2 client credentials, RFC 6749 §4.4): form-encoded or JSON, credentials by HTTP Basic or in the body',
          body: tokenRequestSchema,
          response: {
            200: tokenResponseSchema,
            400: oauthErrorSchema,
            401: oauthErrorSchema,
            429: oauthErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const body = request.body ?? {};
        const answer = await issueClientToken(openContext(request, deps), {
          grantType: body.grant_type,
          authorization: request.headers.authorization,
          body,
          scope: body.scope,
        });
        return noStore(reply).send(answer);
      },
    );
  };
}
