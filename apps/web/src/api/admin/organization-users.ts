import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrgRole, OrgUserList, UserOrgLink } from '@trust/domain';
import { apiRequest } from '../client.ts';

// 002 §7 "Organizations": the users of one organization.

/** GET /api/cbos/{id}/users, paged on the server. */
export function getOrganizationUsers(
  cboId: number,
  params: { page: number; pageSize: number; search?: string },
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ page: String(params.page), page_size: String(params.pageSize) });
  if (params.search?.trim()) query.set('search', params.search.trim());
  return apiRequest<OrgUserList>(`/api/cbos/${cboId}/users?${query}`, { signal });
}

export const organizationUsersKey = (cboId: number) => ['admin', 'users', cboId] as const;

export function organizationUsersQueryOptions(
  cboId: number,
  params: { page: number; pageSize: number; search?: string },
) {
  return queryOptions({
    queryKey: [...organizationUsersKey(cboId), params] as const,
    queryFn: ({ signal }) => getOrganizationUsers(cboId, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrganizationUsers(
  cboId: number,
  params: { page: number; pageSize: number; search?: string },
) {
  return useQuery(organizationUsersQueryOptions(cboId, params));
}

/** PUT /api/cbos/{id}/users/{userId} {role}. */
export function changeUserRole(cboId: number, userId: number, role: OrgRole) {
  return apiRequest<UserOrgLink>(`/api/cbos/${cboId}/users/${userId}`, { method: 'PUT', body: { role } });
}

/** DELETE /api/cbos/{id}/users/{userId}. */
export function removeOrganizationUser(cboId: number, userId: number) {
  return apiRequest<{ ok: true }>(`/api/cbos/${cboId}/users/${userId}`, { method: 'DELETE' });
}

export function useChangeUserRole(cboId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: OrgRole }) => changeUserRole(cboId, userId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey(cboId) }),
  });
}

export function useRemoveOrganizationUser(cboId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeOrganizationUser(cboId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationUsersKey(cboId) }),
  });
}
