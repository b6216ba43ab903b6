import {
  AWAITING_ANSWER,
  CLOSED_STATUSES,
  GAP_KINDS,
  type GapKind,
  type ReferralGapFilter,
  type ReferralListQuery,
  type ReferralStatus,
} from '@trust/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { containsPattern } from '../../../db/contains-pattern.ts';
import {
  organizations,
  providers,
  referralEvents,
  referralProviderMatches,
  referrals,
  users,
} from '../../../db/schema/index.ts';

const { searchText: _searchText, ...referralColumns } = getTableColumns(referrals);

/** The matched provider's card fields, read with every referral (a left join on the primary key). */
const matchedProviderColumns = {
  id: providers.id,
  name: providers.name,
  organizationType: providers.organizationType,
  services: providers.services,
  phone: providers.phone,
  email: providers.email,
  city: providers.city,
  state: providers.state,
  organizationId: providers.organizationId,
};

export type ReferralRow = Omit<typeof referrals.$inferSelect, 'searchText'>;
export type MatchedProviderRow = {
  id: number;
  name: string;
  organizationType: string;
  services: string[];
  phone: string | null;
  email: string | null;
  city: string | null;
  state: string | null;
  organizationId: number | null;
};
/** A referral with its matched provider (null when unmatched). */
export type ReferralRecord = ReferralRow & { matchedProvider: MatchedProviderRow | null };
export type ReferralInsert = typeof referrals.$inferInsert;
export type ReferralEventRow = typeof referralEvents.$inferSelect & { actorName: string | null };

const recordSelection = { ...referralColumns, matchedProvider: matchedProviderColumns };

/**
 * Whose referrals a list covers (000 §5.5 plus the scope): created by the organization, received by it as the
 * matched provider (its own provider listings), or both.
 */
function scopeFilter(orgId: number, providerIds: readonly number[], scope: ReferralListQuery['scope']) {
  const created = eq(referrals.organizationId, orgId);
  const received = providerIds.length ? inArray(referrals.matchedProviderId, [...providerIds]) : null;
  if (scope === 'created') return created;
  if (scope === 'received') return received ?? sql`false`;
  return received ? (or(created, received) as SQL) : created;
}

/**
 * The service gaps' kinds (issue #20) as predicates on one referral. KEEP EQUAL to the SQL function
 * analytics_result (apps/server/src/db/migrations/0019_analytics.sql), which the Service Gaps figures count by:
 * a queue link from a figure must list exactly the referrals behind it. The one place the queue defines them.
 */
const GAP_PREDICATES: Record<GapKind, () => SQL> = {
  declined: () => eq(referrals.status, 'rejected'),
  expired: () => eq(referrals.status, 'expired'),
  cancelled: () => eq(referrals.status, 'cancelled'),
  // Completed with any outcome but "Service provided" (a null outcome included: IS DISTINCT FROM).
  not_served: () =>
    sql`(${referrals.status} = 'completed' AND ${referrals.outcome} IS DISTINCT FROM 'service_provided')`,
  unmatched: () => and(eq(referrals.status, 'pending'), isNotNull(referrals.noProviderAt)) as SQL,
};

/** The referrals of one gap kind, or of any of them (`unmet`). */
export function gapFilter(gap: ReferralGapFilter): SQL {
  if (gap !== 'unmet') return GAP_PREDICATES[gap]();
  return or(...GAP_KINDS.map((kind) => GAP_PREDICATES[kind]())) as SQL;
}

/** The first instant after a UTC calendar day (`to` includes its whole day). */
function dayAfter(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
}

/**
 * The queue filters except status (000 §5.5): scope, search, urgency, method; and the Service Gaps links' need,
 * county, gap kind and period of creation (issue #20).
 *
 * Index use: the queue is one organization's rows (referrals_org_created_idx, or _org_status_idx with a status,
 * scanned backwards for the page), so the issue #20 filters are residual filters on that one organization's
 * rows, which is acceptable at an organization's size. The period narrows the same index's created_at range. No
 * index serves `sdoh_needs @> ARRAY[need]` (a GIN index on sdoh_needs would, if ever needed across
 * organizations); nor county_fips, nor the gap kinds (status is in _org_status_idx, but the gap kinds mix
 * statuses with outcome and no_provider_at).
 */
