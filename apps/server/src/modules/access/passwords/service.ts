import {
  type ChangePasswordRequest,
  changePasswordErrors,
  type ErrorReason,
  isEmailAddress,
  type MessageResponse,
  PASSWORD_MESSAGES,
  RESET_LINK_HOURS,
  type ResetPasswordRequest,
  resetPasswordErrors,
} from '@trust/domain';
import { queueEmail } from '../../../adapters/outbound.ts';
import {
  ATTEMPT_RULES,
  clearAttempts,
  rateLimited,
  refundAttempt,
  takeAttempt,
  tokenGuessMessage,
} from '../../../platform/attempt-limits.ts';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type ServiceContext, type UserContext } from '../../../platform/context.ts';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../../platform/crypto.ts';
import { AppError } from '../../../platform/errors.ts';
import { endUserSessions } from '../../../platform/sessions.ts';
import { findUserByEmail, setPasswordHash } from '../../administration/users/service.ts';
import { clearAccountFailures, clientAddress } from '../auth/sign-in-limits.ts';
import * as repo from './repo.ts';

/** The change-password answer past its limit (platform/attempt-limits.ts `confirmIdentity`). */
const changeLimitMessage = (wait: string) =>
  `Too many incorrect current passwords. Please wait ${wait} and try again.`;
/**
 * Every forgot-password answer takes at least this long, so an address with an account (token stored, email
 * queued) cannot be told from one without by timing.
 */
export const FORGOT_MIN_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function validationError(reason: ErrorReason, fields: Record<string, string>) {
  const first = Object.values(fields)[0];
  return first ? new AppError(reason, first, { fields }) : null;
}

/**
 * POST /api/auth/forgot-password. The same answer whether or not the address has an account (no account
 * enumeration): a token is made and hashed every time; only an active account gets a row and an email.
 */
export async function forgotPassword(
  ctx: ServiceContext,
  input: { email: string },
): Promise<MessageResponse> {
  const { deps } = ctx;
  const email = input.email.trim().toLowerCase();
  if (!isEmailAddress(email)) {
    throw new AppError('password.email_invalid', PASSWORD_MESSAGES.invalidEmail, {
      fields: { email: PASSWORD_MESSAGES.invalidEmail },
    });
  }
  const started = Date.now();
  const now = new Date();
  const token = randomToken();
  const tokenHash = hashToken(token);
  const user = await findUserByEmail(ctx, { email });
  if (user?.isActive) {
    // 5 reset emails per account in 15 minutes, counted in one atomic step (issue #12): parallel requests
    // cannot send a sixth. Past it the answer stays the same and nothing is sent.
    const slot = { rule: ATTEMPT_RULES.forgotPassword, subject: user.id };
    const verdict = await takeAttempt(ctx.db, slot, now);
    await ctx.db.transaction(async (tx) => {
      if (!verdict.allowed) {
        await audit(
          tx,
          ctx,
          { action: 'password.reset_rate_limited', entityType: 'user', entityId: user.id },
          user.id,
        );
        return;
      }
      await repo.insertReset(tx, {
        userId: user.id,
        tokenHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_LINK_HOURS * 3_600_000),
      });
      const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await queueEmail(deps, tx, {
        to: user.email,
        subject: 'Reset your Trust Marketplace password',
        text: [
          `Hello ${user.name},`,
          '',
          'Someone asked to reset the password of your Trust Marketplace account. To choose a new password, open:',
          link,
          '',
          'The link expires in 1 hour and works once. If you did not ask for it, ignore this email: your password stays the same.',
        ].join('\n'),
        category: 'password_reset',
        carriesSecret: true,
        userId: user.id,
      });
      await audit(
        tx,
        ctx,
        { action: 'password.reset_requested', entityType: 'user', entityId: user.id },
        user.id,
      );
    });
  }
  const elapsed = Date.now() - started;
  if (elapsed < FORGOT_MIN_MS) await sleep(FORGOT_MIN_MS - elapsed);
  return { message: PASSWORD_MESSAGES.forgotAnswer };
}

/**
 * POST /api/auth/reset-password: 003 §5 rules; a link works once, for 1 hour; ends every session. A token that
 * matches no link counts toward the address's limit of guesses (issue #12; 429 past it); the slot is taken
 * before the lookup and given back when the token was a real link (used or expired ones included).
 */
