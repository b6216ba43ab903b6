import type { ErrorCode } from '../errors.ts';

/**
 * Error reasons of the access area: each names one specific refusal and the generic code (hence the HTTP status)
 * it answers with. Services throw `new AppError('<reason>', message)`; code branches on the reason, never on
 * the message text.
 */
export const ACCESS_ERROR_REASONS = {
  // --- Sign-in and its second factor (modules/access/auth) ---
  /** A wrong email and a wrong password get the same reason (no account enumeration). */
  'auth.invalid_credentials': 'unauthorized',
  'auth.account_disabled': 'forbidden',
  'auth.too_many_attempts': 'rate_limited',
  /** A code sent without a live challenge from a correct password of that email. */
  'auth.challenge_missing': 'unauthorized',
  /** The challenge was used meanwhile (a parallel request signed in with it). */
  'auth.challenge_used': 'bad_request',
  'auth.too_many_codes': 'rate_limited',
  /** Invitation and reset tokens that match nothing, per client address (issue #12). */
  'token.too_many_guesses': 'rate_limited',

  // --- Second-factor codes and settings (modules/access/two-factor) ---
  'two_factor.code_wrong': 'bad_request',
  'two_factor.code_expired': 'bad_request',
  'two_factor.code_replayed': 'bad_request',
  'two_factor.sms_not_enabled': 'bad_request',
  'two_factor.totp_not_enabled': 'bad_request',
  'two_factor.backup_code_invalid': 'bad_request',
  'two_factor.backup_code_used': 'bad_request',
  /** Weakening a second factor needs the current password or a current code (issue #12). */
  'two_factor.confirmation_required': 'bad_request',
  'two_factor.confirmation_wrong': 'bad_request',
  'two_factor.too_many_confirmations': 'rate_limited',
  'two_factor.phone_required': 'rule_broken',
  'two_factor.method_not_enabled': 'rule_broken',
  'two_factor.setup_not_started': 'rule_broken',
  'two_factor.setup_code_wrong': 'bad_request',
  'two_factor.device_not_found': 'not_found',

  // --- Consent documents and signatures (modules/access/consent) ---
  'consent.publish_forbidden': 'forbidden',
  'consent.version_exists': 'conflict',
  'consent.document_not_found': 'not_found',
  'consent.document_not_current': 'rule_broken',
  'consent.signature_not_found': 'not_found',
  'consent.already_revoked': 'conflict',

  // --- Invitations and registration (modules/access/invitations) ---
  'invitation.admins_only': 'forbidden',
  'invitation.super_admin_only': 'forbidden',
  'invitation.organization_not_found': 'not_found',
  'invitation.fields_missing': 'validation_failed',
  'invitation.email_invalid': 'validation_failed',
  'invitation.role_invalid': 'validation_failed',
  'invitation.already_member': 'conflict',
  'invitation.already_pending': 'conflict',
  'invitation.not_found': 'not_found',
  'invitation.not_pending': 'conflict',
  'invitation.token_missing': 'bad_request',
  'invitation.token_invalid': 'not_found',
  'invitation.token_accepted': 'bad_request',
  'invitation.token_cancelled': 'bad_request',
  'invitation.token_expired': 'bad_request',
  /** POST /auth/register without a token: registration is by invitation only. */
  'invitation.required': 'validation_failed',
  'invitation.registration_invalid': 'validation_failed',
  /** The invited address has an account and the password given is not its password (or it is disabled). */
  'invitation.account_password_wrong': 'conflict',
  'invitation.already_joined': 'conflict',
  /** POST /api/users (003 §7.5): platform operators only; one account per email address. */
  'user.operators_only': 'forbidden',
  'user.email_taken': 'conflict',

  // --- Passwords (modules/access/passwords) ---
  'password.email_invalid': 'validation_failed',
  'password.reset_invalid': 'validation_failed',
  'password.reset_link_invalid': 'bad_request',
  'password.reset_link_used': 'bad_request',
  'password.reset_link_expired': 'bad_request',
  'password.change_invalid': 'validation_failed',
  'password.current_wrong': 'bad_request',
  'password.too_many_changes': 'rate_limited',
} as const satisfies Record<string, ErrorCode>;
