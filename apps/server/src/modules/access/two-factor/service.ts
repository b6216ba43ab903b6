import { randomBytes, randomInt } from 'node:crypto';
import {
  type BackupCodesResponse,
  type ConfirmIdentityRequest,
  type ErrorReason,
  TWO_FACTOR_MESSAGES as M,
  maskPhone,
  type PreferredMethod,
  type TotpSetupResponse,
  type TrustedDevicesResponse,
  TWO_FACTOR,
  type TwoFactorMethod,
  type TwoFactorMethods,
} from '@trust/domain';
import QRCode from 'qrcode';
import { queueSms } from '../../../adapters/outbound.ts';
import { ATTEMPT_RULES, clearAttempts, rateLimited, takeAttempt } from '../../../platform/attempt-limits.ts';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext, UserContext } from '../../../platform/context.ts';
import { hashToken, randomToken, safeEqual, verifyPassword } from '../../../platform/crypto.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { decryptSecret, encryptionKey, encryptSecret } from '../../../platform/secret-box.ts';
import type { UserRow } from '../../administration/users/wire.ts';
import { deviceNameFrom } from './device-name.ts';
import * as repo from './repo.ts';
import { base32Decode, matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

const DAY_MS = 86_400_000;

function keyOf(deps: AppDeps) {
  return encryptionKey({ secretKey: deps.config.secretKey, dataDir: deps.config.dataDir });
}

/**
 * Why a second-factor code is refused, and the message the caller gets (and the audit row records). The
 * checks answer the reason; the caller throws `new AppError(reason, CODE_REFUSALS[reason])`.
 */
export const CODE_REFUSALS = {
  'two_factor.sms_not_enabled': M.smsNotEnabled,
  'two_factor.code_expired': M.codeExpired,
  'two_factor.code_wrong': M.wrongCode,
  'two_factor.code_replayed': M.codeReplayed,
  'two_factor.totp_not_enabled': M.totpNotEnabled,
  'two_factor.backup_code_invalid': M.invalidBackupCode,
  'two_factor.backup_code_used': M.usedBackupCode,
} as const satisfies Partial<Record<ErrorReason, string>>;
export type CodeRefusal = keyof typeof CODE_REFUSALS;

// ---------------------------------------------------------------------------------------------------------
// Sign-in (called by the auth module)

/** The second factors a sign-in may use now (003 §2.7): SMS needs a phone; backup needs unused codes. */
export async function loginMethods(
  ctx: ServiceContext,
  input: { user: UserRow },
): Promise<TwoFactorMethod[]> {
  const { user } = input;
  const db = ctx.db;
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

/**
 * 003 §9: a trusted device skips the second factor for 30 days. Touches it (time, the request's address) when
 * it matches.
 */
export async function isTrustedDevice(
  ctx: ServiceContext,
  input: { userId: number; deviceToken: string | undefined; now: Date },
): Promise<boolean> {
  const { userId, deviceToken, now } = input;
  if (!deviceToken || deviceToken.length > 200) return false;
  const device = await repo.findActiveDevice(ctx.db, userId, hashToken(deviceToken), now);
  if (!device) return false;
  await repo.touchDevice(ctx.db, device.id, now, ctx.meta.ip);
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
  ctx: ServiceContext,
  input: { user: UserRow; methods: TwoFactorMethod[]; now: Date },
) {
  const { user, methods, now } = input;
  const tx = ctx.db;
  await repo.consumeOpenChallenges(tx, user.id, now);
  const challenge = await repo.createChallenge(tx, {
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR.challengeMinutes * 60_000),
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent?.slice(0, 512) ?? null,
  });
  if (methods.includes('sms') && user.phoneNumber) {
    const code = String(randomInt(0, 1_000_000)).padStart(TWO_FACTOR.codeLength, '0');
    await repo.setChallengeCode(
      tx,
      challenge.id,
      smsCodeHash(challenge.id, code),
      new Date(now.getTime() + TWO_FACTOR.smsCodeMinutes * 60_000),
    );
    await queueSms(ctx.deps, tx, {
      to: user.phoneNumber,
      body: `Your Trust Marketplace verification code is ${code}. It expires in ${TWO_FACTOR.smsCodeMinutes} minutes.`,
      category: 'two_factor_code',
      carriesSecret: true,
      userId: user.id,
    });
    await audit(
      tx,
      ctx,
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

/** The user's newest open challenge (a correct password within the last minutes), if any. */
export function findLiveChallenge(ctx: ServiceContext, input: { userId: number; now: Date }) {
  return repo.findLiveChallenge(ctx.db, input.userId, input.now);
}

/** Uses up a challenge; false when a concurrent request already did. */
export function consumeChallenge(ctx: ServiceContext, input: { challengeId: number; now: Date }) {
  return repo.consumeChallenge(ctx.db, input.challengeId, input.now);
}

/** Whether a device token is an active trusted device of the account with this email (sign-in limits). */
export function isKnownDevice(ctx: ServiceContext, input: { email: string; tokenHash: string; now: Date }) {
  return repo.isActiveDeviceOfEmail(ctx.db, input.email, input.tokenHash, input.now);
}

/** 003 §5: the phone given at registration is "required for two-factor authentication": SMS becomes on. */
export async function enableSmsForNewAccount(ctx: ServiceContext, input: { userId: number }) {
  await repo.upsertSettings(ctx.db, input.userId, { smsEnabled: true });
}

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
export function takeChallengeAttempt(
  ctx: ServiceContext,
  input: { challengeId: number; method: TwoFactorMethod },
) {
  return repo.takeChallengeAttempt(ctx.db, input.challengeId, CHALLENGE_MAX_ATTEMPTS[input.method]);
}

/**
 * Why an SMS code is refused, or null when it is right. The attempt was counted before (takeChallengeAttempt).
 * Reads nothing: the challenge row carries the code's hash.
 */
export function checkSmsCode(
  _ctx: ServiceContext,
  input: { challenge: repo.ChallengeRow; code: string; now: Date },
): CodeRefusal | null {
  const { challenge, code, now } = input;
  if (!challenge.smsCodeHash || !challenge.smsCodeExpiresAt) return 'two_factor.sms_not_enabled';
  if (challenge.smsCodeExpiresAt.getTime() <= now.getTime()) return 'two_factor.code_expired';
  if (!/^\d{6}$/.test(code) || !safeEqual(smsCodeHash(challenge.id, code), challenge.smsCodeHash)) {
    return 'two_factor.code_wrong';
  }
  return null;
}

/**
 * An authenticator code of a user: one step either side; a code of a step already used is refused (replay).
 * On success the step is recorded, so the same code cannot be used again.
 */
export async function checkTotpCode(
  ctx: ServiceContext,
  input: { userId: number; code: string; now: Date },
): Promise<CodeRefusal | null> {
  const { userId, code, now } = input;
  const settings = await repo.findSettings(ctx.db, userId);
  if (!settings?.totpEnabled || !settings.totpSecret) return 'two_factor.totp_not_enabled';
  if (!/^\d{6}$/.test(code)) return 'two_factor.code_wrong';
  const secret = base32Decode(decryptSecret(keyOf(ctx.deps), settings.totpSecret));
  const step = matchTotp(secret, code, now);
  if (step === null) return 'two_factor.code_wrong';
  if (settings.totpLastStep !== null && step <= settings.totpLastStep) return 'two_factor.code_replayed';
  await repo.upsertSettings(ctx.db, userId, { totpLastStep: step });
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
  ctx: ServiceContext,
  input: { userId: number; code: string; now: Date },
): Promise<CodeRefusal | null> {
  const { userId, code, now } = input;
  const row = await repo.findBackupCode(ctx.db, userId, backupCodeHash(userId, normalizeBackupCode(code)));
  if (!row) return 'two_factor.backup_code_invalid';
  if (row.usedAt || !(await repo.useBackupCode(ctx.db, row.id, now))) return 'two_factor.backup_code_used';
  return null;
}

/** Remembers this browser (the request's) for 30 days; the token is returned once and stored hashed. */
export async function trustDevice(ctx: ServiceContext, input: { userId: number; now: Date }) {
  const { userId, now } = input;
  const token = randomToken();
  const userAgent = ctx.meta.userAgent;
  const device = await repo.createDevice(ctx.db, {
    userId,
    tokenHash: hashToken(token),
    deviceName: deviceNameFrom(userAgent),
    ipAddress: ctx.meta.ip,
    userAgent: userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    lastUsed: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR.trustedDeviceDays * DAY_MS),
  });
  await audit(
    ctx.db,
    ctx,
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
async function confirmIdentity(
  ctx: UserContext,
  input: ConfirmIdentityRequest | null | undefined,
  purpose: string,
): Promise<ConfirmedWith> {
  const auth = ctx.actor;
  const password = input?.current_password ?? '';
  const code = input?.code?.trim() ?? '';
  if (!password && !code) {
    throw new AppError('two_factor.confirmation_required', M.confirmRequired, {
      fields: { current_password: M.confirmRequired },
    });
  }
  const db = ctx.db;
  const slot = { rule: ATTEMPT_RULES.confirmIdentity, subject: auth.user.id };
  const verdict = await takeAttempt(db, slot);
  if (!verdict.allowed) {
    throw rateLimited(
      'two_factor.too_many_confirmations',
      verdict.retryAfterS,
      (wait) => `Too many incorrect attempts. Please wait ${wait} and try again.`,
    );
  }
  const now = new Date();
  const userId = auth.user.id;
  let confirmed: ConfirmedWith | null = null;
  if (password) {
    if (await verifyPassword(auth.user.passwordHash, password)) confirmed = 'password';
  } else if (/^\d{6}$/.test(code)) {
    if ((await checkTotpCode(ctx, { userId, code, now })) === null) confirmed = 'totp';
  } else if ((await useBackupCode(ctx, { userId, code, now })) === null) {
    confirmed = 'backup_code';
  }
  if (!confirmed) {
    await audit(db, ctx, {
      action: 'auth.reauth_failed',
      entityType: 'user',
      entityId: auth.user.id,
      details: { purpose, with: password ? 'password' : 'code' },
    });
    const field = password ? 'current_password' : 'code';
    const message = password ? M.currentPasswordWrong : M.invalidCode;
    throw new AppError('two_factor.confirmation_wrong', message, { fields: { [field]: message } });
  }
  await clearAttempts(db, slot);
  return confirmed;
}

/** GET /api/auth/2fa/methods: what the signed-in user has turned on. */
export async function getMethods(ctx: UserContext): Promise<TwoFactorMethods> {
  const auth = ctx.actor;
  const db = ctx.db;
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
  ctx: UserContext,
  input: { enabled: boolean; confirmation?: ConfirmIdentityRequest | null | undefined },
) {
  const auth = ctx.actor;
  const { enabled } = input;
  if (enabled && !maskPhone(auth.user.phoneNumber)) {
    throw new AppError('two_factor.phone_required', M.phoneRequired);
  }
  const confirmedWith = enabled ? undefined : await confirmIdentity(ctx, input.confirmation, 'sms_disable');
  await ctx.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, auth.user.id, { smsEnabled: enabled });
    await audit(tx, ctx, {
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
  ctx: UserContext,
  input: { method: PreferredMethod } & ConfirmIdentityRequest,
) {
  const auth = ctx.actor;
  const { method, ...confirmation } = input;
  const settings = await repo.findSettings(ctx.db, auth.user.id);
  const enabled = method === 'sms' ? settings?.smsEnabled : settings?.totpEnabled;
  if (!enabled) throw new AppError('two_factor.method_not_enabled', M.methodNotEnabled);
  const confirmedWith = await confirmIdentity(ctx, confirmation, 'preferred_method');
  await ctx.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, auth.user.id, { preferredMethod: method });
    await audit(tx, ctx, {
      action: 'auth.2fa_preferred_method_changed',
      entityType: 'user',
      entityId: auth.user.id,
      details: { method, confirmed_with: confirmedWith },
    });
  });
  return { ok: true as const, message: M.preferredSaved };
}

/**
 * Step 1 of authenticator setup: a new pending secret (the enabled one, if any, keeps working until step 2).
 * It needs the current password (or a current code) like every change of the second factor: from a stolen
 * session, an attacker's own app would otherwise become a way in, and could replace the user's app (issue #12).
 */
export async function setupTotp(
  ctx: UserContext,
  input: { confirmation: ConfirmIdentityRequest | null | undefined },
): Promise<TotpSetupResponse> {
  const auth = ctx.actor;
  await confirmIdentity(ctx, input.confirmation, 'totp_setup');
  const secret = newTotpSecret();
  await repo.upsertSettings(ctx.db, auth.user.id, {
    totpPendingSecret: encryptSecret(keyOf(ctx.deps), secret),
  });
  const uri = otpauthUri(secret, auth.user.email);
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { qr_code: qr, secret };
}

/** Step 2: the first code from the app proves it holds the secret; then the authenticator is enabled. */
export async function verifyTotpSetup(ctx: UserContext, input: { code: string }) {
  const auth = ctx.actor;
  const settings = await repo.findSettings(ctx.db, auth.user.id);
  if (!settings?.totpPendingSecret) throw new AppError('two_factor.setup_not_started', M.noTotpSetup);
  const now = new Date();
  const pending = base32Decode(decryptSecret(keyOf(ctx.deps), settings.totpPendingSecret));
  const step = matchTotp(pending, input.code, now);
  if (step === null) throw new AppError('two_factor.setup_code_wrong', M.invalidCode);
  await ctx.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, auth.user.id, {
      totpEnabled: true,
      totpSecret: settings.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    });
    await audit(tx, ctx, { action: 'auth.2fa_totp_enabled', entityType: 'user', entityId: auth.user.id });
  });
  return { ok: true as const, message: M.totpEnabled };
}

