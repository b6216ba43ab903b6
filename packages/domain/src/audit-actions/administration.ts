/** Audit-log actions of the administration area: the action string and what it records (shown in the security log). */
export const ADMINISTRATION_AUDIT_ACTIONS = {
  // --- Organizations and memberships (modules/administration/orgs) ---
  'organization.created': 'Created an organization',
  'organization.updated': "Changed an organization's details",
  'organization.status_changed': 'Activated or deactivated an organization',
  'organization.deleted': 'Deleted an organization',
  'membership.added': 'Added a user to an organization',
  'membership.role_changed': "Changed a member's role",
  'membership.removed': 'Removed a member from an organization',
} as const satisfies Record<string, string>;
