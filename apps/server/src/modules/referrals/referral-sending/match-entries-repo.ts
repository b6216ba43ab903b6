import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers, referralProviderMatches } from '../../../db/schema/index.ts';

// Queries of referral_provider_matches, a referral's matched provider entries (001 §3 Matched provider entry:
// pending → sent → accepted | declined | expired | not_selected; statuses change only in entry-lifecycle.ts).
// This module owns the table (module.ts says why); the matching module puts and removes entries through
// match-entries.ts.

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
  round: number;
  expiresAt: Date | null;
  answeredAt: Date | null;
  declineReason: string | null;
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
  round: referralProviderMatches.round,
  expiresAt: referralProviderMatches.expiresAt,
  answeredAt: referralProviderMatches.answeredAt,
  declineReason: referralProviderMatches.declineReason,
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

/** Every entry of the referral but those in `keep` status (a new match keeps the declines). */
export async function deleteEntriesBut(db: DbOrTx, referralId: number, keep: string) {
  await db
    .delete(referralProviderMatches)
    .where(and(eq(referralProviderMatches.referralId, referralId), ne(referralProviderMatches.status, keep)));
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
