import type { ClientReferral } from '@trust/domain';

export type MemberGroup = {
  medicaidId: string;
  memberName: string;
  /** The member's referrals in the organization (000 §2.3 "a total count per member"), at least those shown. */
  total: number;
  referrals: ClientReferral[];
};

/**
 * 000 §2.3: the page's referrals grouped by member (Medicaid ID), groups in the order of their newest referral.
 * The total comes from the server's per-member counts of the organization's own referrals; a referral received
 * from another organization belongs to that organization's member record and counts once, as shown.
 */
export function groupByMember(
  referrals: readonly ClientReferral[],
  memberReferralCounts: Readonly<Record<string, number>>,
): MemberGroup[] {
  const groups = new Map<string, MemberGroup>();
  for (const referral of referrals) {
    const key = referral.memberMedicaidId;
    let group = groups.get(key);
    if (!group) {
      group = { medicaidId: key, memberName: referral.memberName, total: 0, referrals: [] };
      groups.set(key, group);
    }
    group.referrals.push(referral);
  }
  for (const group of groups.values()) {
    const counted = new Set<string>();
    let total = 0;
    for (const r of group.referrals) {
      const id = r.memberId === null ? null : String(r.memberId);
      if (id !== null && memberReferralCounts[id] !== undefined) {
        if (!counted.has(id)) total += memberReferralCounts[id];
        counted.add(id);
      } else {
        total += 1;
      }
    }
    group.total = total;
  }
  return [...groups.values()];
}
