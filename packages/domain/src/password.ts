import { z } from 'zod';

// 003 §5 password rules, §8 messages; shared by the server (which enforces them) and the web forms.

/** 003 §9: minimum new password length; 12 or more earns a strength point. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_STRONG_LENGTH = 12;
/** Longer passwords only cost hashing time; nobody types more. */
export const PASSWORD_MAX_LENGTH = 256;

/** 003 §9: a reset link lasts 1 hour. */
export const RESET_LINK_HOURS = 1;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  mismatch: 'Passwords do not match',
  newTooShort: 'New password must be at least 8 characters long',
  newMismatch: 'New passwords do not match',
  newSameAsCurrent: 'New password must be different from current password',
  currentRequired: 'Please enter your current password',
  currentWrong: 'Current password is incorrect',
  changeFailed: 'Failed to change password',
  changed: 'Password changed successfully!',
  tooManyChangeAttempts: 'Too many incorrect current passwords. Please wait 15 minutes and try again.',
  invalidEmail: 'Please enter a valid email address',
  resetTokenMissing: 'Invalid reset token',
  resetLinkInvalid: 'Invalid or missing reset token',
  resetFailed: 'Failed to reset password. The link may have expired.',
  resetExpired: 'This reset link has expired. Request a new link.',
  resetUsed: 'This reset link has already been used. Request a new link.',
  resetDone: 'Password Reset Successfully!',
  checkEmail: 'Check Your Email',
  forgotAnswer:
    'If an account exists for that email address, we sent a link to reset its password. The link expires in 1 hour.',
} as const;

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/**
 * 003 §5 password strength: one point each for length ≥ 8, length ≥ 12, mixed lower and upper case, a digit,
 * a non-alphanumeric character. Labels: 0–1 Weak, 2–3 Fair, 4 Good, 5 Strong.
 */
export function passwordStrength(password: string): { score: number; label: PasswordStrengthLabel } {
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) score++;
  if (password.length >= PASSWORD_STRONG_LENGTH) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  const label: PasswordStrengthLabel =
    score <= 1 ? 'Weak' : score <= 3 ? 'Fair' : score === 4 ? 'Good' : 'Strong';
  return { score, label };
}

/** 002 §5 / 003 §5: an email is text, @, domain, dot ('Please enter a valid email address'). */
export function isEmailAddress(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

type FieldErrors = Record<string, string>;

/** 003 §5 reset: token present, 8 characters, confirmation equal (when the caller sends one). */
export function resetPasswordErrors(input: {
  reset_token?: string | null;
  new_password?: string | null;
  confirm_password?: string | null;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.reset_token?.trim()) errors.reset_token = PASSWORD_MESSAGES.resetTokenMissing;
  const password = input.new_password ?? '';
  if (password.length < PASSWORD_MIN_LENGTH) errors.new_password = PASSWORD_MESSAGES.tooShort;
  else if (input.confirm_password != null && input.confirm_password !== password) {
    errors.confirm_password = PASSWORD_MESSAGES.mismatch;
  }
  return errors;
}

/** 003 §5 change password: 8 characters, confirmation equal, different from the current one. */
export function changePasswordErrors(input: {
  current_password?: string | null;
  new_password?: string | null;
  confirm_password?: string | null;
}): FieldErrors {
  const errors: FieldErrors = {};
  const current = input.current_password ?? '';
  const next = input.new_password ?? '';
  if (!current) errors.current_password = PASSWORD_MESSAGES.currentRequired;
  if (next.length < PASSWORD_MIN_LENGTH) errors.new_password = PASSWORD_MESSAGES.newTooShort;
  else if (input.confirm_password != null && input.confirm_password !== next) {
    errors.confirm_password = PASSWORD_MESSAGES.newMismatch;
  } else if (current && next === current) errors.new_password = PASSWORD_MESSAGES.newSameAsCurrent;
  return errors;
}

export const forgotPasswordRequestSchema = z.strictObject({ email: z.string().max(320) });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Rules are checked by resetPasswordErrors so each answer carries the spec's message. */
export const resetPasswordRequestSchema = z.strictObject({
  reset_token: z.string().max(512).optional(),
  new_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirm_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.strictObject({
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  new_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirm_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
