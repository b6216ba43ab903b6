import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClientReferral, type Referral, type ReferralOutcome, toClientReferral } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

export type StatusChange = {
  id: number;
  /** The stored value or its label ("In Progress"). */
  status: string;
  /** Completed: how it ended (issue #14). */
  outcome?: ReferralOutcome;
  /** Cancelled: why. */
  reason?: string;
  /** Either: a note for the timeline. */
  note?: string;
};

/**
 * PUT /api/referrals/{id} with {status, updated_at} (000 §7) and what the step needs (issue #14). The server
 * takes it only as a step of the referral's lifecycle (409 otherwise, naming what is allowed), records who did
 * it and texts the member where the step says so.
 */
export async function changeReferralStatus({ id, ...change }: StatusChange): Promise<ClientReferral> {
  const updated = await apiRequest<Referral>(`/api/referrals/${id}`, {
    method: 'PUT',
    body: { ...change, updated_at: new Date().toISOString() },
  });
  return toClientReferral(updated);
}

export function useChangeReferralStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReferralStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
