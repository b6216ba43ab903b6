// Query keys of the Provider Performance calls: a ratings refresh or a capacity change invalidates them all.
export const providerPerformanceKeys = {
  all: ['provider-performance'] as const,
  lists: () => [...providerPerformanceKeys.all, 'list'] as const,
  ownListings: () => [...providerPerformanceKeys.all, 'own-listings'] as const,
};
