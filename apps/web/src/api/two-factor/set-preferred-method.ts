import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferredMethodRequest, TwoFactorOk } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** PUT /api/auth/2fa/preferred-method (003 §7.3) with the current password (issue #12). */
export function setPreferredMethod(body: PreferredMethodRequest): Promise<TwoFactorOk> {
  return apiRequest<TwoFactorOk>(`/api/auth/2fa/preferred-method`, { method: 'PUT', body });
}

export function useSetPreferredMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPreferredMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