export async function resetPassword(
  ctx: ServiceContext,
  input: ResetPasswordRequest,
): Promise<MessageResponse> {
  const invalid = validationError('password.reset_invalid', resetPasswordErrors(input));
  if (invalid) throw invalid;
  const now = new Date();
  const db = ctx.db;
  const guess = { rule: ATTEMPT_RULES.tokenGuess, subject: clientAddress(ctx) };
  const verdict = await takeAttempt(db, guess, now);
  if (!verdict.allowed) throw rateLimited('token.too_many_guesses', verdict.retryAfterS, tokenGuessMessage);
  const tokenHash = hashToken(input.reset_token!.trim());
  const passwordHash = await hashPassword(input.new_password!);
  let realLink = false;
  try {
    const email = await db.transaction(async (tx) => {
      const found = await repo.findResetForUpdate(tx, tokenHash);
      realLink = Boolean(found);
      return resetWithLink(inTransaction(ctx, tx), found, passwordHash, now);
    });
    // The email's owner chose a new password: failures from unknown addresses stop slowing the account.
    await clearAccountFailures(ctx, { email });
    return { message: PASSWORD_MESSAGES.resetDone };
  } finally {
    if (realLink) await refundAttempt(db, guess);
  }
}

/** The reset itself, on the locked link row; returns the account's email. */
async function resetWithLink(
  ctx: ServiceContext,
  found: Awaited<ReturnType<typeof repo.findResetForUpdate>>,
  passwordHash: string,
  now: Date,
): Promise<string> {
  if (!found?.user.isActive) throw new AppError('password.reset_link_invalid', PASSWORD_MESSAGES.resetFailed);
  if (found.reset.usedAt) throw new AppError('password.reset_link_used', PASSWORD_MESSAGES.resetUsed);
  if (found.reset.expiresAt <= now) {
    throw new AppError('password.reset_link_expired', PASSWORD_MESSAGES.resetExpired);
  }
  const tx = ctx.db;
  await setPasswordHash(ctx, { userId: found.user.id, passwordHash });
  await repo.useAllResets(tx, found.user.id, now);
  // Whoever knew the old password is signed out everywhere.
  await endUserSessions(tx, found.user.id);
  await audit(
    tx,
    ctx,
    { action: 'password.reset', entityType: 'user', entityId: found.user.id },
    found.user.id,
  );
  return found.user.email;
}

/** POST /api/auth/change-password (003 §5, §8): ends the user's other sessions. */
export async function changePassword(
  ctx: UserContext,
  input: ChangePasswordRequest,
): Promise<MessageResponse> {
  const invalid = validationError('password.change_invalid', changePasswordErrors(input));
  if (invalid) throw invalid;
  const auth = ctx.actor;
  const db = ctx.db;
  const userId = auth.user.id;
  // The attempt takes its slot before the password is checked (issue #12): 5 wrong current passwords in 15
  // minutes, shared with the two-factor settings' confirmations, then 429.
  const slot = { rule: ATTEMPT_RULES.confirmIdentity, subject: userId };
  const verdict = await takeAttempt(db, slot);
  if (!verdict.allowed)
    throw rateLimited('password.too_many_changes', verdict.retryAfterS, changeLimitMessage);
  // A 400, not a 401: the session is fine, and a 401 would sign the client out.
  if (!(await verifyPassword(auth.user.passwordHash, input.current_password!))) {
    await audit(db, ctx, { action: 'password.change_failed', entityType: 'user', entityId: userId });
    throw new AppError('password.current_wrong', PASSWORD_MESSAGES.currentWrong, {
      fields: { current_password: PASSWORD_MESSAGES.currentWrong },
    });
  }
  await clearAttempts(db, slot);
  const passwordHash = await hashPassword(input.new_password!);
  await db.transaction(async (tx) => {
    await setPasswordHash(inTransaction(ctx, tx), { userId, passwordHash });
    await repo.useAllResets(tx, userId, new Date());
    await endUserSessions(tx, userId, auth.sessionId);
    await audit(tx, ctx, { action: 'password.changed', entityType: 'user', entityId: userId });
  });
  return { message: PASSWORD_MESSAGES.changed };
}

/**
 * A one-time link to choose a password for an account made without one (POST /api/users, 003 §7.5): the same
 * link row as a reset, in the caller's transaction, working until `expiresAt`. The caller emails the link
 * (it is a secret: never answered, never logged).
 */
export async function createPasswordSetupLink(
  ctx: ServiceContext,
  input: { userId: number; now: Date; expiresAt: Date },
): Promise<string> {
  const token = randomToken();
  await repo.insertReset(ctx.db, {
    userId: input.userId,
    tokenHash: hashToken(token),
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
  return `${ctx.deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
