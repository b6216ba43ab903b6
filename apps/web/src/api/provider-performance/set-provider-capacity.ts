import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DirectoryProvider, ProviderCapacityRequest } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { providerPerformanceKeys } from './keys.ts';

/**
 * PUT /api/providers/{id}/capacity (issue: "a capacity status that the provider's own users set"): the server
 * checks that the active organization acts for the provider and stamps the confirmation time.
 */
export async function setProviderCapacity(
  id: number,
  input: ProviderCapacityRequest,
): Promise<DirectoryProvider> {
  return apiRequest<DirectoryProvider>(`/api/providers/${id}/capacity`, { method: 'PUT', body: input });
}

export function useSetProviderCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ProviderCapacityRequest }) =>
      setProviderCapacity(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerPerformanceKeys.all }),
  });
}
