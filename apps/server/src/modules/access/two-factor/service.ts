import { randomBytes, randomInt } from 'node:crypto';
import {
  type BackupCodesResponse,
  type ConfirmIdentityRequest,
  TWO_FACTOR_MESSAGES as M,
  maskPhone,
  type PreferredMethod,
  type TotpSetupResponse,
  type TrustedDevicesResponse,
  TWO_FACTOR,
  type TwoFactorMethod,
  type TwoFactorMethods,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { queueSms } from '../../../adapters/outbound.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { ATTEMPT_RULES, clearAttempts, rateLimited, takeAttempt } from '../../../platform/attempt-limits.ts';
import { audit } from '../../../platform/audit.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { hashToken, randomToken, safeEqual, verifyPassword } from '../../../platform/crypto.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { decryptSecret, encryptionKey, encryptSecret } from '../../../platform/secret-box.ts';
import type { UserRow } from '../../administration/users/service.ts';
import { deviceNameFrom } from './device-name.ts';
import * as repo from './repo.ts';
import { base32Decode, matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

const DAY_MS = 86_400_000;

function keyOf(deps: AppDeps) {
  return encryptionKey({ secretKey: deps.config.secretKey, dataDir: deps.config.dataDir });
}

// ---------------------------------------------------------------------------------------------------------
// Sign-in (called by the auth module)

/** The second factors a sign-in may use now (003 §2.7): SMS needs a phone; backup needs unused codes. */
export async function loginMethods(db: DbOrTx, user: UserRow): Promise<TwoFactorMethod[]> {
  const settings = await repo.findSettings(db, user.id);
  if (!settings) return [];
  const sms = settings.smsEnabled && Boolean(maskPhone(user.phoneNumber));
  const totp = settings.totpEnabled && Boolean(settings.totpSecret);
  if (!sms && !totp) return [];
  const methods: TwoFactorMethod[] = [];
  if (sms) methods.push('sms');
  if (totp) methods.push('totp');
  if ((await repo.countUnusedBackupCodes(db, user.id)) > 0) methods.push('backup');
  return methods;
}

/** 003 §9: a trusted device skips the second factor for 30 days. Touches it when it matches. */
export async function isTrustedDevice(
  db: DbOrTx,
  userId: number,
  deviceToken: string | undefined,
  ip: string,
  now: Date,
): Promise<boolean> {
  if (!deviceToken || deviceToken.length > 200) return false;
  const device = await repo.findActiveDevice(db, userId, hashToken(deviceToken), now);
  if (!device) return false;
  await repo.touchDevice(db, device.id, now, ip);
  return true;
}

function smsCodeHash(challengeId: number, code: string) {
  return hashToken(`sms:${challengeId}:${code}`);
}

/**
 * 003 §4.1 step 2: a correct password of an account with a second factor. Ends any earlier challenge (so a
 * resend kills the previous code), opens a new one and, when SMS is a method, sends a fresh code.
 */
export async function startChallenge(
  deps: AppDeps,
  tx: DbOrTx,
  request: FastifyRequest,
  user: UserRow,
  methods: TwoFactorMethod[],
  now: Date,
) {
  await repo.consumeOpenChallenges(tx, user.id, now);
  const challenge = await repo.createChallenge(tx, {
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR.challengeMinutes * 60_000),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  });
  if (methods.includes('sms') && user.phoneNumber) {
    const code = String(randomInt(0, 1_000_000)).padStart(TWO_FACTOR.codeLength, '0');
    await repo.setChallengeCode(
      tx,
      challenge.id,
      smsCodeHash(challenge.id, code),
      new Date(now.getTime() + TWO_FACTOR.smsCodeMinutes * 60_000),
    );
    await queueSms(deps, tx, {
      to: user.phoneNumber,
      body: `Your Trust Marketplace verification code is ${code}. It expires in ${TWO_FACTOR.smsCodeMinutes} minutes.`,
      category: 'two_factor_code',
      carriesSecret: true,
      userId: user.id,
    });
    await audit(
      tx,
      request,
      {
        action: 'auth.2fa_challenge_sent',
        entityType: 'user',
        entityId: user.id,
        details: { method: 'sms' },
      },
      user.id,
    );
  }
  return challenge;
}

export function findLiveChallenge(db: DbOrTx, userId: number, now: Date) {
  return repo.findLiveChallenge(db, userId, now);
}

export const consumeChallenge = repo.consumeChallenge;

/** Whether a device token is an active trusted device of the account with this email (sign-in limits). */
export const isKnownDevice = repo.isActiveDeviceOfEmail;

/**
 * Code attempts one challenge (one correct password) allows, counted together: 003 §9's 3 for an SMS code (the
 * fourth is refused even with the right code), a few more for authenticator and backup codes.
 */
export const CHALLENGE_MAX_ATTEMPTS: Record<TwoFactorMethod, number> = {
  sms: TWO_FACTOR.smsMaxAttempts,
  totp: 5,
  backup: 5,
};

/**
 * Counts a code attempt on the challenge before the code is looked at, atomically (issue #12: 30 parallel wrong
 * codes must not check more than the limit). False: the challenge has no attempt left for this method.
 */
export function takeChallengeAttempt(db: DbOrTx, challengeId: number, method: TwoFactorMethod) {
  return repo.takeChallengeAttempt(db, challengeId, CHALLENGE_MAX_ATTEMPTS[method]);
}

/** Why an SMS code is refused, or null when it is right. The attempt was counted before (takeChallengeAttempt). */
export function checkSmsCode(challenge: repo.ChallengeRow, code: string, now: Date): string | null {
  if (!challenge.smsCodeHash || !challenge.smsCodeExpiresAt) return M.smsNotEnabled;
  if (challenge.smsCodeExpiresAt.getTime() <= now.getTime()) return M.codeExpired;
  if (!/^\d{6}$/.test(code) || !safeEqual(smsCodeHash(challenge.id, code), challenge.smsCodeHash)) {
    return M.wrongCode;
  }
  return null;
}

/**
 * An authenticator code of a user: one step either side; a code of a step already used is refused (replay).
 * On success the step is recorded, so the same code cannot be used again.
 */
export async function checkTotpCode(
  deps: AppDeps,
  db: DbOrTx,
  userId: number,
  code: string,
  now: Date,
): Promise<string | null> {
  const settings = await repo.findSettings(db, userId);
  if (!settings?.totpEnabled || !settings.totpSecret) return M.totpNotEnabled;
  if (!/^\d{6}$/.test(code)) return M.wrongCode;
  const secret = base32Decode(decryptSecret(keyOf(deps), settings.totpSecret));
  const step = matchTotp(secret, code, now);
  if (step === null) return M.wrongCode;
  if (settings.totpLastStep !== null && step <= settings.totpLastStep) return M.codeReplayed;
  await repo.upsertSettings(db, userId, { totpLastStep: step });
  return null;
}

/** Backup codes: 16 characters from an alphabet without look-alikes (0/O, 1/I), 80 random bits. */
const BACKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newBackupCode(): string {
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => BACKUP_ALPHABET[b & 31]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Accepts the code with any case, spacing or dashes. */
function normalizeBackupCode(code: string): string {
  const raw = code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return raw.length === 16 ? [0, 4, 8, 12].map((i) => raw.slice(i, i + 4)).join('-') : raw;
}

function backupCodeHash(userId: number, code: string) {
  return hashToken(`backup:${userId}:${code}`);
}

/** A backup code of a user, used up on success (single use, 003 §9). */
export async function useBackupCode(
  db: DbOrTx,
  userId: number,
  code: string,
  now: Date,
): Promise<string | null> {
  const row = await repo.findBackupCode(db, userId, backupCodeHash(userId, normalizeBackupCode(code)));
  if (!row) return M.invalidBackupCode;
  if (row.usedAt || !(await repo.useBackupCode(db, row.id, now))) return M.usedBackupCode;
  return null;
}

/** Remembers this browser for 30 days; the token is returned once and stored hashed. */
export async function trustDevice(tx: DbOrTx, request: FastifyRequest, userId: number, now: Date) {
  const token = randomToken();
  const userAgent = request.headers['user-agent'] ?? null;
  const device = await repo.createDevice(tx, {
    userId,
    tokenHash: hashToken(token),
    deviceName: deviceNameFrom(userAgent),
    ipAddress: request.ip,
    userAgent: userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    lastUsed: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR.trustedDeviceDays * DAY_MS),
  });
  await audit(
    tx,
    request,
    { action: 'auth.device_trusted', entityType: 'trusted_device', entityId: device.id },
    userId,
  );
  return { token, name: device.deviceName };
}

// ---------------------------------------------------------------------------------------------------------
// Settings (003 §2.11, §7.3)

type ConfirmedWith = 'password' | 'totp' | 'backup_code';

/**
 * Issue #12: a signed-in user proves it is them again before weakening their second factor (turning SMS or the
 * authenticator app off, changing the preferred method, generating backup codes): the current password, or a
 * current authenticator code, or an unused backup code (used up). A stolen session alone cannot do it.
 * Attempts share the change-password counter (5 in 15 minutes, taken before the check, then 429); a wrong one
 * is a 400 with the message on its field (a 401 would sign the browser out) and is audited.
 */
export async function confirmIdentity(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  input: ConfirmIdentityRequest | null | undefined,
  purpose: string,
): Promise<ConfirmedWith> {
  const password = input?.current_password ?? '';
  const code = input?.code?.trim() ?? '';
  if (!password && !code) {
    throw new AppError('bad_request', M.confirmRequired, { fields: { current_password: M.confirmRequired } });
  }
  const db = deps.database.db;
  const slot = { rule: ATTEMPT_RULES.confirmIdentity, subject: auth.user.id };
  const verdict = await takeAttempt(db, slot);
  if (!verdict.allowed) {
    throw rateLimited(
      verdict.retryAfterS,
      (wait) => `Too many incorrect attempts. Please wait ${wait} and try again.`,
    );
  }
  const now = new Date();
  let confirmed: ConfirmedWith | null = null;
  if (password) {
    if (await verifyPassword(auth.user.passwordHash, password)) confirmed = 'password';
  } else if (/^\d{6}$/.test(code)) {
    if ((await checkTotpCode(deps, db, auth.user.id, code, now)) === null) confirmed = 'totp';
  } else if ((await useBackupCode(db, auth.user.id, code, now)) === null) {
    confirmed = 'backup_code';
  }
  if (!confirmed) {
    await audit(db, request, {
      action: 'auth.reauth_failed',
      entityType: 'user',
      entityId: auth.user.id,
      details: { purpose, with: password ? 'password' : 'code' },
    });
    const field = password ? 'current_password' : 'code';
    const message = password ? M.currentPasswordWrong : M.invalidCode;
    throw new AppError('bad_request', message, { fields: { [field]: message } });
  }
  await clearAttempts(db, slot);
  return confirmed;
}

export async function getMethods(deps: AppDeps, auth: AuthContext): Promise<TwoFactorMethods> {
  const db = deps.database.db;
  const now = new Date();
  const [settings, codes, devices] = await Promise.all([
    repo.findSettings(db, auth.user.id),
    repo.countUnusedBackupCodes(db, auth.user.id),
    repo.listActiveDevices(db, auth.user.id, now),
  ]);
  const smsEnabled = settings?.smsEnabled ?? false;
  const totpEnabled = settings?.totpEnabled ?? false;
  const preferred = settings?.preferredMethod as PreferredMethod | null | undefined;
  return {
    sms_enabled: smsEnabled,
    totp_enabled: totpEnabled,
    backup_codes_count: codes,
    trusted_devices_count: devices.length,
    preferred_method:
      preferred === 'totp' && totpEnabled
        ? 'totp'
        : preferred === 'sms' && smsEnabled
          ? 'sms'
          : totpEnabled
            ? 'totp'
            : smsEnabled
              ? 'sms'
              : null,
    has_phone: Boolean(maskPhone(auth.user.phoneNumber)),
  };
}

/** Enables SMS codes; disabling them needs the password or a code (confirmIdentity). */
export async function setSms(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  enabled: boolean,
  confirmation?: ConfirmIdentityRequest | null,
) {
  if (enabled && !maskPhone(auth.user.phoneNumber)) throw new AppError('rule_broken', M.phoneRequired);
  const confirmedWith = enabled
    ? undefined
    : await confirmIdentity(deps, request, auth, confirmation, 'sms_disable');
  await deps.database.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, auth.user.id, { smsEnabled: enabled });
    await audit(tx, request, {
      action: enabled ? 'auth.2fa_sms_enabled' : 'auth.2fa_sms_disabled',
      entityType: 'user',
      entityId: auth.user.id,
      details: confirmedWith ? { confirmed_with: confirmedWith } : undefined,
    });
  });
  return { ok: true as const, message: enabled ? M.smsEnabled : M.smsDisabled };
}

