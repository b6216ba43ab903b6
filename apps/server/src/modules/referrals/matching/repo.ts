import { and, count, desc, eq, inArray, isNotNull, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { matchFeedback, memberFollowUps, providers, referrals } from '../../../db/schema/index.ts';
import { AUTO_MATCH_METHOD } from '../referrals/match-state.ts';

// The matching screens' reads of referrals (declared in module.ts `reads`) and this module's match feedback.
// Every change to a referral goes through the referrals module (referrals/match-state.ts).

export const AUTO_METHOD = AUTO_MATCH_METHOD;
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
  urgency: referrals.urgency,
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

/**
 * 001 §4: manual matching lists the organization's Pending referrals that do not use the matching engine, and
 * (issue #14) every referral that needs re-matching: Rejected or Expired, whoever matched it first.
 */
export function listUnpublished(db: DbOrTx, orgId: number, limit: number) {
  return summaries(
    db,
    and(
      eq(referrals.organizationId, orgId),
      inArray(referrals.status, ['pending', 'rejected', 'expired']),
      sql`(${referrals.status} <> 'pending' OR NOT ${referrals.useMatchingEngine})`,
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
  const [[row], [last]] = await Promise.all([
    db
      .select({
        pending: sql<number>`count(*) FILTER (WHERE ${referrals.status} = 'pending' AND ${referrals.useMatchingEngine})::int`,
        autoMatched: sql<number>`count(*) FILTER (WHERE ${isAutoMatched})::int`,
      })
      .from(referrals)
      // Only Pending and Matched rows can count, so the organization's status index bounds the scan.
      .where(and(eq(referrals.organizationId, orgId), inArray(referrals.status, ['pending', 'matched']))),
    // The last run is the newest auto-match whatever the referral became since (accepted, completed…), read
    // from referrals_org_auto_matched_idx; a match removed by a revert cleared its auto_matched_at.
    db
      .select({ lastRun: max(referrals.autoMatchedAt) })
      .from(referrals)
      .where(and(eq(referrals.organizationId, orgId), isNotNull(referrals.autoMatchedAt))),
  ]);
  return {
    pending: Number(row?.pending ?? 0),
    autoMatched: Number(row?.autoMatched ?? 0),
    lastRun: last?.lastRun ? new Date(last.lastRun as unknown as string) : null,
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

/**
 * The members' answers per provider (the member-confirmed factor of the ranking, issue #14 item 4): YES out of
 * YES and NO to "Did you get the help you needed?" about the referrals each provider completed, over every
 * organization (like the acceptance above: counts only, no member data). A question not answered, or answered too
 * late (answer left null), is not an answer. One grouped query served by member_follow_ups_provider_idx
 * (provider_id WHERE answer IS NOT NULL).
 */
export async function memberConfirmedOf(db: DbOrTx, providerIds: readonly number[]) {
  const out = new Map<number, { yes: number; answered: number }>();
  if (providerIds.length === 0) return out;
  const rows = await db
    .select({
      providerId: memberFollowUps.providerId,
      yes: sql<number>`count(*) FILTER (WHERE ${memberFollowUps.answer} = 'yes')::int`,
      answered: sql<number>`count(*) FILTER (WHERE ${memberFollowUps.answer} IN ('yes', 'no'))::int`,
    })
    .from(memberFollowUps)
    .where(and(inArray(memberFollowUps.providerId, [...providerIds]), isNotNull(memberFollowUps.answer)))
    .groupBy(memberFollowUps.providerId);
  for (const r of rows) {
    out.set(r.providerId as number, { yes: Number(r.yes), answered: Number(r.answered) });
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

/** A feedback row as the product API (003 §7.5) answers it: the referral by number and the provider by name. */
const feedbackColumns = {
  id: matchFeedback.id,
  referralId: matchFeedback.referralId,
  referralNumber: referrals.referralNumber,
  providerId: matchFeedback.providerId,
  providerName: providers.name,
  organizationId: matchFeedback.organizationId,
  userId: matchFeedback.userId,
  status: matchFeedback.status,
  score: matchFeedback.score,
  notes: matchFeedback.notes,
  createdAt: matchFeedback.createdAt,
};
export type FeedbackRow = {
  id: number;
  referralId: number | null;
  referralNumber: string | null;
  providerId: number;
  providerName: string | null;
  organizationId: number | null;
  userId: number | null;
  status: string;
  score: number | null;
  notes: string | null;
  createdAt: Date;
};

function feedbackQuery(db: DbOrTx) {
  return db
    .select(feedbackColumns)
    .from(matchFeedback)
    .leftJoin(referrals, eq(referrals.id, matchFeedback.referralId))
    .leftJoin(providers, eq(providers.id, matchFeedback.providerId));
}

/** One feedback row of the organization; undefined for another organization's (or none). */
export async function findFeedback(db: DbOrTx, id: number, orgId: number): Promise<FeedbackRow | undefined> {
  const [row] = await feedbackQuery(db).where(
    and(eq(matchFeedback.id, id), eq(matchFeedback.organizationId, orgId)),
  );
  return row;
}

export type FeedbackFilter = {
  orgId: number;
  providerId?: number | undefined;
  referralId?: number | undefined;
  status?: string | undefined;
};

function feedbackWhere(filter: FeedbackFilter): SQL | undefined {
  return and(
    eq(matchFeedback.organizationId, filter.orgId),
    filter.providerId === undefined ? undefined : eq(matchFeedback.providerId, filter.providerId),
    filter.referralId === undefined ? undefined : eq(matchFeedback.referralId, filter.referralId),
    filter.status === undefined ? undefined : eq(matchFeedback.status, filter.status),
  );
}

/**
 * One page of the organization's feedback, newest first, and the total: match_feedback_org_created_idx
 * (organization_id, created_at) serves both.
 */
export async function listFeedback(
  db: DbOrTx,
  filter: FeedbackFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const where = feedbackWhere(filter);
  const [rows, [totalRow]] = await Promise.all([
    feedbackQuery(db)
      .where(where)
      .orderBy(desc(matchFeedback.createdAt), desc(matchFeedback.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(matchFeedback).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}
