import { and, asc, count, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { containsPattern, searchesByTrigrams } from '../../../db/contains-pattern.ts';
import { memberCounts, members } from '../../../db/schema/index.ts';

// The member registry's queries. Every one starts from `organization_id = $org`: members_org_name_idx serves the
// list in name order, members_search_trgm_idx the search, the two unique indexes the ID checks.

export type MemberRow = Omit<typeof members.$inferSelect, 'searchText'>;
export type MemberValues = Omit<
  typeof members.$inferInsert,
  'id' | 'organizationId' | 'searchText' | 'createdTs'
>;

const { searchText: _searchText, ...memberColumns } = getTableColumns(members);

/**
 * Staff see the members they added and the members whose enrollment they manage (issue #15 item 8); `staffUserId`
 * null means every member of the organization (managers, admins, viewers). Written as a union of two index
 * lookups (members_org_created_by_idx, enrollments_case_manager_idx), never a scan of the organization.
 */
function visibleTo(orgId: number, staffUserId: number | null): SQL | undefined {
  if (staffUserId === null) return undefined;
  return sql`${members.id} IN (
    SELECT id FROM members WHERE organization_id = ${orgId} AND created_by = ${staffUserId}
    UNION
    SELECT member_id FROM enrollments WHERE organization_id = ${orgId} AND case_manager_user_id = ${staffUserId})`;
}

/**
 * A search that is exactly a member's Medicaid ID or patient number (as typed, or upper-cased) finds that member
 * through the two unique indexes: a coordinator who types an ID wants its member, and the trigram search for a
 * long ID reads a thousand index pages (IDs share most of their trigrams). Null when no ID is the term.
 */
async function byExactIdentifier(
  db: DbOrTx,
  query: { orgId: number; staffUserId: number | null; search: string },
): Promise<MemberRow[] | null> {
  const term = query.search.trim();
  if (term === '' || /\s/.test(term)) return null;
  const spellings = [...new Set([term, term.toUpperCase()])];
  const rows = await db
    .select(memberColumns)
    .from(members)
    .where(
      and(
        eq(members.organizationId, query.orgId),
        or(inArray(members.medicaidId, spellings), inArray(members.patientNo, spellings)),
        visibleTo(query.orgId, query.staffUserId),
      ),
    )
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id));
  return rows.length > 0 ? rows : null;
}

const BY_NAME = [asc(members.lastName), asc(members.firstName), asc(members.id)];
/** The same order, written so that no index can give it: for a trigram search (db/contains-pattern.ts). */
const SORT_MATCHES = [asc(sql`${members.lastName} || ''`), asc(members.firstName), asc(members.id)];

export async function listMembers(
  db: DbOrTx,
  query: { orgId: number; staffUserId: number | null; search?: string; limit: number; offset: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  if (query.search) {
    const exact = await byExactIdentifier(db, { ...query, search: query.search });
    if (exact) return { rows: exact.slice(query.offset, query.offset + query.limit), total: exact.length };
  }
  const where = and(
    eq(members.organizationId, query.orgId),
    visibleTo(query.orgId, query.staffUserId),
    query.search ? sql`${members.searchText} LIKE ${containsPattern(query.search)}` : undefined,
  );
  const page = db
    .select(memberColumns)
    .from(members)
    .where(where)
    .orderBy(...(searchesByTrigrams(query.search) ? SORT_MATCHES : BY_NAME))
    .limit(query.limit)
    .offset(query.offset);
  // The whole organization's total is kept in member_counts (a count of a million rows per page would not do).
  if (query.staffUserId === null && !query.search) {
    const [rows, totals] = await Promise.all([
      page,
      db
        .select({ total: memberCounts.total })
        .from(memberCounts)
        .where(eq(memberCounts.organizationId, query.orgId)),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  }
  const rows = await page;
  // A page that is not full is the last one: its rows tell the total, and the search is not run twice.
  if (rows.length < query.limit && (rows.length > 0 || query.offset === 0)) {
    return { rows, total: query.offset + rows.length };
  }
  const [counted] = await db.select({ total: count() }).from(members).where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function findMember(
  db: DbOrTx,
  query: { orgId: number; id: number; staffUserId: number | null },
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .where(
      and(
        eq(members.organizationId, query.orgId),
        eq(members.id, query.id),
        visibleTo(query.orgId, query.staffUserId),
      ),
    );
  return row;
}

/** The member with this Medicaid ID or patient number, other than `exceptId` (the unique rules of issue #15). */
export async function findByIdentifier(
  db: DbOrTx,
  query: { orgId: number; column: 'medicaidId' | 'patientNo'; value: string; exceptId?: number },
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.organizationId, query.orgId),
        eq(members[query.column], query.value),
        query.exceptId === undefined ? undefined : sql`${members.id} <> ${query.exceptId}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertMember(db: DbOrTx, orgId: number, values: MemberValues): Promise<MemberRow> {
  const [row] = await db
    .insert(members)
    .values({ ...values, organizationId: orgId })
    .returning(memberColumns);
  return row!;
}

export async function updateMember(db: DbOrTx, id: number, values: MemberValues): Promise<MemberRow> {
  const [row] = await db
    .update(members)
    .set({ ...values, lastUpdatedTs: new Date() })
    .where(eq(members.id, id))
    .returning(memberColumns);
  return row!;
}

export async function deleteMember(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(members).where(eq(members.id, id)).returning({ id: members.id });
  return rows.length > 0;
}

/** Removes a deleted custom field's value from every member of the organization; how many had one. */
export async function dropCustomFieldValues(db: DbOrTx, orgId: number, name: string): Promise<number> {
  const rows = await db
    .update(members)
    .set({ customFields: sql`${members.customFields} - ${name}`, lastUpdatedTs: new Date() })
    .where(and(eq(members.organizationId, orgId), sql`jsonb_exists(${members.customFields}, ${name})`))
    .returning({ id: members.id });
  return rows.length;
}
