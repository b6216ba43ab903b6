import type { User } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import * as repo from './repo.ts';

export type { UserRow } from './repo.ts';

/** The wire shape of a user (003 §3). The password hash never leaves this module. */
export function toUserWire(u: repo.UserRow): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone_number: u.phoneNumber,
    role: u.role,
    email_verified: u.emailVerified,
    is_active: u.isActive,
    created_at: u.createdAt.toISOString(),
    last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
  };
}

export const findUserByEmail = repo.findByEmail;
export const recordLogin = repo.recordLogin;

export async function listOrganizationUsers(db: DbOrTx, orgId: number, page: number, pageSize: number) {
  const { rows, total } = await repo.listByOrganization(db, orgId, page, pageSize);
  return {
    users: rows.map((r) => ({ ...toUserWire(r.user), user_org_role: r.orgRole, is_primary: r.isPrimary })),
    total,
    page,
    page_size: pageSize,
  };
}
