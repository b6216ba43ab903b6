import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providerCommunicationMethods } from '../../../db/schema/index.ts';

// Queries of provider_communication_methods (001 §3 Communication method). This module owns the table.

export type MethodRow = typeof providerCommunicationMethods.$inferSelect;
export type MethodInsert = typeof providerCommunicationMethods.$inferInsert;

/** Highest priority first (001 §2.2), then the preferred one, then the oldest. */
export async function listMethods(db: DbOrTx, providerId: number): Promise<MethodRow[]> {
  return db
    .select()
    .from(providerCommunicationMethods)
    .where(eq(providerCommunicationMethods.providerId, providerId))
    .orderBy(
      desc(providerCommunicationMethods.priority),
      desc(providerCommunicationMethods.isPreferred),
      providerCommunicationMethods.id,
    );
}

export async function findMethod(db: DbOrTx, id: number): Promise<MethodRow | null> {
  const [row] = await db
    .select()
    .from(providerCommunicationMethods)
    .where(eq(providerCommunicationMethods.id, id));
  return row ?? null;
}

export async function lockMethod(db: DbOrTx, id: number): Promise<MethodRow | null> {
  const [row] = await db
    .select()
    .from(providerCommunicationMethods)
    .where(eq(providerCommunicationMethods.id, id))
    .for('update');
  return row ?? null;
}

export async function findMethodByContact(
  db: DbOrTx,
  providerId: number,
  methodType: string,
  contactValue: string,
): Promise<MethodRow | null> {
  const [row] = await db
    .select()
    .from(providerCommunicationMethods)
    .where(
      and(
        eq(providerCommunicationMethods.providerId, providerId),
        eq(providerCommunicationMethods.methodType, methodType),
        eq(providerCommunicationMethods.contactValue, contactValue),
      ),
    );
  return row ?? null;
}

/** Inserts the method unless the provider already has that contact; returns the row and whether it is new. */
export async function insertMethodIfMissing(
  db: DbOrTx,
  values: MethodInsert,
): Promise<{ row: MethodRow; created: boolean }> {
  const [row] = await db
    .insert(providerCommunicationMethods)
    .values(values)
    .onConflictDoNothing()
    .returning();
  if (row) return { row, created: true };
  const existing = await findMethodByContact(db, values.providerId, values.methodType, values.contactValue);
  return { row: existing!, created: false };
}

export async function updateMethod(
  db: DbOrTx,
  id: number,
  values: Partial<MethodInsert>,
): Promise<MethodRow> {
  const [row] = await db
    .update(providerCommunicationMethods)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(providerCommunicationMethods.id, id))
    .returning();
  return row!;
}

/** 001 §4: one preferred method per provider; the others lose the flag (and their +5 with it). */
export async function clearOtherPreferred(
  db: DbOrTx,
  providerId: number,
  keepId: number,
): Promise<MethodRow[]> {
  return db
    .update(providerCommunicationMethods)
    .set({ isPreferred: false, updatedAt: new Date() })
    .where(
      and(
        eq(providerCommunicationMethods.providerId, providerId),
        ne(providerCommunicationMethods.id, keepId),
        sql`${providerCommunicationMethods.isPreferred}`,
      ),
    )
    .returning();
}

/**
 * A number answered STOP (true) or START (false): every phone method with those digits (the last 10, indexed
 * contact_digits), whichever provider holds it, shows it (001 §2.2 method rows; issue #6). Returns how many.
 */
export async function setPhoneMethodsOptedOut(
  db: DbOrTx,
  digits: string,
  optedOut: boolean,
): Promise<number> {
  if (!/^\d{10}$/.test(digits)) return 0;
  const rows = await db
    .update(providerCommunicationMethods)
    .set({ optedOut, updatedAt: new Date() })
    .where(
      and(
        eq(providerCommunicationMethods.contactDigits, digits),
        eq(providerCommunicationMethods.methodType, 'phone'),
        ne(providerCommunicationMethods.optedOut, optedOut),
      ),
    )
    .returning({ id: providerCommunicationMethods.id });
  return rows.length;
}
