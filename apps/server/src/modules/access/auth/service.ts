import {
  type AuditAction,
  type ErrorReason,
  type LoginAnswer,
  MESSAGES,
  type Me,
  maskPhone,
  SESSION_IDLE_MINUTES,
  TWO_FACTOR_MESSAGES,
  type TwoFactorLoginResponse,
  type TwoFactorMethod,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { isPlatformOperator } from '../../../platform/auth.ts';
import { inTransaction, type ServiceContext, type UserContext } from '../../../platform/context.ts';
import { verifyPassword } from '../../../platform/crypto.ts';
import { AppError } from '../../../platform/errors.ts';
import { createSession, endSession, IDLE_MS } from '../../../platform/sessions.ts';
import { findUserByEmail, recordLogin } from '../../administration/users/service.ts';
import { toUserWire, type UserRow } from '../../administration/users/wire.ts';
import { consentStatusFor } from '../consent/service.ts';
import * as twoFactor from '../two-factor/service.ts';
import * as repo from './repo.ts';
import {
  beginSignInAttempt,
  clientAddress,
  notAFailure,
  type SignInAttempt,
  signInSucceeded,
} from './sign-in-limits.ts';

function sessionTimes(startedAt: Date, expiresAt: Date) {
  return {
    session_started_at: startedAt.toISOString(),
    expires_at: expiresAt.toISOString(),
    idle_timeout_s: SESSION_IDLE_MINUTES * 60,
  };
}

/**
 * A session for a user who has proven who they are, inside the caller's transaction: consent status (003
 * §4.1 step 3; the session is marked so routes can insist on consent first), last login, the attempt that
 * resets the failure count, the audit row.
 */
async function openSession(
  ctx: ServiceContext,
  input: { user: UserRow; now: Date; audited: { action: AuditAction; details?: Record<string, unknown> } },
) {
  const { user, now, audited } = input;
  const consentStatus = await consentStatusFor(ctx, { userId: user.id });
  const { token, session } = await createSession(ctx.db, {
    userId: user.id,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
    now,
    consentRequired: consentStatus.requires_consent,
  });
  await recordLogin(ctx, { userId: user.id, at: now });
  // The address this account now signed in from is "known" for 30 days (sign-in-limits.ts).
  await repo.recordAttempt(ctx.db, {
    email: user.email.toLowerCase(),
    ip: clientAddress(ctx),
    succeeded: true,
  });
  await audit(ctx.db, ctx, { ...audited, entityType: 'user', entityId: user.id }, user.id);
  return {
    access_token: token,
    token_type: 'bearer' as const,
    user: toUserWire({ ...user, lastLogin: now }),
    consent_status: consentStatus,
    requires_2fa: false as const,
    ...sessionTimes(session.createdAt, session.expiresAt),
  };
}

/**
 * 003 §4.1 sign-in. The attempt takes its slots on the limits before the password is checked (issue #12,
 * sign-in-limits.ts), so parallel guesses cannot pass a limit. A wrong email and a wrong password get the same
 * answer in the same time. An account with SMS or an authenticator app gets a challenge instead of a session
 * unless the request comes from one of its trusted devices (X-Device-Token).
 */
export async function login(
  ctx: ServiceContext,
  input: { email: string; password: string; deviceToken: string | undefined },
): Promise<LoginAnswer> {
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const attempt = await beginSignInAttempt(ctx, { email, now, deviceToken: input.deviceToken });

  const found = await findUserByEmail(ctx, { email });
  // Issue #21: an API client's service account never signs in with a password. Refused before its (unusable)
  // hash is looked at, with the answer and timing of a wrong password, and audited as what it is.
  const serviceAccount = found?.kind === 'api_client';
  const user = serviceAccount ? undefined : found;
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (serviceAccount && found) {
    await ctx.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { email, ip: attempt.ip, succeeded: false });
      await audit(
        tx,
        ctx,
        { action: 'auth.login_refused_service_account', entityType: 'user', entityId: found.id },
        found.id,
      );
    });
    throw new AppError('auth.invalid_credentials', MESSAGES.invalidCredentials);
  }

  if (!user || !valid) {
    await ctx.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { email, ip: attempt.ip, succeeded: false });
      await audit(tx, ctx, { action: 'auth.login_failed', entityType: 'user', entityId: user?.id }, user?.id);
    });
    throw new AppError('auth.invalid_credentials', MESSAGES.invalidCredentials);
  }
  if (!user.isActive) {
    await audit(
      ctx.db,
      ctx,
      { action: 'auth.login_refused_inactive', entityType: 'user', entityId: user.id },
      user.id,
    );
    throw new AppError('auth.account_disabled', MESSAGES.accountDisabled);
  }

  const answer = await ctx.db.transaction(async (tx): Promise<LoginAnswer> => {
    const txCtx = inTransaction(ctx, tx);
    const methods = await twoFactor.loginMethods(txCtx, { user });
    const trusted =
      methods.length > 0 &&
      (await twoFactor.isTrustedDevice(txCtx, { userId: user.id, deviceToken: input.deviceToken, now }));
    if (methods.length === 0 || trusted) {
      return openSession(txCtx, {
        user,
        now,
        audited: { action: 'auth.login', details: trusted ? { trusted_device: true } : undefined },
      });
    }
    await twoFactor.startChallenge(txCtx, { user, methods, now });
    return {
      requires_2fa: true,
      email: user.email,
      phone_number_masked: methods.includes('sms') ? maskPhone(user.phoneNumber) : null,
      available_methods: methods,
    };
  });
  // The counters change after the commit, outside the transaction. A right password that still needs its
  // second factor is no failure, but no success either: the counters are not cleared, so wrong codes keep
  // counting however often the password step is repeated.
  if (answer.requires_2fa) await notAFailure(ctx, { attempt });
  else await signInSucceeded(ctx, { attempt });
  return answer;
}

