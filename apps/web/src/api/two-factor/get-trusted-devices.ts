import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrustedDevicesResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { twoFactorKeys } from './get-methods.ts';

/** GET /api/auth/2fa/trusted-devices (003 §7.3), answer {devices}. */
export function getTrustedDevices(signal?: AbortSignal): Promise<TrustedDevicesResponse> {
  return apiRequest<TrustedDevicesResponse>('/api/auth/2fa/trusted-devices', { signal });
}

export function trustedDevicesQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.devices,
    queryFn: ({ signal }) => getTrustedDevices(signal),
  });
}

export function useTrustedDevices() {
  return useQuery(trustedDevicesQueryOptions());
}
