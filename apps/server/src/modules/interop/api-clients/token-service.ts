import {
  API_TOKEN_TTL_S,
  type ApiScope,
  isApiScope,
  OAUTH_MESSAGES,
  type TokenResponse,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { hashToken, safeEqual } from '../../../platform/crypto.ts';
import { createSession } from '../../../platform/sessions.ts';
import { OAuthFailure } from './oauth-error.ts';
import * as repo from './repo.ts';
import { clientCredentials } from './token-credentials.ts';
import { beginTokenAttempt, tokenAttemptSucceeded } from './token-limits.ts';

/** A hash nothing matches, compared against when the client id is unknown, so both take the same time. */
const NO_CLIENT_HASH = hashToken('no such client');

/**
 * RFC 6749 §3.3: space-separated scope tokens; the token gets them, which must all be in the grant. Absent (or
 * blank), the token gets the whole grant.
 */
function grantedScopes(requested: string | undefined, grant: readonly ApiScope[]): ApiScope[] | null {
  if (requested === undefined || requested.trim() === '') return [...grant];
  const asked = [...new Set(requested.split(' ').filter(Boolean))];
  if (!asked.every((s) => isApiScope(s) && grant.includes(s))) return null;
  return asked as ApiScope[];
}

/**
 * POST /oauth/token, client credentials grant (RFC 6749 §4.4). The attempt takes its slots on the limits before
 * the secret is compared; a failure keeps them, a success clears the client's series. The token is a session of
 * the client's service account, carrying the client and its scopes, ending in one hour.
 */
export async function issueClientToken(
  ctx: ServiceContext,
  input: {
    grantType: string | undefined;
    /** The request's Authorization header (HTTP Basic), if any. */
    authorization: string | undefined;
    body: { client_id?: string | undefined; client_secret?: string | undefined };
    scope: string | undefined;
  },
): Promise<TokenResponse> {
  if (!input.grantType) throw new OAuthFailure('invalid_request', OAUTH_MESSAGES.grantTypeMissing);
  if (input.grantType !== 'client_credentials') {
    throw new OAuthFailure('unsupported_grant_type', OAUTH_MESSAGES.grantTypeUnsupported);
  }
  const { clientId, secret } = clientCredentials(input.authorization, input.body);
  const now = new Date();
  const attempt = await beginTokenAttempt(ctx, { clientId, now });

  const found = await repo.findByClientId(ctx.db, clientId);
  const secretMatches = safeEqual(hashToken(secret), found?.client.secretHash ?? NO_CLIENT_HASH);
  const client = found?.client;
  const refuse = async (error: 'invalid_client' | 'invalid_scope', why: string, description: string) => {
    await audit(ctx.db, ctx, {
      action: 'api_client.token_refused',
      entityType: 'api_client',
      ...(client ? { entityId: client.id, organizationId: client.organizationId } : {}),
      details: { error, why },
    });
    return new OAuthFailure(error, description);
  };

  if (!client || !secretMatches) {
    throw await refuse(
      'invalid_client',
      client ? 'wrong_secret' : 'unknown_client',
      OAUTH_MESSAGES.invalidClient,
    );
  }
  // A revoked client (or one whose account was disabled) is refused like a wrong secret: nothing to learn.
  if (client.revokedAt || !found.serviceUserActive) {
    throw await refuse(
      'invalid_client',
      client.revokedAt ? 'revoked' : 'inactive',
      OAUTH_MESSAGES.invalidClient,
    );
  }
  await tokenAttemptSucceeded(ctx, attempt);

  const scopes = grantedScopes(input.scope, client.scopes.filter(isApiScope));
  if (!scopes) throw await refuse('invalid_scope', 'scope_not_granted', OAUTH_MESSAGES.scopeInvalid);

  const token = await ctx.db.transaction(async (tx) => {
    const { token } = await createSession(tx, {
      userId: client.serviceUserId,
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent,
      now,
      apiClient: { id: client.id, scopes, ttlMs: API_TOKEN_TTL_S * 1000 },
    });
    await repo.setLastUsed(tx, client.id, now);
    await audit(
      tx,
      ctx,
      {
        action: 'api_client.token_issued',
        entityType: 'api_client',
        entityId: client.id,
        organizationId: client.organizationId,
        details: { scopes },
      },
      client.serviceUserId,
    );
    return token;
  });
  return { access_token: token, token_type: 'Bearer', expires_in: API_TOKEN_TTL_S, scope: scopes.join(' ') };
}