/** The preferred second factor (an enabled one); needs the password or a code (confirmIdentity). */
export async function setPreferredMethod(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  input: { method: PreferredMethod } & ConfirmIdentityRequest,
) {
  const { method, ...confirmation } = input;
  const settings = await repo.findSettings(deps.database.db, auth.user.id);
  const enabled = method === 'sms' ? settings?.smsEnabled : settings?.totpEnabled;
  if (!enabled) throw new AppError('rule_broken', M.methodNotEnabled);
  const confirmedWith = await confirmIdentity(deps, request, auth, confirmation, 'preferred_method');
  await deps.database.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, auth.user.id, { preferredMethod: method });
    await audit(tx, request, {
      action: 'auth.2fa_preferred_method_changed',
      entityType: 'user',
      entityId: auth.user.id,
      details: { method, confirmed_with: confirmedWith },
    });
  });
  return { ok: true as const, message: M.preferredSaved };
}

/** Step 1 of authenticator setup: a new pending secret (the enabled one, if any, keeps working until then). */
/**
 * Step 1 of authenticator setup. It needs the current password (or a current code) like every change of the
 * second factor: from a stolen session, an attacker's own app would otherwise become a way in, and could
 * replace the user's app (issue #12).
 */
export async function setupTotp(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  input: ConfirmIdentityRequest | null | undefined,
): Promise<TotpSetupResponse> {
  await confirmIdentity(deps, request, auth, input, 'totp_setup');
  const secret = newTotpSecret();
  await repo.upsertSettings(deps.database.db, auth.user.id, {
    totpPendingSecret: encryptSecret(keyOf(deps), secret),
  });
  const uri = otpauthUri(secret, auth.user.email);
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { qr_code: qr, secret };
}

