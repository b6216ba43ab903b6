import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmIdentityRequest, TotpSetupResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** POST /api/auth/2fa/totp/setup (003 §7.3) with the current password (issue #12). */
export function setupTotp(confirmation: ConfirmIdentityRequest): Promise<TotpSetupResponse> {
  return apiRequest<TotpSetupResponse>(`/api/auth/2fa/totp/setup`, { method: 'POST', body: confirmation });
}

export function useSetupTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
