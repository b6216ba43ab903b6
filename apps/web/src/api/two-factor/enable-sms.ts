import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorOk } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** POST /api/auth/2fa/sms/enable (003 §7.3). */
export function enableSms(): Promise<TwoFactorOk> {
  return apiRequest<TwoFactorOk>(`/api/auth/2fa/sms/enable`, { method: 'POST' });
}

export function useEnableSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableSms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
