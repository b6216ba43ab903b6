import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddProviderInput, DirectoryProvider, SavedProvider } from '@trust/domain';
import { apiRequest } from '../client.ts';
import { savedProviderKeys } from './keys.ts';
import { changeLists, type ListSnapshot, restoreLists } from './optimistic.ts';

/** A directory provider (saved by its id) or the Add New Provider fields (001 §2.4). */
export type SaveProviderBody = DirectoryProvider | AddProviderInput;

/** POST /api/saved-providers (001 §7): the body is the provider object; 409 means already saved. */
export function saveProvider(body: SaveProviderBody): Promise<SavedProvider> {
  return apiRequest<SavedProvider>('/api/saved-providers', { method: 'POST', body });
}

function isStored(body: SaveProviderBody): body is DirectoryProvider {
  return 'provider_id' in body && typeof body.provider_id === 'number' && body.provider_id > 0;
}

/**
 * Saving is optimistic (001 §4): a directory provider joins the cached lists at once and leaves them again if
 * the server refuses. A new provider has no id yet, so it appears when the server answers.
 */
export function useSaveProvider() {
  const queryClient = useQueryClient();
  return useMutation<SavedProvider, Error, SaveProviderBody, { snapshot: ListSnapshot }>({
    mutationFn: saveProvider,
    onMutate: async (body) => {
      if (!isStored(body)) return { snapshot: [] };
      const entry: SavedProvider = { ...body, saved_at: new Date().toISOString() };
      const snapshot = await changeLists(queryClient, (list) =>
        list.providers.some((p) => p.provider_id === body.provider_id)
          ? list
          : { ...list, providers: [entry, ...list.providers], total: list.total + 1 },
      );
      return { snapshot };
    },
    onError: (_error, _body, context) => restoreLists(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedProviderKeys.all }),
  });
}
