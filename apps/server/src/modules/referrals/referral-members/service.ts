import {
  MEMBER_TILE_STATUSES,
  REFERRAL_MEMBER_MESSAGES,
  type ReferralMember,
  type ReferralMemberCounts,
  type ReferralMemberDeleteResponse,
  type ReferralMemberList,
  type ReferralMemberListQuery,
} from '@trust/domain';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { deleteReferral } from '../referrals/service.ts';
import * as repo from './repo.ts';

function toMember(row: repo.MemberRow): ReferralMember {
  return {
    member_id: Number(row.member_id),
    medicaid_id: row.medicaid_id,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    email: row.email,
    zip_code: row.zip_code,
    date_of_birth: row.date_of_birth,
    referral_count: Number(row.referral_count),
    pending_count: Number(row.pending_count),
    last_activity: new Date(row.last_activity).toISOString(),
    status: row.status,
    latest_referral_id: Number(row.latest_referral_id),
  };
}

/** The 000 §2.8 tiles: every member of the organization, by the status of the latest referral. */
function tally(byStatus: Record<string, number>): ReferralMemberCounts {
  const counts: ReferralMemberCounts = {
    total: 0,
    ...(Object.fromEntries(MEMBER_TILE_STATUSES.map((s) => [s, 0])) as Omit<ReferralMemberCounts, 'total'>),
  };
  for (const [status, count] of Object.entries(byStatus)) {
    counts.total += Number(count);
    if ((MEMBER_TILE_STATUSES as readonly string[]).includes(status)) {
      counts[status as keyof ReferralMemberCounts] += Number(count);
    }
  }
  return counts;
}

/**
 * GET /api/referral-members: the active organization's members derived from its referrals (000 §2.8), one page
 * newest activity first, with the tiles' counts. The page shows PHI, so each read is audited with the ids of
 * the members it showed.
 */
export async function listReferralMembers(
  ctx: OrgContext,
  query: ReferralMemberListQuery,
): Promise<ReferralMemberList> {
  const db = ctx.db;
  const page = await repo.listMemberPage(db, ctx.actor.org.id, query);
  const members = page.rows.map(toMember);
  await auditPhiRead(db, ctx, {
    action: 'member.list_read',
    entityType: 'member',
    ids: members.map((m) => m.member_id),
    details: {
      page: query.page,
      page_size: query.page_size,
      status: query.status,
      searched: Boolean(query.search),
    },
  });
  return {
    members,
    total: page.total,
    page: query.page,
    page_size: query.page_size,
    counts: tally(page.byStatus),
  };
}

/**
 * DELETE /api/referral-members/{memberId}: deletes the member's Pending referrals of the active organization
 * (000 §2.8 "Delete (only for Pending members …)"). Each one goes through the referrals service, so each is
 * audited, leaves the live feed and keeps its history. A referral that stopped being Pending (or was deleted)
 * since the list was read is kept and not counted.
 */
export async function deleteMemberPendingReferrals(
  ctx: OrgContext,
  input: { memberId: number },
): Promise<ReferralMemberDeleteResponse> {
  const { memberId } = input;
  const db = ctx.db;
  const orgId = ctx.actor.org.id;
  if (!(await repo.memberHasReferrals(db, orgId, memberId))) {
    throw new AppError('member.not_found', REFERRAL_MEMBER_MESSAGES.notFound);
  }
  const ids = await repo.pendingReferralIds(db, orgId, memberId);
  let deleted = 0;
  for (const id of ids) {
    try {
      await deleteReferral(ctx, { id });
      deleted++;
    } catch (error) {
      // Deleted, or no longer Pending, since the list was read: kept and not counted.
      const raced =
        error instanceof AppError &&
        (error.reason === 'referral.not_pending_for_delete' || error.reason === 'referral.not_found');
      if (!raced) throw error;
    }
  }
  if (deleted === 0) throw new AppError('member.no_pending_referrals', REFERRAL_MEMBER_MESSAGES.noPending);
  return { deleted };
}
