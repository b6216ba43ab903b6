import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferredMethod, TwoFactorOk } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** PUT /api/auth/2fa/preferred-method (003 §7.3). */
export function setPreferredMethod(method: PreferredMethod): Promise<TwoFactorOk> {
  return apiRequest<TwoFactorOk>(`/api/auth/2fa/preferred-method`, { method: 'PUT', body: { method } });
}

export function useSetPreferredMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPreferredMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}
