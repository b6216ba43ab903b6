import type { Me } from '@trust/domain';

/**
 * Who sees the Unmatched filter and files its threads: platform operators only (`Me.is_platform_operator`, a
 * super_admin membership), as the server's canTriageUnmatched decides (it answers 403 to anyone else). A message
 * nobody could place belongs to no organization yet, so no organization's coordinators read it (issue #12). The
 * browser only hides the button.
 */
export function canTriageUnmatched(user: Pick<Me, 'is_platform_operator'> | null): boolean {
  return user?.is_platform_operator === true;
}
