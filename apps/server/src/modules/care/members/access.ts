import { isOrgManager } from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';

// 002 §6 and issue #15 item 8, decided on the server: managers and administrators run the organization's member
// data (every member, fields, mappings, imports); staff see and edit the members they added or manage as case
// manager; viewers read only.

/** Managers and administrators (ORG_MANAGER_ROLES) see every member and run fields, mappings and imports. */
export function isManager(ctx: OrgContext): boolean {
  return isOrgManager(ctx.actor.org.role);
}

/** The user whose members a staff caller is limited to; null: the caller sees every member of the organization. */
export function staffScope(ctx: OrgContext): number | null {
  return ctx.actor.org.role === 'staff' ? ctx.actor.user.id : null;
}
