import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscoverResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { communicationMethodKeys } from './keys.ts';

/** GET /api/provider-communication-methods/discover/{providerId} (001 §7): stores the contacts found. */
export function discoverProviderMethods(providerId: number) {
  return apiRequest<DiscoverResponse>(`/api/provider-communication-methods/discover/${providerId}`);
}

/** 001 §7: the methods are refetched afterwards whatever the outcome. */
export function useDiscoverProviderMethods(providerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discoverProviderMethods(providerId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: communicationMethodKeys.ofProvider(providerId) }),
  });
}
