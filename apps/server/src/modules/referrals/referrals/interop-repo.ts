import type { ReferralStatus } from '@trust/domain';
import { and, asc, eq, getTableColumns, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers, referrals } from '../../../db/schema/index.ts';
import type { ReferralRecord } from './repo.ts';

// Queries of the FHIR API (issue #21) over the referrals an organization may see: the ones it created and the
// ones matched to its providers (access.ts viewerRoleOf). Pages are ordered by id, so offsets are stable.

const { searchText: _searchText, ...referralColumns } = getTableColumns(referrals);
const recordSelection = {
  ...referralColumns,
  matchedProvider: {
    id: providers.id,
    name: providers.name,
    organizationType: providers.organizationType,
    services: providers.services,
    phone: providers.phone,
    email: providers.email,
    city: providers.city,
    state: providers.state,
    organizationId: providers.organizationId,
  },
};

export type DateBound = { op: 'eq' | 'gt' | 'ge' | 'lt' | 'le'; at: Date; until: Date };

export type InteropReferralFilter = {
  ids?: readonly number[];
  statuses?: readonly ReferralStatus[];
  memberIds?: readonly number[];
  /** Referrals with any of these needs. */
  needs?: readonly string[];
  /** Referrals whose matched provider belongs to one of these organizations. */
  matchedOrgIds?: readonly number[];
  /** Referrals created by one of these organizations. */
  ownerOrgIds?: readonly number[];
  /** Bounds on updated_at; `eq` means within [at, until). */
  updated?: readonly DateBound[];
  consentObtained?: boolean;
};

function visibleTo(orgId: number, providerIds: readonly number[]): SQL {
  const created = eq(referrals.organizationId, orgId);
  return providerIds.length
    ? (or(created, inArray(referrals.matchedProviderId, [...providerIds])) as SQL)
    : created;
}

function dateBound(b: DateBound): SQL {
  const col = referrals.updatedAt;
  switch (b.op) {
    case 'gt':
      return gte(col, b.until);
    case 'ge':
      return gte(col, b.at);
    case 'lt':
      return lt(col, b.at);
    case 'le':
      return lt(col, b.until);
    default:
      return and(gte(col, b.at), lt(col, b.until)) as SQL;
  }
}

function filters(orgId: number, providerIds: readonly number[], f: InteropReferralFilter): SQL[] {
  const where: SQL[] = [visibleTo(orgId, providerIds)];
  if (f.ids) where.push(f.ids.length ? inArray(referrals.id, [...f.ids]) : sql`false`);
  if (f.statuses) where.push(f.statuses.length ? inArray(referrals.status, [...f.statuses]) : sql`false`);
  if (f.memberIds)
    where.push(f.memberIds.length ? inArray(referrals.memberId, [...f.memberIds]) : sql`false`);
  if (f.needs) {
    where.push(
      f.needs.length
        ? sql`${referrals.sdohNeeds} && ARRAY[${sql.join(
            f.needs.map((n) => sql`${n}`),
            sql`, `,
          )}]::text[]`
        : sql`false`,
    );
  }
  if (f.matchedOrgIds) {
    where.push(f.matchedOrgIds.length ? inArray(providers.organizationId, [...f.matchedOrgIds]) : sql`false`);
  }
  if (f.ownerOrgIds) {
    where.push(f.ownerOrgIds.length ? inArray(referrals.organizationId, [...f.ownerOrgIds]) : sql`false`);
  }
  for (const b of f.updated ?? []) where.push(dateBound(b));
  if (f.consentObtained !== undefined) where.push(eq(referrals.memberConsentObtained, f.consentObtained));
  return where;
}

export async function searchReferrals(
  db: DbOrTx,
  q: {
    orgId: number;
    providerIds: readonly number[];
    filter: InteropReferralFilter;
    offset: number;
    limit: number;
  },
): Promise<{ rows: ReferralRecord[]; total: number }> {
  const where = and(...filters(q.orgId, q.providerIds, q.filter));
  const [rows, [count]] = await Promise.all([
    db
      .select(recordSelection)
      .from(referrals)
      .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
      .where(where)
      .orderBy(asc(referrals.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(referrals)
      .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
      .where(where),
  ]);
  return { rows: rows as ReferralRecord[], total: count?.n ?? 0 };
}

/** The members of the referrals an organization may see (distinct, by id), one page and how many in all. */
export async function searchMembers(
  db: DbOrTx,
  q: {
    orgId: number;
    providerIds: readonly number[];
    memberIds?: readonly number[];
    offset: number;
    limit: number;
  },
): Promise<{ ids: number[]; total: number }> {
  const where = and(
    visibleTo(q.orgId, q.providerIds),
    isNotNull(referrals.memberId),
    ...(q.memberIds ? [q.memberIds.length ? inArray(referrals.memberId, [...q.memberIds]) : sql`false`] : []),
  );
  const [rows, [count]] = await Promise.all([
    db
      .selectDistinct({ id: referrals.memberId })
      .from(referrals)
      .where(where)
      .orderBy(asc(referrals.memberId))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(DISTINCT ${referrals.memberId})::int` })
      .from(referrals)
      .where(where),
  ]);
  return { ids: rows.map((r) => r.id as number), total: count?.n ?? 0 };
}

/** The newest referral of a member that the organization may see, or none. */
export async function latestReferralOfMember(
  db: DbOrTx,
  q: { orgId: number; providerIds: readonly number[]; memberId: number },
): Promise<ReferralRecord | undefined> {
  const [row] = await db
    .select(recordSelection)
    .from(referrals)
    .leftJoin(providers, eq(providers.id, referrals.matchedProviderId))
    .where(and(visibleTo(q.orgId, q.providerIds), eq(referrals.memberId, q.memberId)))
    .orderBy(sql`${referrals.updatedAt} DESC`, sql`${referrals.id} DESC`)
    .limit(1);
  return row as ReferralRecord | undefined;
}

/**
 * The organizations on the other side of an organization's referrals: the owners of the referrals matched to
 * its providers, and the organizations of the providers its own referrals are matched to.
 */
export async function relatedOrganizationIds(
  db: DbOrTx,
  q: { orgId: number; providerIds: readonly number[] },
): Promise<number[]> {
  const owners = q.providerIds.length
    ? await db
        .selectDistinct({ id: referrals.organizationId })
        .from(referrals)
        .where(inArray(referrals.matchedProviderId, [...q.providerIds]))
    : [];
  const performers = await db
    .selectDistinct({ id: providers.organizationId })
    .from(referrals)
    .innerJoin(providers, eq(providers.id, referrals.matchedProviderId))
    .where(and(eq(referrals.organizationId, q.orgId), isNotNull(providers.organizationId)));
  return [...new Set([...owners, ...performers].map((r) => r.id as number))].sort((a, b) => a - b);
}
