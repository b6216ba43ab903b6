// Query keys of My Providers: every saved-provider query starts with 'saved-providers', so a save or a removal
// (optimistic, 001 §4) updates and then refreshes every list view at once.
export const savedProviderKeys = {
  all: ['saved-providers'] as const,
  lists: () => [...savedProviderKeys.all, 'list'] as const,
  list: (search: string) => [...savedProviderKeys.lists(), search] as const,
};
