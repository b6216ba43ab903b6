import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorOk } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** POST /api/auth/2fa/sms/disable (003 §7.3). */
export function disableSms(): Promise<TwoFactorOk> {
  return apiRequest<TwoFactorOk>(`/api/auth/2fa/sms/disable`, { method: 'POST' });
}

export function useDisableSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableSms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
