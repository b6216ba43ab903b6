import type { ReferralMemberListQuery, ReferralStatus } from '@trust/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { containsPattern } from '../../../db/contains-pattern.ts';
import { rowsOf } from '../../../db/rows-of.ts';

// Member Profiles (000 §2.8) are the active organization's referrals grouped by member (referrals.member_id,
// which every referral gets from its Medicaid ID). Every query starts from `organization_id = $org`, so the
// index referrals_org_member_idx (organization_id, member_id) hands over that organization's rows already in
// member order and nothing of another organization is read.

/**
 * One row per member of the organization: counts, the latest activity, and the latest referral (newest
 * created) whose status is the member's. 000 §2.8: an auto-matched status counts as matched.
 */
function groupedMembers(orgId: number): SQL {
  return sql`
    SELECT member_id,
           count(*)::int AS referral_count,
           (count(*) FILTER (WHERE status = 'pending'))::int AS pending_count,
           max(updated_at) AS last_activity,
           (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS latest_referral_id,
           (array_agg(CASE WHEN status IN ('auto_matched', 'auto-matched') THEN 'matched' ELSE status END
                      ORDER BY created_at DESC, id DESC))[1] AS status
      FROM referrals
     WHERE organization_id = ${orgId} AND member_id IS NOT NULL
     GROUP BY member_id`;
}

/**
 * Members with a referral whose name, Medicaid ID, phone (as typed or bare digits), email or ZIP contains the
 * term. search_text (the queue's §5.5 column, trigram-indexed) holds all of these among other fields, so it
 * narrows the rows through its index; the second test keeps only matches in the member's own fields.
 */
function searchFilter(orgId: number, term: string): SQL {
  const pattern = containsPattern(term);
  return sql`member_id IN (
    SELECT member_id FROM referrals
     WHERE organization_id = ${orgId}
       AND member_id IS NOT NULL
       AND search_text LIKE ${pattern}
       AND lower(first_name || ' ' || last_name || ' ' || medicaid_id || ' ' || coalesce(phone_number, '') || ' '
                 || regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g') || ' ' || coalesce(email, '')
                 || ' ' || coalesce(zip_code, '')) LIKE ${pattern})`;
}

export type MemberRow = {
  member_id: number;
  medicaid_id: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  zip_code: string | null;
  date_of_birth: string | null;
  referral_count: number;
  pending_count: number;
  last_activity: Date | string;
  status: string;
  latest_referral_id: number;
};

/** A row of the page query: a member of the page (all null when the page is empty), the count and the tiles. */
type PageRow = { [K in keyof MemberRow]: MemberRow[K] | null } & {
  total: number;
  counts: Record<string, number> | string | null;
};

/**
 * The page query. One pass over the organization's referrals serves the page, the number of members matching
 * (before paging) and the count of every member by status (the tiles); the one-row `tiles` side keeps those
 * figures in the answer when the page itself is empty.
 */
export function memberPageSql(orgId: number, q: ReferralMemberListQuery, limit: number, offset: number): SQL {
  const where: SQL[] = [sql`true`];
  if (q.status !== 'all') where.push(sql`status = ${q.status}`);
  if (q.search) where.push(searchFilter(orgId, q.search));
  return sql`
    WITH grouped AS MATERIALIZED (${groupedMembers(orgId)}),
    filtered AS MATERIALIZED (SELECT * FROM grouped WHERE ${sql.join(where, sql` AND `)}),
    page AS (SELECT * FROM filtered ORDER BY last_activity DESC, member_id DESC LIMIT ${limit} OFFSET ${offset}),
    tiles AS (
      SELECT (SELECT count(*) FROM filtered)::int AS total,
             (SELECT json_object_agg(status, n)
                FROM (SELECT status, count(*)::int AS n FROM grouped GROUP BY status) s) AS counts
    )
    SELECT tiles.total, tiles.counts, m.*
      FROM tiles
      LEFT JOIN (
        SELECT page.*, r.medicaid_id, r.first_name, r.last_name, r.phone_number, r.email, r.zip_code,
               r.date_of_birth::text AS date_of_birth
          FROM page JOIN referrals r ON r.id = page.latest_referral_id
      ) m ON true
     ORDER BY m.last_activity DESC, m.member_id DESC`;
}

/** One page of members, the number matching the filters, and every member's count by status. */
export async function listMemberPage(
  db: DbOrTx,
  orgId: number,
  q: ReferralMemberListQuery,
): Promise<{ rows: MemberRow[]; total: number; byStatus: Record<string, number> }> {
  const rows = await rowsOf<PageRow>(db, memberPageSql(orgId, q, q.page_size, (q.page - 1) * q.page_size));
  const first = rows[0];
  const counts = typeof first?.counts === 'string' ? JSON.parse(first.counts) : first?.counts;
  return {
    rows: rows.filter((r) => r.member_id !== null) as MemberRow[],
    total: Number(first?.total ?? 0),
    byStatus: (counts ?? {}) as Record<string, number>,
  };
}

/** Whether the organization has any referral of this member (otherwise the member is not its to see). */
export async function memberHasReferrals(db: DbOrTx, orgId: number, memberId: number): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM referrals WHERE organization_id = ${orgId} AND member_id = ${memberId} LIMIT 1`,
  );
  return rows.length > 0;
}

/** The member's Pending referrals in the organization, oldest first. */
export async function pendingReferralIds(db: DbOrTx, orgId: number, memberId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM referrals
         WHERE organization_id = ${orgId} AND member_id = ${memberId}
           AND status = ${'pending' satisfies ReferralStatus}
         ORDER BY created_at, id`,
  );
  return rows.map((r) => Number(r.id));
}
