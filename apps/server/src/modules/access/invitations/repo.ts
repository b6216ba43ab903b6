import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { invitations, organizations, users } from '../../../db/schema/index.ts';

export type InvitationRow = typeof invitations.$inferSelect;

/** 002 §4: a pending invitation past its expiry reads as expired; stored so, so lists and filters agree. */
export async function markExpired(db: DbOrTx, where: { orgId?: number; id?: number }, now: Date) {
  await db
    .update(invitations)
    .set({ status: 'expired' })
    .where(
      and(
        eq(invitations.status, 'pending'),
        lte(invitations.expiresAt, now),
        where.orgId === undefined ? undefined : eq(invitations.organizationId, where.orgId),
        where.id === undefined ? undefined : eq(invitations.id, where.id),
      ),
    );
}

export async function pendingFor(db: DbOrTx, orgId: number, email: string) {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, orgId),
        eq(invitations.status, 'pending'),
        sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertInvitation(db: DbOrTx, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

const listColumns = {
  invitation: invitations,
  invitedByName: users.name,
};

export async function listInvitations(db: DbOrTx, orgId: number, status?: string) {
  return db
    .select(listColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, orgId), status ? eq(invitations.status, status) : undefined))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(1000);
}

export async function findInvitation(db: DbOrTx, orgId: number, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id)))
    .limit(1);
  return row;
}

export async function setStatus(db: DbOrTx, id: number, values: Partial<typeof invitations.$inferInsert>) {
  const [row] = await db.update(invitations).set(values).where(eq(invitations.id, id)).returning();
  return row!;
}

/** The invitation of a token with its organization; locked when inside a transaction that will use it. */
export async function findByTokenHash(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db
    .select({ invitation: invitations, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row;
}
