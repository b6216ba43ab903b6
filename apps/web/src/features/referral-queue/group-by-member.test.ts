import { toClientReferral } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { makeReferral } from '../../test/referral-fixtures.ts';
import { groupByMember } from './group-by-member.ts';

const r = (id: number, memberId: number | null, medicaidId: string, viewer: 'owner' | 'provider' = 'owner') =>
  toClientReferral(
    makeReferral({
      id,
      member_id: memberId,
      medicaid_id: medicaidId,
      first_name: `M${medicaidId}`,
      viewer_role: viewer,
    }),
  );

describe('groupByMember (000 §2.3)', () => {
  it("groups by Medicaid ID in the order of each member's newest referral, with the server's totals", () => {
    const groups = groupByMember([r(1, 10, 'A'), r(2, 20, 'B'), r(3, 10, 'A')], { '10': 7, '20': 1 });
    expect(groups.map((g) => [g.medicaidId, g.total, g.referrals.map((x) => x.id)])).toEqual([
      ['A', 7, [1, 3]],
      ['B', 1, [2]],
    ]);
    expect(groups[0]!.memberName).toBe('MA Okonkwo Reyes');
  });

  it('counts a received referral (another organization’s member record) once, as shown', () => {
    const groups = groupByMember([r(1, 10, 'A'), r(2, 99, 'A', 'provider'), r(3, null, 'C')], { '10': 3 });
    expect(groups.map((g) => [g.medicaidId, g.total])).toEqual([
      ['A', 4],
      ['C', 1],
    ]);
  });
});
