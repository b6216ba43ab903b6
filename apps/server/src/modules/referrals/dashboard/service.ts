import type { DashboardStats, ReferralFigures } from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

function toFigures(row: repo.FiguresRow | undefined): ReferralFigures {
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
export async function dashboardStats(ctx: OrgContext): Promise<DashboardStats> {
  const orgId = ctx.actor.org.id;
  const [personal, organization] = await Promise.all([
    repo.referralFigures(ctx.db, orgId, ctx.actor.user.id),
    repo.referralFigures(ctx.db, orgId, null),
  ]);
  return { personal: toFigures(personal), organization: toFigures(organization) };
}
