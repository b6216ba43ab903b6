// Product roles (003 §3, §6) and organization roles (002 §6).

export const PRODUCT_ROLES = [
  'case_manager',
  'community_provider',
  'provider',
  'cbo_staff',
  'administrator',
  'admin',
  'system',
] as const;
export type ProductRole = (typeof PRODUCT_ROLES)[number];

/** 003 §3: role labels; an unknown role is shown raw. */
const PRODUCT_ROLE_LABELS: Record<ProductRole, string> = {
  case_manager: 'Case Manager',
  community_provider: 'Community Provider (CBO)',
  administrator: 'Administrator',
  admin: 'Administrator',
  provider: 'Healthcare Provider',
  cbo_staff: 'CBO Staff',
  system: 'System User',
};

export function roleLabel(role: string): string {
  return (PRODUCT_ROLE_LABELS as Record<string, string>)[role] ?? role;
}

export const ORG_ROLES = ['super_admin', 'org_admin', 'manager', 'staff', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** 002 §6 */
export const ORG_ROLE_LABELS: Record<OrgRole, string> = {
  super_admin: 'Super Administrator',
  org_admin: 'Organization Administrator',
  manager: 'Manager',
  staff: 'Staff',
  viewer: 'Viewer',
};

export function orgRoleLabel(role: string): string {
  return (ORG_ROLE_LABELS as Record<string, string>)[role] ?? role;
}

/** Organization roles that administer an organization (002 §6: invitations, removing users, org status). */
export const ORG_ADMIN_ROLES: readonly OrgRole[] = ['super_admin', 'org_admin'];

/**
 * Organization roles that manage programs, member fields, mappings, imports and every member (002 §6 "manage
 * programs, members, workflows"; issue #15 item 8).
 */
export const ORG_MANAGER_ROLES: readonly OrgRole[] = ['super_admin', 'org_admin', 'manager'];

export function isOrgManager(role: string | null | undefined): boolean {
  return role != null && (ORG_MANAGER_ROLES as readonly string[]).includes(role);
}

/** Organization roles that add and change members and enrollments (staff: only their own); viewers read only. */
export const ORG_WRITER_ROLES: readonly OrgRole[] = ['super_admin', 'org_admin', 'manager', 'staff'];