/**
 * 003 §7.1 the three verify-login calls. Each needs a live challenge from a correct password of that email.
 * A code attempt takes its slots on the sign-in limits (the same counters as passwords) and one attempt of the
 * challenge (3 for an SMS code, 003 §9) before the code is looked at; every refusal is audited.
 */
export async function verifySecondFactor(
  ctx: ServiceContext,
  input: {
    method: TwoFactorMethod;
    email: string;
    code: string;
    remember_device: boolean;
    deviceToken: string | undefined;
  },
): Promise<TwoFactorLoginResponse> {
  const { method } = input;
  const email = input.email.trim().toLowerCase();
  const code = input.code.trim();
  const now = new Date();
  const attempt: SignInAttempt = await beginSignInAttempt(ctx, {
    email,
    now,
    deviceToken: input.deviceToken,
  });

  const user = await findUserByEmail(ctx, { email });
  const challenge = user?.isActive
    ? await twoFactor.findLiveChallenge(ctx, { userId: user.id, now })
    : undefined;

  // The audit row keeps the message as the refusal's text (the security log shows it); the caller gets the
  // reason and the message.
  const fail = async (reason: ErrorReason, message: string) => {
    await ctx.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { email, ip: attempt.ip, succeeded: false });
      await audit(
        tx,
        ctx,
        {
          action: 'auth.2fa_failed',
          entityType: 'user',
          entityId: user?.id,
          details: { method, reason: message },
        },
        user?.id,
      );
    });
    return new AppError(reason, message);
  };
  const refuse = (refusal: twoFactor.CodeRefusal) => fail(refusal, twoFactor.CODE_REFUSALS[refusal]);

  if (!user || !challenge) throw await fail('auth.challenge_missing', TWO_FACTOR_MESSAGES.noChallenge);
  if (!(await twoFactor.takeChallengeAttempt(ctx, { challengeId: challenge.id, method }))) {
    throw await fail('auth.too_many_codes', TWO_FACTOR_MESSAGES.tooManyCodeAttempts);
  }

  if (method === 'sms') {
    const refusal = twoFactor.checkSmsCode(ctx, { challenge, code, now });
    if (refusal) throw await refuse(refusal);
  }

  type Outcome =
    | { ok: false; refusal: twoFactor.CodeRefusal | 'auth.challenge_used' }
    | {
        ok: true;
        signedIn: Awaited<ReturnType<typeof openSession>>;
        device: { token: string; name: string } | null;
      };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const txCtx = inTransaction(ctx, tx);
    if (method === 'totp') {
      const refusal = await twoFactor.checkTotpCode(txCtx, { userId: user.id, code, now });
      if (refusal) return { ok: false, refusal };
    }
    if (method === 'backup') {
      const refusal = await twoFactor.useBackupCode(txCtx, { userId: user.id, code, now });
      if (refusal) return { ok: false, refusal };
      await audit(
        tx,
        ctx,
        { action: 'auth.2fa_backup_code_used', entityType: 'user', entityId: user.id },
        user.id,
      );
    }
    if (!(await twoFactor.consumeChallenge(txCtx, { challengeId: challenge.id, now }))) {
      return { ok: false, refusal: 'auth.challenge_used' };
    }
    const device = input.remember_device
      ? await twoFactor.trustDevice(txCtx, { userId: user.id, now })
      : null;
    const signedIn = await openSession(txCtx, {
      user,
      now,
      audited: { action: 'auth.2fa_verified', details: { method, remember_device: input.remember_device } },
    });
    return { ok: true, signedIn, device };
  });
  if (!outcome.ok) {
    throw await (outcome.refusal === 'auth.challenge_used'
      ? fail(outcome.refusal, TWO_FACTOR_MESSAGES.noChallenge)
      : refuse(outcome.refusal));
  }
  await signInSucceeded(ctx, { attempt });
  return {
    ...outcome.signedIn,
    device_token: outcome.device?.token ?? null,
    device_name: outcome.device?.name ?? null,
  };
}

/** GET /auth/me: the caller, the organization the request acts for, and when the session ends. */
export function me(ctx: UserContext): Me {
  const auth = ctx.actor;
  const idleEnd = new Date(auth.lastSeenAt.getTime() + IDLE_MS);
  return {
    ...toUserWire(auth.user),
    active_cbo_id: auth.org?.id ?? null,
    org_role: auth.org?.role ?? null,
    is_platform_operator: isPlatformOperator(auth),
    consent_required: auth.consentRequired,
    ...sessionTimes(auth.sessionStartedAt, idleEnd < auth.expiresAt ? idleEnd : auth.expiresAt),
  };
}

/** Ends the caller's session (the route also clears the browser's cookie). */
export async function logout(ctx: UserContext) {
  const auth = ctx.actor;
  await ctx.db.transaction(async (tx) => {
    await endSession(tx, auth.sessionId);
    await audit(tx, ctx, { action: 'auth.logout', entityType: 'user', entityId: auth.user.id });
  });
}
