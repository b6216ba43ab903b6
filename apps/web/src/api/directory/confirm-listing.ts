import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DirectoryProvider } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { providerPerformanceKeys } from '../provider-performance/keys.ts';
import { savedProviderKeys } from '../saved-providers/keys.ts';
import { directoryKeys } from './keys.ts';

/**
 * POST /api/providers/{id}/confirm-listing (issue #18 item 7): the provider's own organization says its listing is
 * current. The server checks the organization and the role, stamps the time and answers the provider.
 */
export async function confirmListing(id: number): Promise<DirectoryProvider> {
  return apiRequest<DirectoryProvider>(`/api/providers/${id}/confirm-listing`, { method: 'POST' });
}

/** Every list that shows the provider reads it again (its badge, last-verified date and score changed). */
export function useConfirmListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => confirmListing(id),
    onSuccess: () =>
      Promise.all(
        [directoryKeys.all, providerPerformanceKeys.all, savedProviderKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
