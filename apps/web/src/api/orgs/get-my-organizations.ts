import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Membership } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** GET /api/cbos/users/me/organizations (002 §7): the signed-in user's memberships. */
export function getMyOrganizations(signal?: AbortSignal): Promise<Membership[]> {
  return apiRequest<Membership[]>('/api/cbos/users/me/organizations', { signal });
}

export const myOrganizationsQueryKey = ['orgs', 'mine'] as const;

export function myOrganizationsQueryOptions() {
  return queryOptions({
    queryKey: myOrganizationsQueryKey,
    queryFn: ({ signal }) => getMyOrganizations(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMyOrganizations(enabled = true) {
  return useQuery({ ...myOrganizationsQueryOptions(), enabled });
}
