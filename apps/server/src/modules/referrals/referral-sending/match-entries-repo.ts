import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers, referralProviderMatches } from '../../../db/schema/index.ts';

// The state changes a send and an acceptance make to a referral's matched provider entries (001 §3 Matched
// provider entry: pending → sent → accepted | not_selected). The matching module creates and removes the rows;
// these are the only writes this module makes to them, each in the caller's transaction.

export type EntryRow = typeof referralProviderMatches.$inferSelect;

export async function listEntries(db: DbOrTx, referralId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(referralProviderMatches)
    .where(eq(referralProviderMatches.referralId, referralId))
    .orderBy(referralProviderMatches.rank, referralProviderMatches.id);
}

/** 001 §4 "each matched provider becomes sent with a timestamp, the chosen method and contact value". */
export async function markEntrySent(
  db: DbOrTx,
  referralId: number,
  providerId: number,
  sent: { at: Date; methodType: string; contactValue: string; communicationMethodId: number | null },
): Promise<boolean> {
  const rows = await db
    .update(referralProviderMatches)
    .set({
      status: 'sent',
      sentAt: sent.at,
      communicationMethod: sent.methodType,
      contactValue: sent.contactValue,
      communicationMethodId: sent.communicationMethodId,
    })
    .where(
      and(
        eq(referralProviderMatches.referralId, referralId),
        eq(referralProviderMatches.providerId, providerId),
        // An entry already answered keeps its answer.
        inArray(referralProviderMatches.status, ['pending', 'sent']),
      ),
    )
    .returning({ id: referralProviderMatches.id });
  return rows.length > 0;
}

/** Whether the provider holds a 'sent' entry on the referral and the organization acts for that provider. */
export async function hasSentEntryFor(
  db: DbOrTx,
  referralId: number,
  providerId: number,
  orgId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: referralProviderMatches.id })
    .from(referralProviderMatches)
    .innerJoin(providers, eq(providers.id, referralProviderMatches.providerId))
    .where(
      and(
        eq(referralProviderMatches.referralId, referralId),
        eq(referralProviderMatches.providerId, providerId),
        eq(referralProviderMatches.status, 'sent'),
        eq(providers.organizationId, orgId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The provider of `orgId` that holds a 'sent' entry on the referral (it may still accept it), if any. */
export async function sentEntryProviderOf(
  db: DbOrTx,
  referralId: number,
  orgId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: providers.id, name: providers.name })
    .from(referralProviderMatches)
    .innerJoin(providers, eq(providers.id, referralProviderMatches.providerId))
    .where(
      and(
        eq(referralProviderMatches.referralId, referralId),
        eq(referralProviderMatches.status, 'sent'),
        eq(providers.organizationId, orgId),
      ),
    )
    .orderBy(referralProviderMatches.rank)
    .limit(1);
  return row ?? null;
}

/** First accept wins (001 §3): the accepting provider's entry becomes accepted, every other one not_selected. */
export async function settleEntries(db: DbOrTx, referralId: number, acceptedProviderId: number) {
  await db
    .update(referralProviderMatches)
    .set({
      status: sql`case when ${referralProviderMatches.providerId} = ${acceptedProviderId} then 'accepted' else 'not_selected' end`,
    })
    .where(
      and(eq(referralProviderMatches.referralId, referralId), ne(referralProviderMatches.status, 'accepted')),
    );
}
