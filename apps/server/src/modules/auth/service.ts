import { type LoginResponse, MESSAGES, type Me, SESSION_IDLE_MINUTES } from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { verifyPassword } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { createSession, endSession, IDLE_MS } from '../../platform/sessions.ts';
import { findUserByEmail, recordLogin, toUserWire } from '../users/service.ts';
import * as repo from './repo.ts';

/** Brute-force limits: failures per account and per address within the window (then 429). */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 5, perAddress: 30 } as const;

function sessionTimes(startedAt: Date, expiresAt: Date) {
  return {
    session_started_at: startedAt.toISOString(),
    expires_at: expiresAt.toISOString(),
    idle_timeout_s: SESSION_IDLE_MINUTES * 60,
  };
}

async function assertNotRateLimited(database: Database, email: string, ip: string, now: Date) {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000);
  const [byEmail, byIp] = await Promise.all([
    repo.failuresForEmail(database.db, email, since),
    repo.failuresForIp(database.db, ip, since),
  ]);
  if (byEmail >= LOGIN_LIMITS.perAccount || byIp >= LOGIN_LIMITS.perAddress) {
    throw new AppError('rate_limited', MESSAGES.tooManyAttempts, {
      headers: { 'retry-after': String(LOGIN_LIMITS.windowMinutes * 60) },
    });
  }
}

/**
 * 003 §4.1 sign-in. A wrong email and a wrong password get the same answer in the same time; failures count
 * toward the per-account and per-address limits.
 */
export async function login(
  database: Database,
  request: FastifyRequest,
  input: { email: string; password: string },
): Promise<LoginResponse> {
  const email = input.email.trim().toLowerCase();
  const ip = request.ip;
  const now = new Date();
  await assertNotRateLimited(database, email, ip, now);

  const user = await findUserByEmail(database.db, email);
  const valid = await verifyPassword(user?.passwordHash, input.password);

  if (!user || !valid) {
    await database.db.transaction(async (tx) => {
      await repo.recordAttempt(tx, { email, ip, succeeded: false });
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

  const { token, session } = await database.db.transaction(async (tx) => {
    const created = await createSession(tx, {
      userId: user.id,
      ip,
      userAgent: request.headers['user-agent'] ?? null,
      now,
    });
    await recordLogin(tx, user.id, now);
    await repo.recordAttempt(tx, { email, ip, succeeded: true });
    await audit(tx, request, { action: 'auth.login', entityType: 'user', entityId: user.id }, user.id);
    return created;
  });

  return {
    access_token: token,
    token_type: 'bearer',
    user: toUserWire({ ...user, lastLogin: now }),
    consent_status: null,
    requires_2fa: false,
    ...sessionTimes(session.createdAt, session.expiresAt),
  };
}

/** GET /auth/me: the caller, the organization the request acts for, and when the session ends. */
export function me(auth: AuthContext): Me {
  const idleEnd = new Date(auth.lastSeenAt.getTime() + IDLE_MS);
  return {
    ...toUserWire(auth.user),
    active_cbo_id: auth.org?.id ?? null,
    org_role: auth.org?.role ?? null,
    ...sessionTimes(auth.sessionStartedAt, idleEnd < auth.expiresAt ? idleEnd : auth.expiresAt),
  };
}

export async function logout(database: Database, request: FastifyRequest, auth: AuthContext) {
  await database.db.transaction(async (tx) => {
    await endSession(tx, auth.sessionId);
    await audit(tx, request, { action: 'auth.logout', entityType: 'user', entityId: auth.user.id });
  });
}
