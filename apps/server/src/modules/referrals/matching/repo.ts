import { and, asc, desc, eq, inArray, isNotNull, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { matchFeedback, providers, referralProviderMatches, referrals } from '../../../db/schema/index.ts';

export const AUTO_METHOD = 'auto';
export const MANUAL_METHOD = 'manual';

/** The referral columns the matching screens show (001 §3 "Referral (as used for matching)"). */
const referralSummary = {
  id: referrals.id,
  referralNumber: referrals.referralNumber,
  organizationId: referrals.organizationId,
  firstName: referrals.firstName,
  lastName: referrals.lastName,
  medicaidId: referrals.medicaidId,
  zipCode: referrals.zipCode,
  city: referrals.city,
  state: referrals.state,
  latitude: referrals.latitude,
  longitude: referrals.longitude,
  primaryDiagnosis: referrals.primaryDiagnosis,
  sdohNeeds: referrals.sdohNeeds,
  urgencyLevel: referrals.urgencyLevel,
  preferredLanguage: referrals.preferredLanguage,
  status: referrals.status,
  useMatchingEngine: referrals.useMatchingEngine,
  createdAt: referrals.createdAt,
  matchedAt: referrals.matchedAt,
  autoMatchedAt: referrals.autoMatchedAt,
  matchMethod: referrals.matchMethod,
  matchedProviderId: referrals.matchedProviderId,
  matchedProviderName: providers.name,
};
export type ReferralSummaryRow = {
  [K in keyof typeof referralSummary]: (typeof referralSummary)[K]['_']['data'] | null;
} & { id: number; referralNumber: string; organizationId: number; createdAt: Date; status: string };

/** 001 §2.9: an auto-matched referral is stored Matched by the engine, without one chosen provider yet. */
export const isAutoMatched = and(
  eq(referrals.status, 'matched'),
  eq(referrals.matchMethod, AUTO_METHOD),
  isNull(referrals.matchedProviderId),
) as SQL;

async function summaries(db: DbOrTx, where: SQL, order: SQL[], limit: number) {
  const rows = await db
    .select(referralSummary)
    .from(referrals)
    .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows as ReferralSummaryRow[];
}

export async function findSummary(db: DbOrTx, id: number): Promise<ReferralSummaryRow | undefined> {
  const [row] = await summaries(db, eq(referrals.id, id), [], 1);
  return row;
}

/** 001 §4: manual matching lists the organization's Pending referrals that do not use the matching engine. */
export function listUnpublished(db: DbOrTx, orgId: number, limit: number) {
  return summaries(
    db,
    and(
      eq(referrals.organizationId, orgId),
      eq(referrals.status, 'pending'),
      eq(referrals.useMatchingEngine, false),
    ) as SQL,
    [desc(referrals.createdAt), desc(referrals.id)],
    limit,
  );
}

/** 001 §2.9: the organization's Pending referrals that use the engine, and those it auto-matched. */
export function listAutoMatchQueue(db: DbOrTx, orgId: number, limit: number) {
  return summaries(
    db,
    and(
      eq(referrals.organizationId, orgId),
      sql`((${referrals.status} = 'pending' AND ${referrals.useMatchingEngine}) OR (${isAutoMatched}))`,
    ) as SQL,
    [desc(referrals.createdAt), desc(referrals.id)],
    limit,
  );
}

/** Algorithm Status panel figures (001 §2.9), counted over all of the organization's referrals. */
export async function autoMatchCounts(db: DbOrTx, orgId: number) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${referrals.status} = 'pending' AND ${referrals.useMatchingEngine})::int`,
      autoMatched: sql<number>`count(*) FILTER (WHERE ${isAutoMatched})::int`,
      lastRun: max(referrals.autoMatchedAt),
    })
    .from(referrals)
    // Only Pending and Matched rows can count (an auto-match cleared by a revert has no auto_matched_at), so
    // the organization's status index bounds the scan.
    .where(and(eq(referrals.organizationId, orgId), inArray(referrals.status, ['pending', 'matched'])));
  return {
    pending: Number(row?.pending ?? 0),
    autoMatched: Number(row?.autoMatched ?? 0),
    lastRun: row?.lastRun ? new Date(row.lastRun as unknown as string) : null,
  };
}

/** 001 §9 "Recent matches 5": the providers of the organization's newest matches, each once. */
export async function recentMatchedProviderIds(db: DbOrTx, orgId: number, limit: number) {
  const rows = await db
    .select({ providerId: referrals.matchedProviderId, at: max(referrals.matchedAt) })
    .from(referrals)
    .where(and(eq(referrals.organizationId, orgId), isNotNull(referrals.matchedProviderId)))
    .groupBy(referrals.matchedProviderId)
    .orderBy(desc(max(referrals.matchedAt)))
    .limit(limit);
  return rows.map((r) => r.providerId as number);
}

/** Locks the referral row for a matching change (two changes of one referral run one after the other). */
export async function lockReferral(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: referrals.id, status: referrals.status })
    .from(referrals)
    .where(eq(referrals.id, id))
    .for('update');
  return row;
}

export async function setLocation(db: DbOrTx, id: number, point: { latitude: number; longitude: number }) {
  await db.update(referrals).set(point).where(eq(referrals.id, id));
}

/** Pending → Auto-Matched (001 §4): stored Matched by the engine, no single provider yet, no response window. */
export async function markAutoMatched(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(referrals)
    .set({
      status: 'matched',
      matchMethod: AUTO_METHOD,
      matchedAt: now,
      autoMatchedAt: now,
      matchedProviderId: null,
      acceptanceStatus: null,
      expiresAt: null,
      updatedAt: now,
    })
    .where(and(eq(referrals.id, id), eq(referrals.status, 'pending')))
    .returning({ id: referrals.id });
  return rows.length > 0;
}

/** 001 §4: removing the last matched provider reverts to Pending with matched providers and auto_matched_at cleared. */
export async function revertToPending(db: DbOrTx, id: number, now: Date) {
  await db
    .update(referrals)
    .set({
      status: 'pending',
      matchMethod: null,
      matchedAt: null,
      autoMatchedAt: null,
      updatedAt: now,
    })
    .where(eq(referrals.id, id));
}

export async function touchReferral(db: DbOrTx, id: number, now: Date) {
  await db.update(referrals).set({ updatedAt: now }).where(eq(referrals.id, id));
}

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

/** The matched provider entries of some referrals, by rank. */
export async function listEntries(db: DbOrTx, referralIds: readonly number[]): Promise<EntryRow[]> {
  if (referralIds.length === 0) return [];
  return db
    .select(entryColumns)
    .from(referralProviderMatches)
    .innerJoin(providers, eq(providers.id, referralProviderMatches.providerId))
    .where(inArray(referralProviderMatches.referralId, [...referralIds]))
    .orderBy(asc(referralProviderMatches.referralId), asc(referralProviderMatches.rank));
}

export async function insertEntries(db: DbOrTx, values: (typeof referralProviderMatches.$inferInsert)[]) {
  if (values.length) await db.insert(referralProviderMatches).values(values);
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

export async function countEntries(db: DbOrTx, referralId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referralProviderMatches)
    .where(eq(referralProviderMatches.referralId, referralId));
  return Number(row?.n ?? 0);
}

/**
 * Past outcomes per provider (the acceptance factor of the ranking): a provider's answers to referrals matched
 * to it (accepted vs rejected or expired) plus coordinators' feedback (accepted/completed vs rejected/failed).
 */
export async function acceptanceOf(db: DbOrTx, providerIds: readonly number[]) {
  const out = new Map<number, { accepted: number; total: number }>();
  if (providerIds.length === 0) return out;
  const ids = [...providerIds];
  const answers = await db
    .select({
      providerId: referrals.matchedProviderId,
      accepted: sql<number>`count(*) FILTER (WHERE ${referrals.acceptanceStatus} = 'accepted')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(referrals)
    .where(
      and(
        inArray(referrals.matchedProviderId, ids),
        inArray(referrals.acceptanceStatus, ['accepted', 'rejected', 'expired']),
      ),
    )
    .groupBy(referrals.matchedProviderId);
  const feedback = await db
    .select({
      providerId: matchFeedback.providerId,
      accepted: sql<number>`count(*) FILTER (WHERE ${matchFeedback.status} IN ('accepted', 'completed'))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(matchFeedback)
    .where(inArray(matchFeedback.providerId, ids))
    .groupBy(matchFeedback.providerId);
  for (const r of [...answers, ...feedback]) {
    const id = r.providerId as number;
    const cur = out.get(id) ?? { accepted: 0, total: 0 };
    out.set(id, { accepted: cur.accepted + Number(r.accepted), total: cur.total + Number(r.total) });
  }
  return out;
}

export async function insertFeedback(db: DbOrTx, values: typeof matchFeedback.$inferInsert) {
  const [row] = await db.insert(matchFeedback).values(values).returning({ id: matchFeedback.id });
  return row!;
}

/** The organization's latest feedback per provider on one referral. */
export async function latestFeedback(db: DbOrTx, referralId: number, orgId: number) {
  const rows = await db
    .select({
      providerId: matchFeedback.providerId,
      status: matchFeedback.status,
      notes: matchFeedback.notes,
      createdAt: matchFeedback.createdAt,
    })
    .from(matchFeedback)
    .where(and(eq(matchFeedback.referralId, referralId), eq(matchFeedback.organizationId, orgId)))
    .orderBy(desc(matchFeedback.createdAt), desc(matchFeedback.id));
  const out = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!out.has(r.providerId)) out.set(r.providerId, r);
  return out;
}
