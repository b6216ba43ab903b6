import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmIdentityRequest, TwoFactorOk } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** POST /api/auth/2fa/sms/disable (003 §7.3) with the current password (issue #12). */
export function disableSms(confirmation: ConfirmIdentityRequest): Promise<TwoFactorOk> {
  return apiRequest<TwoFactorOk>(`/api/auth/2fa/sms/disable`, { method: 'POST', body: confirmation });
}

export function useDisableSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableSms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
