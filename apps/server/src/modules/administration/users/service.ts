import type { OrgContext, ServiceContext } from '../../../platform/context.ts';
import { announceSessionChange } from '../../../platform/sessions.ts';
import * as repo from './repo.ts';
import { toUserWire, type UserRow } from './wire.ts';

/** The account of an email address, whatever its case; undefined when there is none. */
export function findUserByEmail(ctx: ServiceContext, input: { email: string }): Promise<UserRow | undefined> {
  return repo.findByEmail(ctx.db, input.email);
}

export function findUserById(ctx: ServiceContext, input: { id: number }): Promise<UserRow | undefined> {
  return repo.findById(ctx.db, input.id);
}

/** A new account (registration by invitation); the caller hashes the password. */
export function createUser(ctx: ServiceContext, input: repo.UserInsert): Promise<UserRow> {
  return repo.insertUser(ctx.db, input);
}

// Every change to a user's row is announced: session caches hold the row with each session (issue #22), and
// what they hold must not outlive the change (the password hash is what a password change is checked against).

/** An account joining another organization keeps its phone number; one without gets the one it gave. */
export async function setPhoneIfMissing(ctx: ServiceContext, input: { userId: number; phone: string }) {
  await repo.setPhoneIfMissing(ctx.db, input.userId, input.phone);
  await announceSessionChange(ctx.db, { user_ids: [input.userId] });
}

/** Stores a new password hash (reset or change; the passwords module ends the sessions and audits). */
export async function setPasswordHash(ctx: ServiceContext, input: { userId: number; passwordHash: string }) {
  await repo.setPasswordHash(ctx.db, input.userId, input.passwordHash);
  await announceSessionChange(ctx.db, { user_ids: [input.userId] });
}

/** The user's last login (GET /auth/me shows it on their other sessions too). */
export async function recordLogin(ctx: ServiceContext, input: { userId: number; at: Date }) {
  await repo.recordLogin(ctx.db, input.userId, input.at);
  await announceSessionChange(ctx.db, { user_ids: [input.userId] });
}

/** GET /api/users: the users of the active organization, paged. */
export async function listOrganizationUsers(ctx: OrgContext, input: { page: number; pageSize: number }) {
  const { page, pageSize } = input;
  const { rows, total } = await repo.listByOrganization(ctx.db, ctx.actor.org.id, page, pageSize);
  return {
    users: rows.map((r) => ({ ...toUserWire(r.user), user_org_role: r.orgRole, is_primary: r.isPrimary })),
    total,
    page,
    page_size: pageSize,
  };
}
