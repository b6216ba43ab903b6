import type { OAuthErrorCode } from '@trust/domain';

/**
 * A refusal of the token endpoint in RFC 6749 §5.2's terms. Not an AppError: the OAuth clients that call
 * `POST /oauth/token` read `{ error, error_description }`, not the app's envelope (token-routes.ts renders it).
 */
export class OAuthFailure extends Error {
  readonly error: OAuthErrorCode;
  /** Seconds to wait, for a refusal by the attempt limits. */
  readonly retryAfterS: number | undefined;

  constructor(error: OAuthErrorCode, description: string, options: { retryAfterS?: number } = {}) {
    super(description);
    this.error = error;
    this.retryAfterS = options.retryAfterS;
  }
}

/** RFC 6749 §5.2: 400 for everything but a failed client authentication (401) — and 429 past the limits. */
export function oauthStatus(error: OAuthErrorCode): number {
  if (error === 'invalid_client') return 401;
  if (error === 'slow_down') return 429;
  return 400;
}
