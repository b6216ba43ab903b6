import { and, asc, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memberCounts, members } from '../../../db/schema/index.ts';

// The member registry's queries. Every one starts from `organization_id = $org`: members_org_name_idx serves the
// list in name order, members_search_trgm_idx the search, the two unique indexes the ID checks.

export type MemberRow = Omit<typeof members.$inferSelect, 'searchText'>;
export type MemberValues = Omit<
  typeof members.$inferInsert,
  'id' | 'organizationId' | 'searchText' | 'createdTs'
>;

const { searchText: _searchText, ...memberColumns } = getTableColumns(members);

/** LIKE pattern for a search term: the term's own % and _ match themselves. */
function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

export async function listMembers(
  db: DbOrTx,
  query: { orgId: number; staffUserId: number | null; search?: string; limit: number; offset: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const where = and(
    eq(members.organizationId, query.orgId),
    visibleTo(query.orgId, query.staffUserId),
    query.search ? sql`${members.searchText} LIKE ${containsPattern(query.search)}` : undefined,
  );
  // The whole organization's total is kept in member_counts (a count of a million rows per page would not do).
  const whole = query.staffUserId === null && !query.search;
  const [rows, totals] = await Promise.all([
    db
      .select(memberColumns)
      .from(members)
      .where(where)
      .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id))
      .limit(query.limit)
      .offset(query.offset),
    whole
      ? db
          .select({ total: memberCounts.total })
          .from(memberCounts)
          .where(eq(memberCounts.organizationId, query.orgId))
      : db.select({ total: count() }).from(members).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
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
