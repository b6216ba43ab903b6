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
import { containsPattern, searchesByTrigrams } from '../../../db/contains-pattern.ts';
import { preparedOnce } from '../../../db/prepared.ts';
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
 * matched provider (its own provider listings), or both. Values are placeholders (see QueueFilters).
 */
function scopeFilter(hasProviders: boolean, scope: ReferralListQuery['scope']) {
  const created = eq(referrals.organizationId, sql.placeholder('org'));
  const received = hasProviders
    ? sql`${referrals.matchedProviderId} = ANY(${sql.placeholder('providers')})`
    : null;
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
type QueueFilters = {
  where: SQL[];
  /** The placeholders' values. */
  values: Record<string, unknown>;
  /** Which filters are present, and how: the statement's shape, one prepared statement each (issue #22). */
  shape: string;
};

export function queueFilters(
  orgId: number,
  providerIds: readonly number[],
  q: ReferralListQuery,
  urgencies: readonly string[] | null,
): QueueFilters {
  const hasProviders = q.scope !== 'created' && providerIds.length > 0;
  const where: SQL[] = [scopeFilter(hasProviders, q.scope)];
  const values: Record<string, unknown> = { org: orgId };
  if (hasProviders) values.providers = [...providerIds];
  const put = (name: string, value: unknown, filter: SQL) => {
    values[name] = value;
    where.push(filter);
  };
  if (q.search)
    put('search', containsPattern(q.search), sql`${referrals.searchText} LIKE ${sql.placeholder('search')}`);
  // The stored, chosen levels (issue #14); the service turns a server value into the levels it stands for.
  if (urgencies)
    put('urgencies', [...urgencies], sql`${referrals.urgency} = ANY(${sql.placeholder('urgencies')})`);
  // 000 §5.5: auto = useMatchingEngine is not false; manual = it is false.
  if (q.method === 'auto') where.push(eq(referrals.useMatchingEngine, true));
  if (q.method === 'manual') where.push(eq(referrals.useMatchingEngine, false));
  if (q.need) put('need', q.need, sql`${referrals.sdohNeeds} @> ARRAY[${sql.placeholder('need')}]::text[]`);
  if (q.county_fips) put('county', q.county_fips, eq(referrals.countyFips, sql.placeholder('county')));
  if (q.gap) where.push(gapFilter(q.gap));
  // Days of creation in UTC, both ends included (as the analytics count them: analytics_day).
  if (q.from) put('from', new Date(`${q.from}T00:00:00Z`), gte(referrals.createdAt, sql.placeholder('from')));
  if (q.to) put('to', dayAfter(q.to), lt(referrals.createdAt, sql.placeholder('to')));
  // KEEP IN STEP with the conditions above: two requests of one shape must build the same statement.
  const present = [q.search, urgencies, q.need, q.county_fips, q.from, q.to].map((v) => (v ? 1 : 0));
  const shape = `${q.scope},${hasProviders},${q.method},${q.gap ?? ''},${present.join('')}`;
  return { where, values, shape };
}

const NEWEST_FIRST = [desc(referrals.createdAt), desc(referrals.id)];
/** The same order, written so that no index can give it: for a trigram search (db/contains-pattern.ts). */
const SORT_MATCHES = [desc(sql`${referrals.createdAt} + interval '0 seconds'`), desc(referrals.id)];

/**
 * Read with every queue row, so a page is one round trip (issue #22) instead of three: the history version
 * (one uncorrelated subquery, evaluated once per statement) and, for the organization's own referrals of a
 * member, how many referrals that member has in the organization (000 §2.3; index referrals_org_member_idx).
 */
const pageExtras = {
  historyVersion: sql<number>`(SELECT max(${referralEvents.id}) FROM ${referralEvents})`.mapWith(Number),
  memberReferralCount: sql<number | null>`CASE WHEN ${referrals.organizationId} = ${sql.placeholder('org')}
      AND ${referrals.memberId} IS NOT NULL THEN (SELECT count(*)::int FROM ${referrals} AS same_member
      WHERE same_member.organization_id = ${referrals.organizationId}
        AND same_member.member_id = ${referrals.memberId}) END`,
};

export type QueueRow = ReferralRecord & { historyVersion: number; memberReferralCount: number | null };

/**
 * One page of the queue, newest first (index referrals_org_created_idx / _org_status_idx, scanned backwards),
 * each row with the page's extras (pageExtras). Prepared per shape of filters (issue #22): planning it took
 * 2 ms of the database's time on every request (the referrals table has many indexes to weigh), more than
 * running it.
 */
export async function listReferralPage(
  db: DbOrTx,
  orgId: number,
  providerIds: readonly number[],
  q: ReferralListQuery,
  urgencies: readonly string[] | null,
) {
  const { where, values, shape: filterShape } = queueFilters(orgId, providerIds, q, urgencies);
  const byStatus = q.status !== 'all';
  if (byStatus) {
    where.push(eq(referrals.status, sql.placeholder('status')));
    values.status = q.status;
  }
  const sorted = searchesByTrigrams(q.search);
  const query = () =>
    db
      .select({ ...recordSelection, ...pageExtras })
      .from(referrals)
      .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
      .where(and(...where))
      .orderBy(...(sorted ? SORT_MATCHES : NEWEST_FIRST))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  const page = { ...values, limit: q.page_size, offset: (q.page - 1) * q.page_size };
  // A search is planned for its own term: PostgreSQL's generic plan of a prepared search cannot tell a rare term
  // from a common one, and ANDs the organization's whole index (700,000 entries) with the trigram matches: 26 ms
  // where the term's own plan takes 6 ms (bench/RESULTS.md, issue #22).
  if (sorted) return (await query().execute(page)) as QueueRow[];
  const name = `referral_queue_page(${filterShape},${byStatus})`;
  const rows = await preparedOnce(db, name, () => query().prepare(name)).execute(page);
  return rows as QueueRow[];
}

/** The queue counters: one grouped count over the same search and filters, ignoring the status filter. */
export async function countReferralsByStatus(
  db: DbOrTx,
  orgId: number,
  providerIds: readonly number[],
  q: ReferralListQuery,
  urgencies: readonly string[] | null,
) {
  const { where, values } = queueFilters(orgId, providerIds, q, urgencies);
  return db
    .select({ status: referrals.status, count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(...where))
    .groupBy(referrals.status)
    .execute(values);
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
  const rows = await preparedOnce(db, 'referral_provider_ids_of_organization', (name) =>
    db
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.organizationId, sql.placeholder('org')))
      .orderBy(providers.id)
      .prepare(name),
  ).execute({ org: orgId });
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
  const [row] = await preparedOnce(db, 'referral_history_version', (name) =>
    db
      .select({ id: sql<number | null>`max(${referralEvents.id})` })
      .from(referralEvents)
      .prepare(name),
  ).execute();
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