function baseFilters(
  orgId: number,
  providerIds: readonly number[],
  q: ReferralListQuery,
  urgencies: readonly string[] | null,
) {
  const where: SQL[] = [scopeFilter(orgId, providerIds, q.scope)];
  if (q.search) where.push(sql`${referrals.searchText} LIKE ${containsPattern(q.search)}`);
  // The stored, chosen levels (issue #14); the service turns a server value into the levels it stands for.
  if (urgencies) where.push(inArray(referrals.urgency, [...urgencies]));
  // 000 §5.5: auto = useMatchingEngine is not false; manual = it is false.
  if (q.method === 'auto') where.push(eq(referrals.useMatchingEngine, true));
  if (q.method === 'manual') where.push(eq(referrals.useMatchingEngine, false));
  if (q.need) where.push(sql`${referrals.sdohNeeds} @> ARRAY[${q.need}]::text[]`);
  if (q.county_fips) where.push(eq(referrals.countyFips, q.county_fips));
  if (q.gap) where.push(gapFilter(q.gap));
  // Days of creation in UTC, both ends included (as the analytics count them: analytics_day).
  if (q.from) where.push(gte(referrals.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(referrals.createdAt, dayAfter(q.to)));
  return where;
}

/** One page of the queue, newest first (index referrals_org_created_idx / _org_status_idx, scanned backwards). */
export async function listReferralPage(
  db: DbOrTx,
  orgId: number,
  providerIds: readonly number[],
  q: ReferralListQuery,
  urgencies: readonly string[] | null,
) {
  const where = baseFilters(orgId, providerIds, q, urgencies);
  if (q.status !== 'all') where.push(eq(referrals.status, q.status));
  const rows = await db
    .select(recordSelection)
    .from(referrals)
    .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
    .where(and(...where))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return rows as ReferralRecord[];
}

/** The queue counters: one grouped count over the same search and filters, ignoring the status filter. */
export async function countReferralsByStatus(
  db: DbOrTx,
  orgId: number,
  providerIds: readonly number[],
  q: ReferralListQuery,
  urgencies: readonly string[] | null,
) {
  return db
    .select({ status: referrals.status, count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(...baseFilters(orgId, providerIds, q, urgencies)))
    .groupBy(referrals.status);
}

/** How many referrals each member has in the organization (000 §2.3 "a total count per member"). */
export async function countByMember(db: DbOrTx, orgId: number, memberIds: readonly number[]) {
  if (memberIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ memberId: referrals.memberId, count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(eq(referrals.organizationId, orgId), inArray(referrals.memberId, [...memberIds])))
    .groupBy(referrals.memberId);
  return new Map(rows.map((r) => [r.memberId as number, r.count]));
}

export async function findReferral(db: DbOrTx, id: number): Promise<ReferralRecord | undefined> {
  const [row] = await db
    .select(recordSelection)
    .from(referrals)
    .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
    .where(eq(referrals.id, id))
    .limit(1);
  return row as ReferralRecord | undefined;
}

/** Locks the row for a change, so two changes of one referral run one after the other. */
export async function lockReferral(db: DbOrTx, id: number): Promise<ReferralRecord | undefined> {
  const [row] = await db.select(referralColumns).from(referrals).where(eq(referrals.id, id)).for('update');
  if (!row) return undefined;
  return { ...(row as ReferralRow), matchedProvider: await findMatchedProvider(db, row.matchedProviderId) };
}

async function findMatchedProvider(db: DbOrTx, providerId: number | null) {
  if (providerId === null) return null;
  const [row] = await db.select(matchedProviderColumns).from(providers).where(eq(providers.id, providerId));
  return row ?? null;
}

/**
 * The provider of the organization a referral was sent to (001 §2.8) that has not answered yet: that
 * organization may read the referral (it received the details with the send). Reads referral-sending's
 * entries (declared in module.ts `reads`).
 */
export async function sentProviderOfOrganization(
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

/** The directory providers the organization acts for (their matched referrals are its to answer). */
export async function providerIdsOfOrganization(db: DbOrTx, orgId: number): Promise<number[]> {
  const rows = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.organizationId, orgId))
    .orderBy(providers.id);
  return rows.map((r) => r.id);
}

/** A directory provider's name, for the timeline of a match to it. */
export async function providerName(db: DbOrTx, providerId: number): Promise<string | null> {
  return (await findMatchedProvider(db, providerId))?.name ?? null;
}

export async function organizationName(db: DbOrTx, orgId: number): Promise<string> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? '';
}

export async function referralNumberTaken(db: DbOrTx, referralNumber: string) {
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.referralNumber, referralNumber))
    .limit(1);
  return Boolean(row);
}

export async function insertReferral(db: DbOrTx, values: ReferralInsert): Promise<ReferralRecord> {
  const [row] = await db.insert(referrals).values(values).returning(referralColumns);
  return { ...(row as ReferralRow), matchedProvider: await findMatchedProvider(db, row!.matchedProviderId) };
}

