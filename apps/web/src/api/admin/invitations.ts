import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationList, InvitationStatus, InviteResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';

// 002 §7 "Invitations and account" (the server module is apps/server/src/modules/invitations).

/** GET /api/cbos/{id}/users/invitations?status= */
export function getInvitations(cboId: number, status: InvitationStatus | null, signal?: AbortSignal) {
  const query = status ? `?status=${status}` : '';
  return apiRequest<InvitationList>(`/api/cbos/${cboId}/users/invitations${query}`, { signal });
}

export const invitationsKey = (cboId: number) => ['admin', 'invitations', cboId] as const;

export function invitationsQueryOptions(cboId: number, status: InvitationStatus | null) {
  return queryOptions({
    queryKey: [...invitationsKey(cboId), status] as const,
    queryFn: ({ signal }) => getInvitations(cboId, status, signal),
  });
}

export function useInvitations(cboId: number, status: InvitationStatus | null, enabled = true) {
  return useQuery({ ...invitationsQueryOptions(cboId, status), enabled });
}

/** POST /api/cbos/{id}/users/invite {email, name, role}. */
export function inviteUser(cboId: number, body: { email: string; name: string; role: string }) {
  return apiRequest<InviteResponse>(`/api/cbos/${cboId}/users/invite`, { method: 'POST', body });
}

/** DELETE /api/cbos/{id}/users/invitations/{invitationId}: only a pending one (002 §4). */
export function cancelInvitation(cboId: number, invitationId: number) {
  return apiRequest<unknown>(`/api/cbos/${cboId}/users/invitations/${invitationId}`, { method: 'DELETE' });
}

export function useInviteUser(cboId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string; role: string }) => inviteUser(cboId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(cboId) }),
  });
}

export function useCancelInvitation(cboId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => cancelInvitation(cboId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(cboId) }),
  });
}
