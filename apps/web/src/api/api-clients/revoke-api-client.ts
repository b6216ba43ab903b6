import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { apiClientsKeys } from './keys.ts';

/** POST /api/api-clients/{id}/revoke (issue #21): the client gets no new tokens and its tokens end now. */
export function revokeApiClient(id: number): Promise<ApiClient> {
  return apiRequest<ApiClient>(`/api/api-clients/${id}/revoke`, { method: 'POST' });
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiClient,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiClientsKeys.all }),
  });
}
