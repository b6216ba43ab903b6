import {
  ATTEMPT_RULES,
  type AttemptSlot,
  addressKey,
  clearAttempts,
  rateLimited,
  refundAttempt,
  takeAttempts,
} from '../../../platform/attempt-limits.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { hashToken } from '../../../platform/crypto.ts';
import * as twoFactor from '../two-factor/service.ts';
import * as repo from './repo.ts';

/** An address where the account signed in within this many days is "known": others' failures never slow it. */
export const KNOWN_ADDRESS_DAYS = 30;

/** The sign-in answer past a limit; the wait comes from the counter that refused. */
export const signInLimitMessage = (wait: string) =>
  `Too many sign-in attempts. Please wait ${wait} and try again.`;

/** The client address as the limits and login_attempts count it (an IPv6 address by its /64). */
export function clientAddress(ctx: ServiceContext): string {
  return addressKey(ctx.meta.ip ?? 'unknown');
}

/** The slots one sign-in attempt holds, to give back or clear once its outcome is known. */
export type SignInAttempt = {
  address: AttemptSlot;
  pair: AttemptSlot;
  account: AttemptSlot;
  /** Whether the account counter was taken (not for a known address or a trusted device). */
  accountTaken: boolean;
  /** The address as the limits and login_attempts record it. */
  ip: string;
};

/**
 * Takes the slots of one sign-in attempt (password or second-factor code) BEFORE anything is checked (issue
 * #12, NIST SP 800-63B §5.2.2), or throws 429 with Retry-After:
 * - the client address: 30 in 15 minutes across accounts;
 * - the account from this address: 5 in 15 minutes;
 * - the account from anywhere it is not known: slowed down past 10 failures, at most 100 a day. An address
 *   where the account signed in in the last 30 days, or a trusted device of it (X-Device-Token), skips this
 *   one, so failures elsewhere never lock the real user out.
 * The same work runs whether or not the email has an account (no enumeration by the answer or its timing).
 */
export async function beginSignInAttempt(
  ctx: ServiceContext,
  input: { email: string; now: Date; deviceToken: string | undefined },
): Promise<SignInAttempt> {
  const { email, now, deviceToken: device } = input;
  const db = ctx.db;
  const ip = clientAddress(ctx);
  const attempt: SignInAttempt = {
    address: { rule: ATTEMPT_RULES.signInAddress, subject: ip },
    pair: { rule: ATTEMPT_RULES.signInPair, subject: `${email}|${ip}` },
    account: { rule: ATTEMPT_RULES.signInAccount, subject: email },
    accountTaken: false,
    ip,
  };
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const known =
    (await repo.signedInFrom(db, email, ip, since)) ||
    (device !== undefined &&
      (await twoFactor.isKnownDevice(ctx, { email, tokenHash: hashToken(device), now })));
  const slots = known ? [attempt.address, attempt.pair] : [attempt.address, attempt.pair, attempt.account];
  const verdict = await takeAttempts(db, slots, now);
  if (!verdict.allowed) throw rateLimited('auth.too_many_attempts', verdict.retryAfterS, signInLimitMessage);
  attempt.accountTaken = !known;
  return attempt;
}

/** The attempt was not a failure (a right password that still needs its second factor): slots back. */
export async function notAFailure(ctx: ServiceContext, input: { attempt: SignInAttempt }) {
  const { attempt } = input;
  await refundAttempt(ctx.db, attempt.address);
  await refundAttempt(ctx.db, attempt.pair);
  if (attempt.accountTaken) await refundAttempt(ctx.db, attempt.account);
}

/** Signed in: the account's series of failures ends (here and from unknown addresses); the address slot back. */
export async function signInSucceeded(ctx: ServiceContext, input: { attempt: SignInAttempt }) {
  const { attempt } = input;
  await refundAttempt(ctx.db, attempt.address);
  await clearAttempts(ctx.db, attempt.pair);
  await clearAttempts(ctx.db, attempt.account);
}

/** A password reset proves the account's email: failures from unknown addresses stop slowing it. */
export async function clearAccountFailures(ctx: ServiceContext, input: { email: string }) {
  const subject = input.email.trim().toLowerCase();
  await clearAttempts(ctx.db, { rule: ATTEMPT_RULES.signInAccount, subject });
}
