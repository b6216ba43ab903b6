import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client.ts';
import { savedProviderKeys } from './keys.ts';
import { changeLists, type ListSnapshot, restoreLists } from './optimistic.ts';

/** DELETE /api/saved-providers/{provider_id} (001 §7). */
export function removeSavedProvider(providerId: number) {
  return apiRequest<{ success: true; provider_id: number }>(`/api/saved-providers/${providerId}`, {
    method: 'DELETE',
  });
}

/** Removal is optimistic like saving (001 §4): gone from the list at once, back if the server refuses. */
export function useRemoveSavedProvider() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, number, { snapshot: ListSnapshot }>({
    mutationFn: removeSavedProvider,
    onMutate: async (providerId) => ({
      snapshot: await changeLists(queryClient, (list) => {
        const providers = list.providers.filter((p) => p.provider_id !== providerId);
        return { ...list, providers, total: list.total - (list.providers.length - providers.length) };
      }),
    }),
    onError: (_error, _id, context) => restoreLists(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedProviderKeys.all }),
  });
}
