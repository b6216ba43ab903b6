import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClientReferral, type Referral, toClientReferral } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

export type ReferralContactInput = {
  emergency_contact_name: string;
  emergency_contact_phone: string;
};

/**
 * PUT /api/referrals/{id}/contact (000 §2.7 Contacts tab): the member's emergency contact. Blank clears a field;
 * the server formats the phone and answers the referral.
 */
export async function updateReferralContact(
  id: number,
  contact: ReferralContactInput,
): Promise<ClientReferral> {
  const updated = await apiRequest<Referral>(`/api/referrals/${id}/contact`, {
    method: 'PUT',
    body: contact,
  });
  return toClientReferral(updated);
}

export function useUpdateReferralContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contact }: { id: number; contact: ReferralContactInput }) =>
      updateReferralContact(id, contact),
    onSuccess: (updated, { id }) => {
      queryClient.setQueryData(referralKeys.detail(id), updated);
      return queryClient.invalidateQueries({ queryKey: referralKeys.all });
    },
  });
}
