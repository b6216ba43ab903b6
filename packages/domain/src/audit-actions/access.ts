/** Audit-log actions of the access area: the action string and what it records (shown in the security log). */
export const ACCESS_AUDIT_ACTIONS = {
  // --- Sign-in (modules/access/auth) ---
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in refused: wrong email or password',
  'auth.login_refused_inactive': 'Sign-in refused: the account is disabled',
  'auth.logout': 'Signed out',
  'auth.2fa_challenge_sent': 'Sent a sign-in code by SMS',
  'auth.2fa_verified': 'Finished sign-in with a second factor',
  'auth.2fa_failed': 'Second factor refused at sign-in',
  'auth.2fa_backup_code_used': 'Used a backup code to sign in',
  'auth.device_trusted': 'Trusted this browser for 30 days (skips the second factor)',

  // --- Two-factor settings (modules/access/two-factor) ---
  'auth.reauth_failed': 'Wrong password or code when confirming a change of the second factor',
  'auth.2fa_sms_enabled': 'Turned on SMS codes at sign-in',
  'auth.2fa_sms_disabled': 'Turned off SMS codes at sign-in',
  'auth.2fa_preferred_method_changed': 'Changed the preferred second factor',
  'auth.2fa_totp_enabled': 'Turned on the authenticator app',
  'auth.2fa_totp_disabled': 'Turned off the authenticator app',
  'auth.2fa_backup_codes_generated': 'Generated a new set of backup codes',
  'auth.device_revoked': 'Revoked trusted devices',

  // --- Passwords (modules/access/passwords) ---
  'password.reset_requested': 'Asked for a password reset link',
  'password.reset_rate_limited': 'Password reset link not sent: too many asked',
  'password.reset': 'Set a new password with a reset link',
  'password.changed': 'Changed the password',
  'password.change_failed': 'Wrong current password when changing the password',

  // --- Consent (modules/access/consent) ---
  'consent.document_published': 'Published a new version of a consent document',
  'consent.signed': 'Signed a consent document',
  'consent.revoked': 'Revoked a consent signature',

  // --- Invitations (modules/access/invitations) ---
  'invitation.sent': 'Invited a person to the organization',
  'invitation.cancelled': 'Cancelled a pending invitation',
  'invitation.accepted': 'Registered with an invitation and joined the organization',
  'user.created':
    'Created a user in an organization with a role (a platform operator); the person was emailed a link to choose a password',
} as const satisfies Record<string, string>;
