import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memberships, users } from '../../../db/schema/index.ts';
import type { UserRow } from './wire.ts';

export type UserInsert = typeof users.$inferInsert;

export async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function setPhoneIfMissing(db: DbOrTx, userId: number, phone: string) {
  await db
    .update(users)
    .set({ phoneNumber: phone })
    .where(and(eq(users.id, userId), isNull(users.phoneNumber)));
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function recordLogin(db: DbOrTx, userId: number, at: Date) {
  await db.update(users).set({ lastLogin: at }).where(eq(users.id, userId));
}

/** People only: API clients' service accounts (issue #21) are members but not people of the organization. */
const isPerson = eq(users.kind, 'person');

export async function listByOrganization(db: DbOrTx, orgId: number, page: number, pageSize: number) {
  const rows = await db
    .select({ user: users, orgRole: memberships.role, isPrimary: memberships.isPrimary })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), isPerson))
    .orderBy(asc(users.name), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), isPerson));
  return { rows, total: total?.n ?? 0 };
}
