import type { DashboardStats, ReferralFigures } from '@trust/domain';
import type { Database } from '../../../db/client.ts';

type Row = {
  total: number;
  pending: number;
  completed: number;
  active: number;
  accepted: number;
  answered: number;
  avg_response_hours: number | string | null;
};

// One pass over the organization's referrals (served by referrals_org_status_idx); the personal view adds the
// creator filter.
const FIGURES_SQL = `
  SELECT count(*)::int AS total,
         count(*) FILTER (WHERE status = 'pending')::int AS pending,
         count(*) FILTER (WHERE status = 'completed')::int AS completed,
         count(*) FILTER (WHERE status IN ('accepted', 'in_progress', 'on_hold'))::int AS active,
         count(*) FILTER (WHERE acceptance_status = 'accepted')::int AS accepted,
         count(*) FILTER (WHERE acceptance_status IN ('accepted', 'rejected', 'expired'))::int AS answered,
         round((avg(extract(epoch FROM accepted_at - matched_at)) / 3600)::numeric, 1)::float8 AS avg_response_hours
    FROM referrals
   WHERE organization_id = $1 AND ($2::int IS NULL OR created_by = $2)`;

function toFigures(row: Row | undefined): ReferralFigures {
  const r = row ?? {
    total: 0,
    pending: 0,
    completed: 0,
    active: 0,
    accepted: 0,
    answered: 0,
    avg_response_hours: null,
  };
  return {
    total: r.total,
    pending: r.pending,
    completed: r.completed,
    active: r.active,
    success_rate: r.answered > 0 ? r.accepted / r.answered : null,
    avg_response_hours: r.avg_response_hours === null ? null : Number(r.avg_response_hours),
  };
}

/** 003 §2.4 stat cards from the database, for the caller's own referrals and their organization's. */
export async function dashboardStats(
  database: Database,
  orgId: number,
  userId: number,
): Promise<DashboardStats> {
  const [personal, organization] = await Promise.all([
    database.query<Row>(FIGURES_SQL, [orgId, userId]),
    database.query<Row>(FIGURES_SQL, [orgId, null]),
  ]);
  return { personal: toFigures(personal[0]), organization: toFigures(organization[0]) };
}
