import type { Me } from '@trust/domain';

/**
 * Who sees the Unmatched filter: coordinators (case managers and administrators) and super_admins, as the
 * server's canTriageUnmatched decides (it answers 403 to anyone else). The browser only hides the button.
 */
export function canTriageUnmatched(user: Pick<Me, 'role' | 'org_role'> | null): boolean {
  if (!user) return false;
  return ['case_manager', 'admin', 'administrator'].includes(user.role) || user.org_role === 'super_admin';
}
