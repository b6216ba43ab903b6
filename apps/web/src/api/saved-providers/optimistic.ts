import type { QueryClient } from '@tanstack/react-query';
import type { SavedProviderList } from '@trust/domain';
import { savedProviderKeys } from './keys.ts';

export type ListSnapshot = [readonly unknown[], SavedProviderList | undefined][];

/**
 * 001 §4 "Saving a provider is optimistic: added to the UI first, rolled back on failure": every cached list
 * is changed at once, and the snapshot taken before is what a failure puts back.
 */
export async function changeLists(
  queryClient: QueryClient,
  change: (list: SavedProviderList) => SavedProviderList,
): Promise<ListSnapshot> {
  await queryClient.cancelQueries({ queryKey: savedProviderKeys.lists() });
  const snapshot = queryClient.getQueriesData<SavedProviderList>({ queryKey: savedProviderKeys.lists() });
  for (const [key, list] of snapshot) {
    if (list) queryClient.setQueryData(key, change(list));
  }
  return snapshot;
}

export function restoreLists(queryClient: QueryClient, snapshot: ListSnapshot | undefined) {
  for (const [key, list] of snapshot ?? []) queryClient.setQueryData(key, list);
}
