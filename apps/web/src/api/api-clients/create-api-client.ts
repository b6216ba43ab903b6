import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClientCreate, ApiClientCreated } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { apiClientsKeys } from './keys.ts';

/**
 * POST /api/api-clients (issue #21). The answer's `client_secret` is the only copy there will ever be: the
 * screen shows it once and keeps it nowhere (not in the query cache, which holds the list without secrets).
 */
export function createApiClient(body: ApiClientCreate): Promise<ApiClientCreated> {
  return apiRequest<ApiClientCreated>('/api/api-clients', { method: 'POST', body });
}

export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiClient,
    // The answer holds the secret: drop the finished mutation at once rather than after the default 5 minutes.
    gcTime: 0,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiClientsKeys.all }),
  });
}
