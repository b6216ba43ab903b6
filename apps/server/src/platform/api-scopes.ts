import { API_CLIENT_MESSAGES, type ApiScope } from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

// The scopes themselves are wire data (packages/domain/src/api-clients.ts): the settings screen lists them too.
export { API_SCOPES, type ApiScope, isApiScope } from '@trust/domain';

/**
 * Refuses an API client whose token lacks the scope (403 api_client.scope_missing); a person's session passes.
 * Route handlers call it before reading or changing anything.
 */
export function assertScope(request: FastifyRequest, scope: ApiScope): void {
  const client = request.auth?.client;
  if (client && !client.scopes.includes(scope)) {
    throw new AppError('api_client.scope_missing', API_CLIENT_MESSAGES.scopeMissing(scope));
  }
}
