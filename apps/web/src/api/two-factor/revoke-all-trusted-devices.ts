import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorOk } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** DELETE /api/auth/2fa/trusted-devices (003 §7.3). */
export function revokeAllTrustedDevices(): Promise<TwoFactorOk> {
  return apiRequest<TwoFactorOk>(`/api/auth/2fa/trusted-devices`, { method: 'DELETE' });
}

export function useRevokeAllTrustedDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllTrustedDevices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
