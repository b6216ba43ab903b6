/** Audit-log actions of the providers area: the action string and what it records (shown in the security log). */
export const PROVIDERS_AUDIT_ACTIONS = {
  'provider.created': 'Added a provider by hand (private to the organization until verified)',
  'provider.verified': 'A platform operator verified a provider added by hand',
  'provider.capacity_set': "Set a provider's capacity",
  'provider.ratings_updated': 'Fetched Google ratings for providers',
  'saved_provider.added': 'Saved a provider to My Providers',
  'saved_provider.removed': 'Removed a provider from My Providers',
} as const satisfies Record<string, string>;
