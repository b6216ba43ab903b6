import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

export type FiguresRow = {
  total: number;
  pending: number;
  completed: number;
  active: number;
  accepted: number;
  answered: number;
  avg_response_hours: number | string | null;
};

/**
 * The figures of the organization's referrals, or of those one user created: one pass over the organization's
 * referrals (served by referrals_org_status_idx), the creator filter added for the personal view.
 */
export async function referralFigures(
  db: DbOrTx,
  orgId: number,
  createdBy: number | null,
): Promise<FiguresRow | undefined> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE status = 'pending')::int AS pending,
           count(*) FILTER (WHERE status = 'completed')::int AS completed,
           count(*) FILTER (WHERE status IN ('accepted', 'in_progress', 'on_hold'))::int AS active,
           count(*) FILTER (WHERE acceptance_status = 'accepted')::int AS accepted,
           count(*) FILTER (WHERE acceptance_status IN ('accepted', 'rejected', 'expired'))::int AS answered,
           round((avg(extract(epoch FROM accepted_at - matched_at)) / 3600)::numeric, 1)::float8 AS avg_response_hours
      FROM referrals
     WHERE organization_id = ${orgId} AND (${createdBy}::int IS NULL OR created_by = ${createdBy})`);
  // Both drivers (node-postgres and PGlite) answer execute() with { rows }.
  return (result as unknown as { rows: FiguresRow[] }).rows[0];
}

export type ActivityRow = {
  id: number;
  at: Date | string;
  type: string;
  from_status: string | null;
  to_status: string | null;
  details: Record<string, unknown> | string | null;
  referral_id: number | null;
  referral_number: string | null;
  actor_name: string | null;
};

/**
 * A history row the organization may see (referrals/note-events.ts for the referring organization): every row
 * but those about a case note another organization (the matched provider) keeps internal.
 */
const visibleToOwner = (orgId: number) => sql`(
  e.type NOT IN ('note_added', 'note_updated', 'note_deleted')
  OR jsonb_typeof(e.details -> 'organization_id') IS DISTINCT FROM 'number'
  OR (e.details ->> 'organization_id')::bigint = ${orgId}
  OR e.details ->> 'visibility' = 'shared')`;

/**
 * One page of Recent Activity (003 §2.4): the organization's referral history rows, newest first, in one
 * statement. Organization: a backward scan of referral_events(organization_id, at, id). Personal: the rows the
 * user made (referral_events(actor_user_id, at, id)) merged with the rows on referrals the user created (the
 * organization's scan, each row's referral by its key), each branch cut at the page size. `beforeId` is the
 * last row of the previous page: the page continues strictly after its (at, id).
 */
export async function activityPage(
  db: DbOrTx,
  input: { orgId: number; userId: number | null; limit: number; beforeId: number | null },
): Promise<ActivityRow[]> {
  const { orgId, userId, limit, beforeId } = input;
  const after =
    beforeId === null
      ? sql`TRUE`
      : sql`(e.at, e.id) < (SELECT c.at, c.id FROM referral_events c WHERE c.id = ${beforeId} AND c.organization_id = ${orgId})`;
  const newest = sql`ORDER BY e.at DESC, e.id DESC LIMIT ${limit}`;
  const picked =
    userId === null
      ? sql`(SELECT e.id FROM referral_events e
               WHERE e.organization_id = ${orgId} AND ${after} AND ${visibleToOwner(orgId)} ${newest})`
      : sql`((SELECT e.id FROM referral_events e
                WHERE e.actor_user_id = ${userId} AND e.organization_id = ${orgId} AND ${after}
                  AND ${visibleToOwner(orgId)} ${newest})
             UNION
             (SELECT e.id FROM referral_events e JOIN referrals r ON r.id = e.referral_id
                WHERE e.organization_id = ${orgId} AND r.created_by = ${userId} AND ${after}
                  AND ${visibleToOwner(orgId)} ${newest}))`;
  const result = await db.execute(sql`
    SELECT e.id, e.at, e.type, e.from_status, e.to_status, e.details, e.referral_id,
           coalesce(r.referral_number, e.details ->> 'referral_number') AS referral_number,
           u.name AS actor_name
      FROM ${picked} AS p
      JOIN referral_events e ON e.id = p.id
      LEFT JOIN referrals r ON r.id = e.referral_id
      LEFT JOIN users u ON u.id = e.actor_user_id
     ${newest}`);
  return (result as unknown as { rows: ActivityRow[] }).rows;
}

export type TrendRow = { month: string; status: string; count: number };

/**
 * Referrals created since `since`, per month (UTC) and current status: one range scan of
 * referrals_org_created_idx (organization_id, created_at, id), the creator filter added for the personal view.
 * A year of one organization's referrals: the dashboard's scale.
 */
export async function trendCounts(
  db: DbOrTx,
  input: { orgId: number; createdBy: number | null; since: Date },
): Promise<TrendRow[]> {
  const { orgId, createdBy, since } = input;
  const mine = createdBy === null ? sql`TRUE` : sql`created_by = ${createdBy}`;
  const result = await db.execute(sql`
    SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, status,
           count(*)::int AS count
      FROM referrals
     WHERE organization_id = ${orgId} AND created_at >= ${since.toISOString()}::timestamptz AND ${mine}
     GROUP BY 1, 2`);
  return (result as unknown as { rows: TrendRow[] }).rows;
}
