import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorMethods } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/auth/2fa/methods (003 §7.3). */
export function getTwoFactorMethods(signal?: AbortSignal): Promise<TwoFactorMethods> {
  return apiRequest<TwoFactorMethods>('/api/auth/2fa/methods', { signal });
}

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  methods: ['two-factor', 'methods'] as const,
  devices: ['two-factor', 'trusted-devices'] as const,
};

export function twoFactorMethodsQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.methods,
    queryFn: ({ signal }) => getTwoFactorMethods(signal),
  });
}

export function useTwoFactorMethods() {
  return useQuery(twoFactorMethodsQueryOptions());
}
