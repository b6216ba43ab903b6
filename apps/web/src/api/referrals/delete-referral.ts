import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client.ts';
import { referralKeys } from './keys.ts';

/** DELETE /api/referrals/{id} (000 §7): Pending referrals only; the server refuses any other. */
export function deleteReferral(id: number) {
  return apiRequest<{ message: string; id: number }>(`/api/referrals/${id}`, { method: 'DELETE' });
}

export function useDeleteReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReferral,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
