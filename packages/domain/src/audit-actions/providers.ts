/** Audit-log actions of the providers area: the action string and what it records (shown in the security log). */
export const PROVIDERS_AUDIT_ACTIONS = {
  'provider.created': 'Added a provider by hand (private to the organization until verified)',
  'provider.verified': 'A platform operator verified a provider added by hand',
  'provider.capacity_set': "Set a provider's capacity",
  'provider.ratings_updated': 'Fetched Google ratings for providers',
  'saved_provider.added': 'Saved a provider to My Providers',
  'saved_provider.removed': 'Removed a provider from My Providers',
  'provider.listing_confirmed': "A provider's organization confirmed its directory listing is current",
  'provider_import.started': 'Started a registry import of providers',
  'provider_import.finished': 'A registry import of providers ended (completed, failed or cancelled)',
  'provider_import.cancelled': 'Cancelled a registry import of providers',
  'import_schedule.created': 'Created an import schedule',
  'import_schedule.updated': "Changed an import schedule's timing",
  'import_schedule.toggled': 'Enabled or disabled an import schedule',
  'import_schedule.deleted': 'Deleted an import schedule',
  'import_schedule.run': 'Ran an import schedule now',
  'import_schedule.dependency_added': 'Made an import schedule depend on another',
} as const satisfies Record<string, string>;
