import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/index.ts';

// The notifications' queries: always one person's, in one organization (indexes notifications_user_idx and
// notifications_unread_idx).

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

/** Inserts notifications; one already written with the same (user, dedupe key) is left as it is. */
export async function insertNotifications(
  tx: DbOrTx,
  rows: NotificationInsert[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(notifications).values(rows).onConflictDoNothing().returning();
}

function mine(userId: number, organizationId: number, unreadOnly = false): SQL {
  return and(
    eq(notifications.userId, userId),
    eq(notifications.organizationId, organizationId),
    unreadOnly ? isNull(notifications.readAt) : undefined,
  ) as SQL;
}

export async function listNotifications(
  db: DbOrTx,
  input: { userId: number; organizationId: number; unreadOnly: boolean; limit: number; offset: number },
) {
  const where = mine(input.userId, input.organizationId, input.unreadOnly);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function unreadCount(db: DbOrTx, userId: number, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(mine(userId, organizationId, true));
  return Number(row?.n ?? 0);
}

/** Marks one of the person's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: DbOrTx, userId: number, organizationId: number, id: number) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), mine(userId, organizationId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: number, organizationId: number) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(mine(userId, organizationId, true));
}

export async function unreadCounts(db: DbOrTx, organizationId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, userIds),
        eq(notifications.organizationId, organizationId),
        isNull(notifications.readAt),
      ),
    )
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}