/** Step 2: the first code from the app proves it holds the secret; then the authenticator is enabled. */
export async function verifyTotpSetup(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  code: string,
) {
  const settings = await repo.findSettings(deps.database.db, auth.user.id);
  if (!settings?.totpPendingSecret) throw new AppError('rule_broken', M.noTotpSetup);
  const now = new Date();
  const step = matchTotp(base32Decode(decryptSecret(keyOf(deps), settings.totpPendingSecret)), code, now);
  if (step === null) throw new AppError('bad_request', M.invalidCode);
  await deps.database.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, auth.user.id, {
      totpEnabled: true,
      totpSecret: settings.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    });
    await audit(tx, request, { action: 'auth.2fa_totp_enabled', entityType: 'user', entityId: auth.user.id });
  });
  return { ok: true as const, message: M.totpEnabled };
}

/** Turns the authenticator app off; needs the password or a code (confirmIdentity). */
export async function disableTotp(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  confirmation?: ConfirmIdentityRequest | null,
) {
  const confirmedWith = await confirmIdentity(deps, request, auth, confirmation, 'totp_disable');
  await deps.database.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, auth.user.id, {
      totpEnabled: false,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
    });
    await audit(tx, request, {
      action: 'auth.2fa_totp_disabled',
      entityType: 'user',
      entityId: auth.user.id,
      details: { confirmed_with: confirmedWith },
    });
  });
  return { ok: true as const, message: M.totpDisabled };
}

