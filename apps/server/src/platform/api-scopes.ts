import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The scopes an API client can be granted (issue #21, SMART-style): reading and writing the FHIR API of its
 * organization. A person's session has every power their roles give and no scopes.
 */
export const API_SCOPES = ['fhir/*.read', 'fhir/*.write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/**
 * Refuses an API client whose grant lacks the scope (403 api_client.scope_missing); a person's session passes.
 * Route handlers call it before reading or changing anything.
 */
export function assertScope(request: FastifyRequest, scope: ApiScope): void {
  const client = request.auth?.client;
  if (client && !client.scopes.includes(scope)) {
    throw new AppError('api_client.scope_missing', `This API client is not granted the ${scope} scope.`);
  }
}
