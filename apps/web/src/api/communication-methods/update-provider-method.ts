import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunicationMethod, CommunicationMethodUpdate } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { communicationMethodKeys } from './keys.ts';

/** PUT /api/provider-communication-methods/{id} (001 §7): {verified: true} or {is_preferred: true}. */
export function updateProviderMethod(id: number, body: CommunicationMethodUpdate) {
  return apiRequest<CommunicationMethod>(`/api/provider-communication-methods/${id}`, {
    method: 'PUT',
    body,
  });
}

export function useUpdateProviderMethod(providerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CommunicationMethodUpdate }) =>
      updateProviderMethod(id, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: communicationMethodKeys.ofProvider(providerId) }),
  });
}
