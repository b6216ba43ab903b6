import { z } from 'zod';
import { idString, timestampSchema } from './common.ts';
import { PASSWORD_MAX_LENGTH } from './password.ts';

/** 003 §9 two-factor constants. */
export const TWO_FACTOR = {
  codeLength: 6,
  smsCodeMinutes: 5,
  smsMaxAttempts: 3,
  totpStepSeconds: 30,
  trustedDeviceDays: 30,
  backupCodeCount: 10,
  /** How long a correct password stays good for proving the second factor. */
  challengeMinutes: 10,
  totpIssuer: 'Trust Marketplace',
} as const;

/** 003 §2.7 the second factors a sign-in can use. */
export const TWO_FACTOR_METHODS = ['sms', 'totp', 'backup'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** 003 §3 preferred method: totp or sms. */
export const PREFERRED_METHODS = ['sms', 'totp'] as const;
export type PreferredMethod = (typeof PREFERRED_METHODS)[number];

/** 003 §8 texts of the second-factor screen and the two-factor settings, verbatim, plus the server's own. */
export const TWO_FACTOR_MESSAGES = {
  // Second-factor screen (003 §8).
  verificationFailed: 'Verification failed',
  enterCompleteCode: 'Please enter the complete 6-digit code',
  resendFailed: 'Failed to resend code',
  // Settings (003 §8).
  loadMethodsFailed: 'Failed to load 2FA methods',
  loadSettingsFailed: 'Failed to load 2FA settings',
  loadDevicesFailed: 'Failed to load trusted devices',
  setupFailed: 'Failed to setup authenticator app',
  invalidCode: 'Invalid code',
  verifyFailed: 'Failed to verify code',
  disableFailed: 'Failed to disable authenticator app',
  generateFailed: 'Failed to generate backup codes',
  revokeFailed: 'Failed to revoke device',
  revokeAllFailed: 'Failed to revoke devices',
  totpEnabled: 'Authenticator app enabled successfully!',
  totpDisabled: 'Authenticator app disabled',
  codesGenerated: 'Backup codes generated successfully',
  codesCopied: 'Backup codes copied to clipboard',
  deviceRevoked: 'Device revoked successfully',
  allDevicesRevoked: 'All trusted devices revoked',
  // 003 §5.
  sixDigitCode: 'Please enter a 6-digit code',
  regenerateConfirm: 'This will invalidate all existing backup codes. Continue?',
  // Server answers where the spec names none.
  noChallenge: 'Your sign-in has expired or was not started. Please sign in again.',
  wrongCode: 'Invalid verification code',
  codeExpired: 'This code has expired. Please request a new code.',
  tooManyCodeAttempts: 'Too many incorrect codes. Please request a new code.',
  codeReplayed: 'This code has already been used. Please wait for the next code.',
  invalidBackupCode: 'Invalid backup code',
  usedBackupCode: 'This backup code has already been used',
  smsNotEnabled: 'SMS verification is not enabled for this account',
  totpNotEnabled: 'Authenticator app is not enabled for this account',
  noTotpSetup: 'Start the authenticator setup first',
  phoneRequired: 'Add a phone number to your profile before enabling SMS authentication',
  methodNotEnabled: 'That method is not enabled for your account',
  deviceNotFound: 'Trusted device not found',
  smsEnabled: 'SMS authentication enabled',
  smsDisabled: 'SMS authentication disabled',
  smsEnableFailed: 'Failed to enable SMS authentication',
  smsDisableFailed: 'Failed to disable SMS authentication',
  preferredSaved: 'Preferred method updated',
  preferredFailed: 'Failed to update preferred method',
  // Issue #12: turning a factor off, changing the preferred method and generating backup codes need the
  // current password (or a current authenticator or backup code).
  confirmRequired: 'Enter your current password to confirm this change',
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordLabel: 'Current password',
} as const;

/** 003 §5: the six-digit code of SMS and authenticator apps. */
export const sixDigitCodeSchema = z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.sixDigitCode);

/** 003 §7.1 body of the three verify-login calls. */
export const verifyLoginRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'Email is required').max(320),
  remember_device: z.boolean().default(false),
  code: z.string().trim().min(1, 'Code is required').max(64),
});
export type VerifyLoginRequest = z.input<typeof verifyLoginRequestSchema>;

/** 003 §3 two-factor methods. */
export const twoFactorMethodsSchema = z
  .object({
    sms_enabled: z.boolean(),
    totp_enabled: z.boolean(),
    backup_codes_count: z.number().int(),
    trusted_devices_count: z.number().int(),
    preferred_method: z.enum(PREFERRED_METHODS).nullable(),
    /** Whether the account has a phone number (SMS can be enabled only then). */
    has_phone: z.boolean(),
  })
  .meta({ id: 'TwoFactorMethods' });
export type TwoFactorMethods = z.infer<typeof twoFactorMethodsSchema>;

/** 003 §3 TOTP setup response. */
export const totpSetupResponseSchema = z
  .object({ qr_code: z.string(), secret: z.string() })
  .meta({ id: 'TotpSetup' });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpVerifySetupRequestSchema = z.strictObject({ code: sixDigitCodeSchema });

/** 003 §3 backup codes response, with when they were made (for the downloaded file). */
export const backupCodesResponseSchema = z
  .object({ codes: z.array(z.string()), generated_at: timestampSchema })
  .meta({ id: 'BackupCodes' });
export type BackupCodesResponse = z.infer<typeof backupCodesResponseSchema>;

/** 003 §3 trusted device. */
export const trustedDeviceSchema = z
  .object({
    id: z.number().int(),
    device_name: z.string(),
    last_used: timestampSchema,
    ip_address: z.string().nullable(),
    created_at: timestampSchema,
    expires_at: timestampSchema,
  })
  .meta({ id: 'TrustedDevice' });
export type TrustedDevice = z.infer<typeof trustedDeviceSchema>;

export const trustedDevicesResponseSchema = z.object({ devices: z.array(trustedDeviceSchema) });
export type TrustedDevicesResponse = z.infer<typeof trustedDevicesResponseSchema>;

/**
 * Issue #12: the proof a signed-in user gives before turning a second factor off, changing the preferred
 * method or generating backup codes: the current password, or a current authenticator code or an unused backup
 * code (used up). One of the two is required (the server answers 400 'Enter your current password…' without).
 */
export const confirmIdentityFields = {
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  code: z.string().trim().max(64).optional(),
};
export const confirmIdentityRequestSchema = z.strictObject(confirmIdentityFields);
export type ConfirmIdentityRequest = z.infer<typeof confirmIdentityRequestSchema>;

export const preferredMethodRequestSchema = z.strictObject({
  method: z.enum(PREFERRED_METHODS),
  ...confirmIdentityFields,
});
export type PreferredMethodRequest = z.infer<typeof preferredMethodRequestSchema>;

export const deviceIdParamsSchema = z.object({ id: idString() });

/** Answer of the enable/disable/revoke calls. */
export const twoFactorOkSchema = z.object({ ok: z.literal(true), message: z.string() });
export type TwoFactorOk = z.infer<typeof twoFactorOkSchema>;

/** 003 §2.7 backup code format: four groups of four. */
export const BACKUP_CODE_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** "(•••) •••-1234": the masked phone of the second-factor answer. */
export function maskPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 4) return null;
  return `(•••) •••-${digits.slice(-4)}`;
}
