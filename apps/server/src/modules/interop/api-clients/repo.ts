import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { apiClients, users } from '../../../db/schema/index.ts';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type ApiClientListRow = ApiClientRow & { createdByName: string | null };

/**
 * The organization's clients (or its one client `id`), newest first, with the name of the admin who created
 * each (one query).
 */
export function listByOrganization(
  db: DbOrTx,
  organizationId: number,
  id?: number,
): Promise<ApiClientListRow[]> {
  return db
    .select({
      id: apiClients.id,
      organizationId: apiClients.organizationId,
      name: apiClients.name,
      clientId: apiClients.clientId,
      secretHash: apiClients.secretHash,
      scopes: apiClients.scopes,
      serviceUserId: apiClients.serviceUserId,
      createdBy: apiClients.createdBy,
      createdAt: apiClients.createdAt,
      lastUsedAt: apiClients.lastUsedAt,
      revokedAt: apiClients.revokedAt,
      createdByName: users.name,
    })
    .from(apiClients)
    .leftJoin(users, eq(users.id, apiClients.createdBy))
    .where(
      and(
        eq(apiClients.organizationId, organizationId),
        id === undefined ? undefined : eq(apiClients.id, id),
      ),
    )
    .orderBy(desc(apiClients.createdAt), desc(apiClients.id));
}

export async function insertClient(
  db: DbOrTx,
  values: typeof apiClients.$inferInsert,
): Promise<ApiClientRow> {
  const [row] = await db.insert(apiClients).values(values).returning();
  return row!;
}

/** A client of the organization by id, locked for the change the caller makes; undefined for anyone else's. */
export async function findForUpdate(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<ApiClientRow | undefined> {
  const [row] = await db
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.id, id), eq(apiClients.organizationId, organizationId)))
    .for('update');
  return row;
}

/** Revokes a live client; undefined when it was revoked meanwhile. */
export async function markRevoked(db: DbOrTx, id: number, at: Date): Promise<ApiClientRow | undefined> {
  const [row] = await db
    .update(apiClients)
    .set({ revokedAt: at })
    .where(and(eq(apiClients.id, id), isNull(apiClients.revokedAt)))
    .returning();
  return row;
}

/** The client of a public client id, with whether its service account may still act. */
export async function findByClientId(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({ client: apiClients, serviceUserActive: users.isActive })
    .from(apiClients)
    .innerJoin(users, eq(users.id, apiClients.serviceUserId))
    .where(eq(apiClients.clientId, clientId))
    .limit(1);
  return row;
}

export async function setLastUsed(db: DbOrTx, id: number, at: Date) {
  await db.update(apiClients).set({ lastUsedAt: at }).where(eq(apiClients.id, id));
}
