import { useMutation } from '@tanstack/react-query';
import type { ActiveCboResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';

/** POST /api/cbos/users/me/active-cbo (002 §7): 403 when the user is not a member of that organization. */
export function setActiveOrganization(cboId: number): Promise<ActiveCboResponse> {
  return apiRequest<ActiveCboResponse>('/api/cbos/users/me/active-cbo', {
    method: 'POST',
    body: { cbo_id: cboId },
  });
}

export function useSetActiveOrganization() {
  return useMutation({ mutationFn: setActiveOrganization });
}
