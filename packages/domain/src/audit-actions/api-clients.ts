/** Audit-log actions of the api-clients interop area (issue #21). */
export const API_CLIENTS_AUDIT_ACTIONS = {
  'api_client.list_read': "Read the organization's API clients",
  'api_client.created': 'Created an API client (OAuth2 client credentials) and its service account',
  'api_client.revoked': 'Revoked an API client and ended its tokens',
  'api_client.token_issued': 'An API client obtained an access token',
  'api_client.token_refused': 'Refused an access token request (client authentication or scope)',
  'auth.login_refused_service_account': "Sign-in refused: the account is an API client's service account",
} as const satisfies Record<string, string>;
