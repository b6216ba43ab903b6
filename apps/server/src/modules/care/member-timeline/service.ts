import { MEMBER_TIMELINE_LIMIT, type MemberTimeline } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { memberReferralHistory } from '../../referrals/referrals/member-history.ts';
import { memberCareHistory } from '../enrollments/member-history.ts';
import { findVisibleMember } from '../members/service.ts';

// The member profile's Activity Timeline (002 §2, issue #15 item 1: "one timeline of everything"): the member's
// addition, referrals and care (enrollments, activities, notes, goals, documents), newest first. A read model
// over three modules, each answering through its own service with its own visibility rules; this module owns
// no table.

export async function memberTimeline(ctx: OrgContext, input: { id: number }): Promise<MemberTimeline> {
  const member = await findVisibleMember(ctx, input.id);
  const limit = MEMBER_TIMELINE_LIMIT;
  const [care, referrals] = await Promise.all([
    memberCareHistory(ctx, { memberId: member.id, limit }),
    memberReferralHistory(ctx, { memberId: member.id, limit }),
  ]);
  const entries = [
    ...care,
    ...referrals,
    {
      id: `member-${member.id}`,
      all_day: false,
      at: member.createdTs.toISOString(),
      kind: 'member' as const,
      title: 'Added to the member registry',
      detail: null,
      link: null,
    },
  ]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, limit);
  await audit(ctx.db, ctx, { action: 'member.timeline_read', entityType: 'member', entityId: member.id });
  return { entries };
}
