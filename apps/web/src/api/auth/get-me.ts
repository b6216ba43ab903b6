import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /auth/me (003 §7.1): the current user; it also restarts the server's inactivity timer. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>('/auth/me', { signal });
}

export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: Number.POSITIVE_INFINITY,
    // A 401 clears the session (client.ts); only an unreachable server is worth one more try.
    retry: (failureCount, error) => failureCount < 1 && 'status' in error && error.status === 0,
  });
}

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
