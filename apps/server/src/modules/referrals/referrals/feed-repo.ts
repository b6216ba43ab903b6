import { AWAITING_ANSWER } from '@trust/domain';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { organizations, providers, referralFeedPasses, referrals } from '../../../db/schema/index.ts';
import type { ReferralRow } from './repo.ts';

// Queries of the live feed (000 §2.6, §4.3). Every one is served by an index: the open cards by the partial
// index referrals_open_feed_idx (created_at, id WHERE status = 'pending'), scanned backwards for newest first;
// the cards awaiting an organization's answer by referrals_matched_provider_idx; passes by their primary key
// (user_id, referral_id).

const { searchText: _searchText, ...referralColumns } = getTableColumns(referrals);

/**
 * A feed row: the referral, the name of the organization that created it ("referred by") and the organization
 * of its matched provider (with the referring one, who reads the card in full).
 */
export type FeedRow = ReferralRow & { referredBy: string; matchedOrganizationId: number | null };

const feedSelection = {
  ...referralColumns,
  referredBy: organizations.name,
  matchedOrganizationId: providers.organizationId,
};

/** Not passed by this user (000 §4.3 "not already passed"). */
function notPassedBy(userId: number) {
  return sql`NOT EXISTS (SELECT 1 FROM ${referralFeedPasses} WHERE ${referralFeedPasses.userId} = ${userId} AND ${referralFeedPasses.referralId} = ${referrals.id})`;
}

const isPending = eq(referrals.status, 'pending');

/** Matched to one of these providers and still waiting for its answer (000 §4.3: acceptance missing or pending). */
function awaitingAnswerOf(providerIds: readonly number[]) {
  return and(
    inArray(referrals.matchedProviderId, [...providerIds]),
    inArray(referrals.status, [...AWAITING_ANSWER]),
    or(isNull(referrals.acceptanceStatus), eq(referrals.acceptanceStatus, 'pending')),
  );
}

/**
 * One page of the open (Pending) cards, newest first; without the user's passes when a user is given. The
 * builder is exported so a test can EXPLAIN exactly this statement.
 */
export function pendingPageQuery(db: DbOrTx, userId: number | null, limit: number, offset: number) {
  return db
    .select(feedSelection)
    .from(referrals)
    .innerJoin(organizations, eq(organizations.id, referrals.organizationId))
    .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
    .where(userId === null ? isPending : and(isPending, notPassedBy(userId)))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(limit)
    .offset(offset);
}

export async function listPendingPage(
  db: DbOrTx,
  userId: number | null,
  limit: number,
  offset: number,
): Promise<FeedRow[]> {
  if (limit <= 0) return [];
  return pendingPageQuery(db, userId, limit, offset);
}

/** Every Pending referral (an index-only count over the partial index). */
export async function countPending(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(referrals).where(isPending);
  return row?.n ?? 0;
}

/** The Pending referrals this user passed (read through the passes' primary key). */
export async function countPassedPending(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(referralFeedPasses)
    .innerJoin(referrals, eq(referrals.id, referralFeedPasses.referralId))
    .where(and(eq(referralFeedPasses.userId, userId), isPending));
  return row?.n ?? 0;
}

/** The cards awaiting the answer of these providers, soonest expiry first; without the user's passes. */
export async function listAwaitingPage(
  db: DbOrTx,
  providerIds: readonly number[],
  userId: number,
  limit: number,
  offset: number,
): Promise<FeedRow[]> {
  if (providerIds.length === 0 || limit <= 0) return [];
  return db
    .select(feedSelection)
    .from(referrals)
    .innerJoin(organizations, eq(organizations.id, referrals.organizationId))
    .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
    .where(and(awaitingAnswerOf(providerIds), notPassedBy(userId)))
    .orderBy(sql`${referrals.expiresAt} ASC NULLS LAST`, asc(referrals.id))
    .limit(limit)
    .offset(offset);
}

export async function countAwaiting(
  db: DbOrTx,
  providerIds: readonly number[],
  userId: number,
): Promise<number> {
  if (providerIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .where(and(awaitingAnswerOf(providerIds), notPassedBy(userId)));
  return row?.n ?? 0;
}

/** Hides a card for one user; passing twice is the same as once. */
export async function insertPass(db: DbOrTx, userId: number, referralId: number) {
  await db.insert(referralFeedPasses).values({ userId, referralId }).onConflictDoNothing();
}