/**
 * A new set of backup codes; the previous set stops working (003 §4.3). Shown once, stored hashed. Backup codes
 * pass the second factor, so making them needs the password or a code (confirmIdentity), like turning a factor
 * off: a stolen session must not be able to mint them.
 */
export async function generateBackupCodes(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext,
  confirmation?: ConfirmIdentityRequest | null,
): Promise<BackupCodesResponse> {
  const confirmedWith = await confirmIdentity(deps, request, auth, confirmation, 'backup_codes_generate');
  const codes = Array.from({ length: TWO_FACTOR.backupCodeCount }, newBackupCode);
  const now = new Date();
  await deps.database.db.transaction(async (tx) => {
    await repo.replaceBackupCodes(
      tx,
      auth.user.id,
      codes.map((c) => backupCodeHash(auth.user.id, c)),
      now,
    );
    await audit(tx, request, {
      action: 'auth.2fa_backup_codes_generated',
      entityType: 'user',
      entityId: auth.user.id,
      details: { count: codes.length, confirmed_with: confirmedWith },
    });
  });
  return { codes, generated_at: now.toISOString() };
}

export async function listDevices(deps: AppDeps, auth: AuthContext): Promise<TrustedDevicesResponse> {
  const rows = await repo.listActiveDevices(deps.database.db, auth.user.id, new Date());
  return {
    devices: rows.map((d) => ({
      id: d.id,
      device_name: d.deviceName,
      last_used: d.lastUsed.toISOString(),
      ip_address: d.ipAddress,
      created_at: d.createdAt.toISOString(),
      expires_at: d.expiresAt.toISOString(),
    })),
  };
}

export async function revokeDevices(deps: AppDeps, request: FastifyRequest, auth: AuthContext, id?: number) {
  await deps.database.db.transaction(async (tx) => {
    const revoked = await repo.revokeDevices(tx, auth.user.id, new Date(), id);
    if (id !== undefined && revoked.length === 0) throw new AppError('not_found', M.deviceNotFound);
    await audit(tx, request, {
      action: 'auth.device_revoked',
      entityType: 'trusted_device',
      entityId: id,
      details: { ids: revoked },
    });
  });
  return { ok: true as const, message: id === undefined ? M.allDevicesRevoked : M.deviceRevoked };
}