export async function updateReferral(
  db: DbOrTx,
  id: number,
  values: Partial<ReferralInsert>,
): Promise<ReferralRecord> {
  const [row] = await db.update(referrals).set(values).where(eq(referrals.id, id)).returning(referralColumns);
  return { ...(row as ReferralRow), matchedProvider: await findMatchedProvider(db, row!.matchedProviderId) };
}

export async function deletePendingReferral(db: DbOrTx, id: number) {
  const rows = await db
    .delete(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.status, 'pending' satisfies ReferralStatus)))
    .returning({ id: referrals.id });
  return rows.length > 0;
}

/**
 * The member's newest open referral (not Completed or Cancelled) of the organization that asks for one of these
 * needs or subcategories (issue #14 duplicates), served by referrals_org_member_idx.
 */
export async function findOpenReferralForNeeds(
  db: DbOrTx,
  orgId: number,
  memberId: number,
  needs: readonly string[],
): Promise<{ referralNumber: string; needs: string[] } | undefined> {
  if (needs.length === 0) return undefined;
  const asked = sql`ARRAY[${sql.join(
    needs.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await db
    .select({
      referralNumber: referrals.referralNumber,
      needs: sql<
        string[]
      >`ARRAY(SELECT unnest(${referrals.sdohNeeds} || ${referrals.housingSubcategories} || ${referrals.transportationSubcategories}) INTERSECT SELECT unnest(${asked}))`,
    })
    .from(referrals)
    .where(
      and(
        eq(referrals.organizationId, orgId),
        eq(referrals.memberId, memberId),
        notInArray(referrals.status, [...CLOSED_STATUSES]),
        sql`(${referrals.sdohNeeds} || ${referrals.housingSubcategories} || ${referrals.transportationSubcategories}) && ${asked}`,
      ),
    )
    .orderBy(desc(referrals.createdAt))
    .limit(1);
  return row;
}

export async function insertEvent(db: DbOrTx, values: typeof referralEvents.$inferInsert) {
  await db.insert(referralEvents).values(values);
}

/** The newest history id: it changes with every change of any referral (counts-cache.ts). */
export async function historyVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${referralEvents.id})` }).from(referralEvents);
  return Number(row?.id ?? 0);
}

export async function listEvents(db: DbOrTx, referralId: number): Promise<ReferralEventRow[]> {
  return db
    .select({ ...getTableColumns(referralEvents), actorName: users.name })
    .from(referralEvents)
    .leftJoin(users, eq(users.id, referralEvents.actorUserId))
    .where(eq(referralEvents.referralId, referralId))
    .orderBy(desc(referralEvents.at), desc(referralEvents.id));
}

/** Matched or Authorized, waiting for the provider's answer (the states an answer is possible in). */
/** Statuses in which the matched provider's answer is awaited (the lifecycle's AWAITING_ANSWER). */
export const AWAITING_STATUSES = AWAITING_ANSWER;

/**
 * Overdue referrals (expiry.ts), locked for this transaction. Served by referrals_awaiting_response_idx
 * (expires_at WHERE acceptance_status = 'pending'); SKIP LOCKED lets several servers run the job at once,
 * each taking rows the others do not hold (and skipping a row an answer is being written to right now).
 * Exported so a test can EXPLAIN exactly this statement.
 */
export function overdueBatchQuery(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.acceptanceStatus, 'pending'),
        lte(referrals.expiresAt, now),
        inArray(referrals.status, [...AWAITING_STATUSES]),
      ),
    )
    .orderBy(asc(referrals.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Referrals with a ZIP and no county yet (county-backfill.ts), by id after `afterId`. */
export async function referralsWithoutCounty(
  db: DbOrTx,
  input: { afterId: number; limit: number },
): Promise<{ id: number; zipCode: string }[]> {
  const rows = await db
    .select({ id: referrals.id, zipCode: referrals.zipCode })
    .from(referrals)
    .where(
      and(
        sql`${referrals.id} > ${input.afterId}`,
        sql`${referrals.countyFips} IS NULL`,
        sql`${referrals.zipCode} IS NOT NULL`,
      ),
    )
    .orderBy(referrals.id)
    .limit(input.limit);
  return rows.map((r) => ({ id: r.id, zipCode: r.zipCode ?? '' }));
}

/** Gives each referral its county, in one statement; answers how many rows changed. */
export async function setCounties(
  db: DbOrTx,
  updates: { id: number; countyFips: string }[],
): Promise<number> {
  if (updates.length === 0) return 0;
  const values = sql.join(
    updates.map((u) => sql`(${u.id}::int, ${u.countyFips}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE referrals r SET county_fips = v.fips
      FROM (VALUES ${values}) AS v(id, fips)
     WHERE r.id = v.id AND r.county_fips IS NULL
    RETURNING r.id`);
  // Both drivers (node-postgres and PGlite) answer execute() with { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length;
}
