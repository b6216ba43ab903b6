import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorOk } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** POST /api/auth/2fa/totp/verify-setup (003 §7.3). */
export function verifyTotpSetup(code: string): Promise<TwoFactorOk> {
  return apiRequest<TwoFactorOk>(`/api/auth/2fa/totp/verify-setup`, { method: 'POST', body: { code } });
}

export function useVerifyTotpSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotpSetup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
