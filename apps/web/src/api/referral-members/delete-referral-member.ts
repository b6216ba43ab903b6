import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralMemberDeleteResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from '../referrals/keys.ts';

/** DELETE /api/referral-members/{memberId}: deletes the member's Pending referrals; the others stay. */
export function deleteReferralMember(memberId: number) {
  return apiRequest<ReferralMemberDeleteResponse>(`/api/referral-members/${memberId}`, { method: 'DELETE' });
}

export function useDeleteReferralMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReferralMember,
    // The member's referrals left the queue, the live feed and the member list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
