import { OAUTH_MESSAGES } from '@trust/domain';
import {
  type AttemptRule,
  type AttemptSlot,
  addressKey,
  clearAttempts,
  refundAttempt,
  takeAttempts,
  waitText,
} from '../../../platform/attempt-limits.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { OAuthFailure } from './oauth-error.ts';

const MINUTE = 60_000;

/**
 * The token endpoint's limits, the sign-in's mechanism (platform/attempt-limits.ts: one atomic statement per
 * counter, taken before the secret is checked). A client secret is 256 random bits, so these do not protect
 * the secret; they keep a guessing script from turning the endpoint into free work for the database.
 */
export const TOKEN_ATTEMPT_RULES = {
  /** One client id from one address. */
  pair: { scope: 'oauth:pair', max: 10, windowMs: 15 * MINUTE },
  /** One address, whatever the client id. */
  address: { scope: 'oauth:address', max: 60, windowMs: 15 * MINUTE },
} as const satisfies Record<string, AttemptRule>;

export type TokenAttempt = { pair: AttemptSlot; address: AttemptSlot };

/** Takes the attempt's slots, or refuses with `slow_down` (429, Retry-After). */
export async function beginTokenAttempt(
  ctx: ServiceContext,
  input: { clientId: string; now: Date },
): Promise<TokenAttempt> {
  const ip = addressKey(ctx.meta.ip ?? 'unknown');
  const attempt: TokenAttempt = {
    address: { rule: TOKEN_ATTEMPT_RULES.address, subject: ip },
    pair: { rule: TOKEN_ATTEMPT_RULES.pair, subject: `${input.clientId}|${ip}` },
  };
  const verdict = await takeAttempts(ctx.db, [attempt.address, attempt.pair], input.now);
  if (!verdict.allowed) {
    throw new OAuthFailure('slow_down', OAUTH_MESSAGES.tooManyAttempts(waitText(verdict.retryAfterS)), {
      retryAfterS: verdict.retryAfterS,
    });
  }
  return attempt;
}

/** The client authenticated: its failures from this address are forgotten, the address slot given back. */
export async function tokenAttemptSucceeded(ctx: ServiceContext, attempt: TokenAttempt) {
  await refundAttempt(ctx.db, attempt.address);
  await clearAttempts(ctx.db, attempt.pair);
}
