import {
  type LoginAnswer,
  MESSAGES,
  type Me,
  maskPhone,
  SESSION_IDLE_MINUTES,
  TWO_FACTOR_MESSAGES,
  type TwoFactorLoginResponse,
  type TwoFactorMethod,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { Database, DbOrTx } from '../../../db/client.ts';
import { addressKey } from '../../../platform/attempt-limits.ts';
import { audit } from '../../../platform/audit.ts';
import { type AuthContext, isPlatformOperator } from '../../../platform/auth.ts';
import { verifyPassword } from '../../../platform/crypto.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { createSession, endSession, IDLE_MS } from '../../../platform/sessions.ts';
import {
  findUserByEmail,
  recordLogin,
  toUserWire,
  type UserRow,
} from '../../administration/users/service.ts';
import { consentStatusFor } from '../consent/service.ts';
import * as twoFactor from '../two-factor/service.ts';
import * as repo from './repo.ts';
import {
  beginSignInAttempt,
  deviceTokenOf,
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
export async function openSession(
  tx: DbOrTx,
  request: FastifyRequest,
  user: UserRow,
  now: Date,
  audited: { action: string; details?: Record<string, unknown> },
) {
  const consentStatus = await consentStatusFor(tx, user.id);
  const { token, session } = await createSession(tx, {
    userId: user.id,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    now,
    consentRequired: consentStatus.requires_consent,
  });
  await recordLogin(tx, user.id, now);
  // The address this account now signed in from is "known" for 30 days (sign-in-limits.ts).
  await repo.recordAttempt(tx, {
    email: user.email.toLowerCase(),
    ip: addressKey(request.ip),
    succeeded: true,
  });
  await audit(tx, request, { ...audited, entityType: 'user', entityId: user.id }, user.id);
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
  deps: AppDeps,
  request: FastifyRequest,
  input: { email: string; password: string },
): Promise<LoginAnswer> {
  const database = deps.database;
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const attempt = await beginSignInAttempt(database.db, request, email, now);

  const user = await findUserByEmail(database.db, email);
  const valid = await verifyPassword(user?.passwordHash, input.password);

  if (!user || !valid) {
    await database.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { email, ip: attempt.ip, succeeded: false });
      await audit(
        tx,
        request,
        { action: 'auth.login_failed', entityType: 'user', entityId: user?.id },
        user?.id,
      );
    });
    throw new AppError('unauthorized', MESSAGES.invalidCredentials);
  }
  if (!user.isActive) {
    await audit(
      database.db,
      request,
      { action: 'auth.login_refused_inactive', entityType: 'user', entityId: user.id },
      user.id,
    );
    throw new AppError('forbidden', MESSAGES.accountDisabled);
  }

  const answer = await database.db.transaction(async (tx): Promise<LoginAnswer> => {
    const methods = await twoFactor.loginMethods(tx, user);
    const trusted =
      methods.length > 0 &&
      (await twoFactor.isTrustedDevice(tx, user.id, deviceTokenOf(request), request.ip, now));
    if (methods.length === 0 || trusted) {
      return openSession(tx, request, user, now, {
        action: 'auth.login',
        details: trusted ? { trusted_device: true } : undefined,
      });
    }
    await twoFactor.startChallenge(deps, tx, request, user, methods, now);
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
  if (answer.requires_2fa) await notAFailure(database.db, attempt);
  else await signInSucceeded(database.db, attempt);
  return answer;
}

/**
 * 003 §7.1 the three verify-login calls. Each needs a live challenge from a correct password of that email.
 * A code attempt takes its slots on the sign-in limits (the same counters as passwords) and one attempt of the
 * challenge (3 for an SMS code, 003 §9) before the code is looked at; every refusal is audited.
 */
export async function verifySecondFactor(
  deps: AppDeps,
  request: FastifyRequest,
  method: TwoFactorMethod,
  input: { email: string; code: string; remember_device: boolean },
): Promise<TwoFactorLoginResponse> {
  const database = deps.database;
  const email = input.email.trim().toLowerCase();
  const code = input.code.trim();
  const now = new Date();
  const attempt: SignInAttempt = await beginSignInAttempt(database.db, request, email, now);

  const user = await findUserByEmail(database.db, email);
  const challenge = user?.isActive ? await twoFactor.findLiveChallenge(database.db, user.id, now) : undefined;

  const fail = async (message: string, status: 'unauthorized' | 'bad_request' | 'rate_limited') => {
    await database.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { email, ip: attempt.ip, succeeded: false });
      await audit(
        tx,
        request,
        {
          action: 'auth.2fa_failed',
          entityType: 'user',
          entityId: user?.id,
          details: { method, reason: message },
        },
        user?.id,
      );
    });
    return new AppError(status, message);
  };

  if (!user || !challenge) throw await fail(TWO_FACTOR_MESSAGES.noChallenge, 'unauthorized');
  if (!(await twoFactor.takeChallengeAttempt(database.db, challenge.id, method))) {
    throw await fail(TWO_FACTOR_MESSAGES.tooManyCodeAttempts, 'rate_limited');
  }

  if (method === 'sms') {
    const problem = twoFactor.checkSmsCode(challenge, code, now);
    if (problem) throw await fail(problem, 'bad_request');
  }

  type Outcome =
    | { ok: false; problem: string }
    | {
        ok: true;
        signedIn: Awaited<ReturnType<typeof openSession>>;
        device: { token: string; name: string } | null;
      };
  const outcome = await database.db.transaction(async (tx): Promise<Outcome> => {
    if (method === 'totp') {
      const problem = await twoFactor.checkTotpCode(deps, tx, user.id, code, now);
      if (problem) return { ok: false, problem };
    }
    if (method === 'backup') {
      const problem = await twoFactor.useBackupCode(tx, user.id, code, now);
      if (problem) return { ok: false, problem };
      await audit(
        tx,
        request,
        { action: 'auth.2fa_backup_code_used', entityType: 'user', entityId: user.id },
        user.id,
      );
    }
    if (!(await twoFactor.consumeChallenge(tx, challenge.id, now))) {
      return { ok: false, problem: TWO_FACTOR_MESSAGES.noChallenge };
    }
    const device = input.remember_device ? await twoFactor.trustDevice(tx, request, user.id, now) : null;
    const signedIn = await openSession(tx, request, user, now, {
      action: 'auth.2fa_verified',
      details: { method, remember_device: input.remember_device },
    });
    return { ok: true, signedIn, device };
  });
  if (!outcome.ok) throw await fail(outcome.problem, 'bad_request');
  await signInSucceeded(database.db, attempt);
  return {
    ...outcome.signedIn,
    device_token: outcome.device?.token ?? null,
    device_name: outcome.device?.name ?? null,
  };
}

/** GET /auth/me: the caller, the organization the request acts for, and when the session ends. */
export function me(auth: AuthContext): Me {
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

export async function logout(database: Database, request: FastifyRequest, auth: AuthContext) {
  await database.db.transaction(async (tx) => {
    await endSession(tx, auth.sessionId);
    await audit(tx, request, { action: 'auth.logout', entityType: 'user', entityId: auth.user.id });
  });
}
