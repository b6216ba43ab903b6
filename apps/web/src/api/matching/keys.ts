// Query keys of the matching calls. A match changes referrals too, so mutations also invalidate referralKeys.all.
export const matchingKeys = {
  all: ['matching'] as const,
  unpublished: () => [...matchingKeys.all, 'unpublished'] as const,
  autoMatch: () => [...matchingKeys.all, 'auto-match'] as const,
  ranking: (referralId: number) => [...matchingKeys.all, 'ranking', referralId] as const,
  providerSearch: (q: string, point: { latitude: number; longitude: number } | null) =>
    [...matchingKeys.all, 'provider-search', q, point?.latitude ?? null, point?.longitude ?? null] as const,
  provider: (id: number) => [...matchingKeys.all, 'provider', id] as const,
  matchedProviders: (referralId: number) => [...matchingKeys.all, 'matched-providers', referralId] as const,
};
