import type { ErrorCode } from '../errors.ts';

/** Refusals of API clients and their tokens (issue #21). */
export const API_CLIENTS_ERROR_REASONS = {
  /** An API client's session calling outside its granted scopes (platform/api-scopes.ts). */
  'api_client.scope_missing': 'forbidden',
  /** An API client's session calling a route that does not declare `config.apiClients`. */
  'api_client.route_not_allowed': 'forbidden',
  /** No API client of that id in the active organization (another organization's is not found either). */
  'api_client.not_found': 'not_found',
  /** Revoking a client that is already revoked. */
  'api_client.already_revoked': 'conflict',
} as const satisfies Record<string, ErrorCode>;
