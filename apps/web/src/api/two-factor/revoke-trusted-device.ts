import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorOk } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** DELETE /api/auth/2fa/trusted-devices/${id} (003 §7.3). */
export function revokeTrustedDevice(id: number): Promise<TwoFactorOk> {
  return apiRequest<TwoFactorOk>(`/api/auth/2fa/trusted-devices/${id}`, { method: 'DELETE' });
}

export function useRevokeTrustedDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeTrustedDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
