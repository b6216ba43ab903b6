import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers, referralProviderMatches } from '../../../db/schema/index.ts';

// Queries of referral_provider_matches, a referral's matched provider entries (001 §3 Matched provider entry:
// pending → sent → accepted | not_selected). This module owns the table (module.ts says why); the matching
// module puts and removes entries through match-entries.ts.

export type EntryInsert = typeof referralProviderMatches.$inferInsert;

/** An entry with what the screens show of its provider. */
export type EntryRow = {
  referralId: number;
  providerId: number;
  providerName: string;
  organizationType: string;
  services: string[];
  rank: number;
  distanceMiles: number | null;
  status: string;
  sentAt: Date | null;
  communicationMethod: string | null;
  contactValue: string | null;
};

const entryColumns = {
  referralId: referralProviderMatches.referralId,
  providerId: referralProviderMatches.providerId,
  providerName: providers.name,
  organizationType: providers.organizationType,
  services: providers.services,
  rank: referralProviderMatches.rank,
  distanceMiles: referralProviderMatches.distanceMiles,
  status: referralProviderMatches.status,
  sentAt: referralProviderMatches.sentAt,
  communicationMethod: referralProviderMatches.communicationMethod,
  contactValue: referralProviderMatches.contactValue,
};

/** The matched provider entries of some referrals, by referral and rank. */
export async function listEntries(db: DbOrTx, referralIds: readonly number[]): Promise<EntryRow[]> {
  if (referralIds.length === 0) return [];
  return db
    .select(entryColumns)
    .from(referralProviderMatches)
    .innerJoin(providers, eq(providers.id, referralProviderMatches.providerId))
    .where(inArray(referralProviderMatches.referralId, [...referralIds]))
    .orderBy(
      asc(referralProviderMatches.referralId),
      asc(referralProviderMatches.rank),
      asc(referralProviderMatches.id),
    );
}

export async function insertEntries(db: DbOrTx, values: readonly EntryInsert[]) {
  if (values.length) await db.insert(referralProviderMatches).values([...values]);
}

export async function deleteEntry(db: DbOrTx, referralId: number, providerId: number) {
  await db
    .delete(referralProviderMatches)
    .where(
      and(
        eq(referralProviderMatches.referralId, referralId),
        eq(referralProviderMatches.providerId, providerId),
      ),
    );
}

export async function deleteEntries(db: DbOrTx, referralId: number) {
  await db.delete(referralProviderMatches).where(eq(referralProviderMatches.referralId, referralId));
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

/**
 * Whether the provider holds a 'sent' entry on the referral: when `orgId` is given, only if that organization
 * acts for the provider (an answer in the app); null for the provider itself (an answer by SMS).
 */
export async function hasSentEntry(
  db: DbOrTx,
  referralId: number,
  providerId: number,
  orgId: number | null,
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
        orgId === null ? undefined : eq(providers.organizationId, orgId),
      ),
    )
    .limit(1);
  return Boolean(row);
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
