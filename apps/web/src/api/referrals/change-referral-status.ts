import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClientReferral, type Referral, toClientReferral } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/**
 * PUT /api/referrals/{id} with {status, updated_at} (000 §7). The status may be a label ("In Progress") or the
 * stored value; the server records who changed it and texts the member on Matched or Authorized.
 */
export async function changeReferralStatus(id: number, status: string): Promise<ClientReferral> {
  const updated = await apiRequest<Referral>(`/api/referrals/${id}`, {
    method: 'PUT',
    body: { status, updated_at: new Date().toISOString() },
  });
  return toClientReferral(updated);
}

export function useChangeReferralStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: string }) => changeReferralStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
