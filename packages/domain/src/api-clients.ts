import { z } from 'zod';
import { timestampSchema } from './common.ts';

// Issue #21 item 4: an organization's API clients (OAuth2 client credentials, RFC 6749 §4.4) and their tokens.

/**
 * The scopes an API client can be granted (SMART-style): reading and writing the FHIR API of its organization.
 * A person's session has every power their roles give and no scopes.
 */
export const API_SCOPES = ['fhir/*.read', 'fhir/*.write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** What each scope lets a client do, for the settings screen. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'fhir/*.read': 'Read FHIR resources of the organization',
  'fhir/*.write': 'Create and update FHIR resources of the organization (referrals and their tasks)',
};

/** An access token lives one hour (RFC 6749 §4.4.3 `expires_in`); the client asks for a new one after. */
export const API_TOKEN_TTL_S = 3600;

export const API_CLIENT_NAME_MAX = 100;

export const API_CLIENT_MESSAGES = {
  notFound: 'API client not found.',
  nameRequired: 'Give the client a name.',
  nameTooLong: `A name has at most ${API_CLIENT_NAME_MAX} characters.`,
  scopesRequired: 'Choose at least one scope.',
  scopeUnknown: `A scope is one of ${API_SCOPES.join(', ')}.`,
  scopesRepeated: 'Each scope may be listed once.',
  alreadyRevoked: 'This API client was already revoked.',
  routeNotAllowed: 'API clients may call only the FHIR API.',
  scopeMissing: (scope: ApiScope) => `This API client is not granted the ${scope} scope.`,
  secretShownOnce: 'Copy the secret now: it is shown only once and cannot be read again.',
  serviceAccountSignIn: 'This account belongs to an API client and cannot sign in with a password.',
} as const;

/** An API client as its organization's admins see it: never its secret, nor the secret's hash. */
export const apiClientSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    client_id: z.string(),
    scopes: z.array(z.enum(API_SCOPES)),
    created_at: timestampSchema,
    /** The name of the admin who created it (null once that account is gone). */
    created_by_name: z.string().nullable(),
    last_used_at: timestampSchema.nullable(),
    revoked_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ApiClient' });
export type ApiClient = z.infer<typeof apiClientSchema>;

export const apiClientListSchema = z.object({ api_clients: z.array(apiClientSchema) });
export type ApiClientList = z.infer<typeof apiClientListSchema>;

export const apiClientCreateSchema = z.strictObject({
  name: z
    .string({ error: API_CLIENT_MESSAGES.nameRequired })
    .trim()
    .min(1, API_CLIENT_MESSAGES.nameRequired)
    .max(API_CLIENT_NAME_MAX, API_CLIENT_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_SCOPES, { error: API_CLIENT_MESSAGES.scopeUnknown }), {
      error: API_CLIENT_MESSAGES.scopesRequired,
    })
    .min(1, API_CLIENT_MESSAGES.scopesRequired)
    .refine((scopes) => new Set(scopes).size === scopes.length, API_CLIENT_MESSAGES.scopesRepeated),
});
export type ApiClientCreate = z.infer<typeof apiClientCreateSchema>;

/** The answer of a creation: the only time `client_secret` is ever sent. */
export const apiClientCreatedSchema = apiClientSchema
  .extend({ client_secret: z.string() })
  .meta({ id: 'ApiClientCreated' });
export type ApiClientCreated = z.infer<typeof apiClientCreatedSchema>;

// ---- POST /oauth/token (RFC 6749 §4.4, §5) ----------------------------------------------------------------

/**
 * The token request's parameters as they come (form-encoded or JSON). Every one is optional here: the route
 * answers a missing or repeated one with the RFC's `invalid_request`, not with the app's validation envelope.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  scope: z.string().max(1000).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** RFC 6749 §5.1. */
export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    scope: z.string(),
  })
  .meta({ id: 'OAuthToken' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** RFC 6749 §5.2 error codes this server answers. */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'unsupported_grant_type',
  'invalid_scope',
  // Not in §5.2: the attempt limit (RFC 6749 leaves the extension open; 429 with Retry-After).
  'slow_down',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

/** RFC 6749 §5.2 error answer of the token endpoint. */
export const oauthErrorSchema = z
  .object({ error: z.enum(OAUTH_ERRORS), error_description: z.string() })
  .meta({ id: 'OAuthError' });
export type OAuthError = z.infer<typeof oauthErrorSchema>;

export const OAUTH_MESSAGES = {
  grantTypeMissing: 'grant_type is required.',
  grantTypeUnsupported: 'Only grant_type=client_credentials is supported.',
  credentialsMissing: 'Client credentials are required: HTTP Basic, or client_id and client_secret.',
  credentialsTwice: 'Send the client credentials one way only: HTTP Basic or the request body.',
  basicMalformed: 'The Authorization header is not valid HTTP Basic credentials.',
  invalidClient: 'Client authentication failed.',
  scopeInvalid: 'The requested scope is unknown or exceeds the scopes granted to the client.',
  bodyInvalid: 'The token request is malformed.',
  tooManyAttempts: (wait: string) => `Too many failed attempts. Please wait ${wait} and try again.`,
} as const;
