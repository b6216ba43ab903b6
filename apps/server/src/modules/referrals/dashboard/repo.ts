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
