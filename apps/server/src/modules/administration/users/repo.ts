import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memberships, users } from '../../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function recordLogin(db: DbOrTx, userId: number, at: Date) {
  await db.update(users).set({ lastLogin: at }).where(eq(users.id, userId));
}

export async function listByOrganization(db: DbOrTx, orgId: number, page: number, pageSize: number) {
  const rows = await db
    .select({ user: users, orgRole: memberships.role, isPrimary: memberships.isPrimary })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, orgId))
    .orderBy(asc(users.name), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .where(eq(memberships.organizationId, orgId));
  return { rows, total: total?.n ?? 0 };
}
