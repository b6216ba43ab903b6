import type { ErrorCode } from '../errors.ts';

/**
 * Error reasons of the administration area: each names one specific refusal and the generic code (hence the HTTP status)
 * it answers with. Services throw `new AppError('<reason>', message)`; code branches on the reason, never on
 * the message text.
 */
export const ADMINISTRATION_ERROR_REASONS = {
  // --- Organizations (modules/administration/orgs; a non-member is refused with organization.not_member) ---
  /** Also a foreign organization read by a non-member: 404, so ids cannot be probed. */
  'organization.not_found': 'not_found',
  'organization.create_forbidden': 'forbidden',
  'organization.update_forbidden': 'forbidden',
  'organization.delete_forbidden': 'forbidden',
  'organization.has_members': 'conflict',
  /** Referrals or Medicaid members on record: deleting would cascade to PHI; deactivate instead. */
  'organization.has_records': 'conflict',

  // --- Memberships (modules/administration/orgs) ---
  'membership.manage_forbidden': 'forbidden',
  'membership.super_admin_only': 'forbidden',
  'membership.user_not_found': 'not_found',
  'membership.already_member': 'conflict',
  'membership.not_found': 'not_found',
  'membership.own_role': 'conflict',
  'membership.remove_self': 'conflict',
  /** 002 §6: the organization's primary user keeps their role and membership. */
  'membership.primary_role_locked': 'conflict',
  'membership.primary_not_removable': 'conflict',
} as const satisfies Record<string, ErrorCode>;
