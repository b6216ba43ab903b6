import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations } from '../../db/schema/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

export async function listMemberships(db: DbOrTx, userId: number) {
  return db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.isPrimary), asc(organizations.name), asc(organizations.id));
}

export async function findOrganization(db: DbOrTx, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}