/** Turns the authenticator app off; needs the password or a code (confirmIdentity). */
export async function disableTotp(
  ctx: UserContext,
  input: { confirmation: ConfirmIdentityRequest | null | undefined },
) {
  const auth = ctx.actor;
  const confirmedWith = await confirmIdentity(ctx, input.confirmation, 'totp_disable');
  await ctx.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, auth.user.id, {
      totpEnabled: false,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
    });
    await audit(tx, ctx, {
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
  ctx: UserContext,
  input: { confirmation: ConfirmIdentityRequest | null | undefined },
): Promise<BackupCodesResponse> {
  const auth = ctx.actor;
  const confirmedWith = await confirmIdentity(ctx, input.confirmation, 'backup_codes_generate');
  const codes = Array.from({ length: TWO_FACTOR.backupCodeCount }, newBackupCode);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await repo.replaceBackupCodes(
      tx,
      auth.user.id,
      codes.map((c) => backupCodeHash(auth.user.id, c)),
      now,
    );
    await audit(tx, ctx, {
      action: 'auth.2fa_backup_codes_generated',
      entityType: 'user',
      entityId: auth.user.id,
      details: { count: codes.length, confirmed_with: confirmedWith },
    });
  });
  return { codes, generated_at: now.toISOString() };
}

export async function listDevices(ctx: UserContext): Promise<TrustedDevicesResponse> {
  const rows = await repo.listActiveDevices(ctx.db, ctx.actor.user.id, new Date());
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

/** Revokes one trusted device of the caller (`id`), or all of them. */
export async function revokeDevices(ctx: UserContext, input: { id?: number }) {
  const { id } = input;
  await ctx.db.transaction(async (tx) => {
    const revoked = await repo.revokeDevices(tx, ctx.actor.user.id, new Date(), id);
    if (id !== undefined && revoked.length === 0) {
      throw new AppError('two_factor.device_not_found', M.deviceNotFound);
    }
    await audit(tx, ctx, {
      action: 'auth.device_revoked',
      entityType: 'trusted_device',
      entityId: id,
      details: { ids: revoked },
    });
  });
  return { ok: true as const, message: id === undefined ? M.allDevicesRevoked : M.deviceRevoked };
}
