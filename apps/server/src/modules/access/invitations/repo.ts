import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  auditLog,
  consentDocuments,
  consentSignatures,
  invitations,
  memberships,
  organizations,
  users,
  userTwoFactor,
} from '../../../db/schema/index.ts';

export type InvitationRow = typeof invitations.$inferSelect;

export async function findOrganization(db: DbOrTx, orgId: number) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return row;
}

export async function membershipOf(db: DbOrTx, userId: number, orgId: number) {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, orgId)))
    .limit(1);
  return row;
}

export async function isMemberByEmail(db: DbOrTx, orgId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

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

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function setPhoneIfMissing(db: DbOrTx, userId: number, phone: string) {
  await db
    .update(users)
    .set({ phoneNumber: phone })
    .where(and(eq(users.id, userId), isNull(users.phoneNumber)));
}

export async function membershipCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
  return row?.n ?? 0;
}

export async function insertMembership(db: DbOrTx, values: typeof memberships.$inferInsert) {
  await db.insert(memberships).values(values);
}

/** 003 §5: the phone is "required for two-factor authentication": SMS becomes the user's second factor. */
export async function enableSmsTwoFactor(db: DbOrTx, userId: number) {
  await db
    .insert(userTwoFactor)
    .values({ userId, smsEnabled: true })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { smsEnabled: true, updatedAt: new Date() } });
}

/** The newest published version of each consent document type asked at registration. */
export async function currentConsentDocuments(db: DbOrTx, types: readonly string[]) {
  const rows = await db
    .select({
      id: consentDocuments.id,
      documentType: consentDocuments.documentType,
      version: consentDocuments.version,
      publishedAt: consentDocuments.publishedAt,
    })
    .from(consentDocuments)
    .where(
      and(inArray(consentDocuments.documentType, [...types]), lte(consentDocuments.publishedAt, sql`now()`)),
    )
    .orderBy(desc(consentDocuments.publishedAt), desc(consentDocuments.id));
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!newest.has(row.documentType)) newest.set(row.documentType, row);
  return [...newest.values()];
}

export async function insertSignature(db: DbOrTx, values: typeof consentSignatures.$inferInsert) {
  await db.insert(consentSignatures).values(values);
}

/**
 * An audit row for a given organization: invitation events happen in an organization that is not
 * necessarily the caller's active one (invites name it in the path; registration has no session yet).
 */
export async function auditInOrg(
  db: DbOrTx,
  entry: {
    action: string;
    orgId: number;
    actorUserId: number | null;
    entityId: number;
    ip: string | null;
    details?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    organizationId: entry.orgId,
    action: entry.action,
    entityType: 'invitation',
    entityId: String(entry.entityId),
    ip: entry.ip,
    details: entry.details ?? {},
  });
}
