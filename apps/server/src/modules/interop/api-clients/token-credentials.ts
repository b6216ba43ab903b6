import { OAUTH_MESSAGES } from '@trust/domain';
import { OAuthFailure } from './oauth-error.ts';

export type ClientCredentials = { clientId: string; secret: string; via: 'basic' | 'body' };

/** RFC 6749 §2.3.1: Basic's id and secret are form-encoded before being joined (so either may hold a colon). */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    throw new OAuthFailure('invalid_request', OAUTH_MESSAGES.basicMalformed);
  }
}

function fromBasic(header: string): { clientId: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthFailure('invalid_request', OAUTH_MESSAGES.basicMalformed);
  return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

/**
 * The client's credentials from HTTP Basic or the body (RFC 6749 §2.3.1), never both (§2.3: one method per
 * request). An `Authorization` header of another scheme is not client authentication and is ignored here.
 */
export function clientCredentials(
  authorization: string | undefined,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): ClientCredentials {
  const basic = authorization ? fromBasic(authorization) : null;
  const inBody = body.client_id !== undefined || body.client_secret !== undefined;
  if (basic && inBody) throw new OAuthFailure('invalid_request', OAUTH_MESSAGES.credentialsTwice);
  if (basic) {
    if (!basic.clientId || !basic.secret) {
      throw new OAuthFailure('invalid_client', OAUTH_MESSAGES.invalidClient);
    }
    return { ...basic, via: 'basic' };
  }
  if (!body.client_id || !body.client_secret) {
    throw new OAuthFailure('invalid_request', OAUTH_MESSAGES.credentialsMissing);
  }
  return { clientId: body.client_id, secret: body.client_secret, via: 'body' };
}
