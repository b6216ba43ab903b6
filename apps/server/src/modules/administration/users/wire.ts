import type { User } from '@trust/domain';
import type { users } from '../../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** The wire shape of a user (003 §3). The password hash never leaves this module. */
export function toUserWire(u: UserRow): User {
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
