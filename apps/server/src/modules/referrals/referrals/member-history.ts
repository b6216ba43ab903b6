import { type MemberTimelineEntry, REFERRAL_STATUS_LABELS, type ReferralStatus } from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { OrgContext } from '../../../platform/context.ts';

// A member's referrals for the profile's Activity Timeline (issue #15 item 1): when each was made and each change
// of its status, newest first. The organization's own referrals of the member (referrals_org_member_idx, then
// referral_events_referral_at_idx per referral), as Member Profiles show them to every role (000 §2.8).

type Row = {
  event_id: number;
  id: number;
  referral_number: string;
  type: string;
  to_status: string | null;
  at: Date | string;
  needs: string[];
};

export async function memberReferralHistory(
  ctx: OrgContext,
  input: { memberId: number; limit: number },
): Promise<MemberTimelineEntry[]> {
  const result = await ctx.db.execute(sql`
    SELECT ev.id AS event_id, r.id, r.referral_number, ev.type, ev.to_status, ev.at, r.sdoh_needs AS needs
      FROM referrals r
      JOIN referral_events ev ON ev.referral_id = r.id
     WHERE r.organization_id = ${ctx.actor.org.id} AND r.member_id = ${input.memberId}
       AND ev.type IN ('created', 'status_changed')
     ORDER BY ev.at DESC, ev.id DESC
     LIMIT ${input.limit}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((row) => {
    const status = row.to_status
      ? (REFERRAL_STATUS_LABELS[row.to_status as ReferralStatus] ?? row.to_status)
      : null;
    return {
      id: `referral-event-${row.event_id}`,
      all_day: false,
      at: new Date(row.at).toISOString(),
      kind: 'referral' as const,
      title:
        row.type === 'created'
          ? `Referral ${row.referral_number} created`
          : `Referral ${row.referral_number} ${status ?? 'changed'}`,
      detail: row.type === 'created' && row.needs.length > 0 ? row.needs.join(', ') : null,
      link: { tab: 'queue', id: row.id },
    };
  });
}
