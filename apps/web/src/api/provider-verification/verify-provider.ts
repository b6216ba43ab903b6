import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderVerifyResponse } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { directoryKeys } from '../directory/keys.ts';
import { savedProviderKeys } from '../saved-providers/keys.ts';
import { providerVerificationKeys } from './get-unverified-providers.ts';

/** POST /api/providers/{id}/verify (platform operators): the provider becomes public. */
export function verifyProvider(id: number): Promise<ProviderVerifyResponse> {
  return apiRequest<ProviderVerifyResponse>(`/api/providers/${id}/verify`, { method: 'POST' });
}

export function useVerifyProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyProvider,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: providerVerificationKeys.all }),
        // Its verification status shows in the directory and in My Providers.
        queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: savedProviderKeys.all }),
      ]),
  });
}
