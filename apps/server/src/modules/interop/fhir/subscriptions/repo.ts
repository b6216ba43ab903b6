import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { fhirSubscriptionDeliveries, fhirSubscriptions } from '../../../../db/schema/index.ts';

export type SubscriptionRow = typeof fhirSubscriptions.$inferSelect;
export type DeliveryRow = typeof fhirSubscriptionDeliveries.$inferSelect;
export type NewSubscription = typeof fhirSubscriptions.$inferInsert;

export async function insertSubscription(db: DbOrTx, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await db.insert(fhirSubscriptions).values(values).returning();
  return row!;
}

/** A subscription of the organization (another organization's is not found). */
export async function findSubscription(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(fhirSubscriptions)
    .where(and(eq(fhirSubscriptions.id, id), eq(fhirSubscriptions.organizationId, organizationId)));
  return row;
}

export async function findSubscriptionById(db: DbOrTx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id));
  return row;
}

/** Locks the row for a status change (a delivery's outcome and a person's action do not cross). */
export async function lockSubscription(db: DbOrTx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id)).for('update');
  return row;
}

export function listSubscriptions(db: DbOrTx, organizationId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(fhirSubscriptions)
    .where(eq(fhirSubscriptions.organizationId, organizationId))
    .orderBy(desc(fhirSubscriptions.id));
}

export async function updateSubscription(
  db: DbOrTx,
  id: number,
  patch: Partial<Omit<SubscriptionRow, 'id' | 'organizationId'>>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(fhirSubscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(fhirSubscriptions.id, id))
    .returning();
  return row;
}

/**
 * Counts one event on each active, unexpired subscription of the organizations and returns the subscriptions
 * with their new event number. One UPDATE: two events of the same moment never get the same number.
 */
export async function countEvent(
  db: DbOrTx,
  organizationIds: number[],
  subscriptionIds: number[],
  now: Date,
): Promise<{ id: number; eventCount: number }[]> {
  if (organizationIds.length === 0 || subscriptionIds.length === 0) return [];
  return db
    .update(fhirSubscriptions)
    .set({ eventCount: sql`${fhirSubscriptions.eventCount} + 1`, updatedAt: now })
    .where(
      and(
        inArray(fhirSubscriptions.id, subscriptionIds),
        inArray(fhirSubscriptions.organizationId, organizationIds),
        eq(fhirSubscriptions.status, 'active'),
      ),
    )
    .returning({ id: fhirSubscriptions.id, eventCount: fhirSubscriptions.eventCount });
}

/** The active, unexpired subscriptions of these organizations (candidates for an event). */
export function activeSubscriptionsOf(db: DbOrTx, organizationIds: number[], now: Date) {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: fhirSubscriptions.id,
      organizationId: fhirSubscriptions.organizationId,
      filterCriteria: fhirSubscriptions.filterCriteria,
    })
    .from(fhirSubscriptions)
    .where(
      and(
        inArray(fhirSubscriptions.organizationId, organizationIds),
        eq(fhirSubscriptions.status, 'active'),
        or(isNull(fhirSubscriptions.endAt), gt(fhirSubscriptions.endAt, now)),
      ),
    );
}

export async function insertDelivery(
  db: DbOrTx,
  values: typeof fhirSubscriptionDeliveries.$inferInsert,
): Promise<DeliveryRow> {
  const [row] = await db.insert(fhirSubscriptionDeliveries).values(values).returning();
  return row!;
}

export async function findDelivery(db: DbOrTx, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(fhirSubscriptionDeliveries)
    .where(eq(fhirSubscriptionDeliveries.id, id));
  return row;
}

export async function updateDelivery(
  db: DbOrTx,
  id: number,
  patch: Partial<Omit<DeliveryRow, 'id' | 'subscriptionId'>>,
): Promise<void> {
  await db.update(fhirSubscriptionDeliveries).set(patch).where(eq(fhirSubscriptionDeliveries.id, id));
}

/** Counts an attempt before it is made, so a crash mid-request still counts it. */
export async function countAttempt(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .update(fhirSubscriptionDeliveries)
    .set({ attempts: sql`${fhirSubscriptionDeliveries.attempts} + 1` })
    .where(eq(fhirSubscriptionDeliveries.id, id))
    .returning({ attempts: fhirSubscriptionDeliveries.attempts });
  return row?.attempts ?? 0;
}

export function lastDeliveries(db: DbOrTx, subscriptionId: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(fhirSubscriptionDeliveries)
    .where(eq(fhirSubscriptionDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(fhirSubscriptionDeliveries.id))
    .limit(limit);
}
