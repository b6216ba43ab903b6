// Constants, labels and pure rules of the provider directory and matching (001 §3, §4, §9), shared by the
// server and the web app.

/** 001 §9 Organization types (add form). */
export const PROVIDER_ORGANIZATION_TYPES = [
  'Community-Based Organization',
  'Healthcare Provider',
  'Mental Health Services',
  'Housing Services',
  'Transportation Services',
  'Food Bank',
  'Social Services Agency',
  'Non-Profit Organization',
  'Government Agency',
  'Faith-Based Organization',
] as const;

/** 001 §9 Services (add form). */
export const PROVIDER_SERVICES = [
  'Housing Assistance',
  'Food Assistance',
  'Transportation',
  'Mental Health',
  'Substance Abuse Treatment',
  'Employment Services',
  'Case Management',
  'Healthcare Navigation',
  'Benefits Enrollment',
  'Legal Aid',
  'Childcare',
  'Education Services',
  'Financial Counseling',
  'Utility Assistance',
  'Emergency Assistance',
] as const;

/** 001 §9 Languages (add form). */
export const PROVIDER_LANGUAGES = [
  'English',
  'Spanish',
  'Chinese (Mandarin)',
  'Chinese (Cantonese)',
  'Vietnamese',
  'Korean',
  'Tagalog',
  'Arabic',
  'Russian',
  'French',
  'Portuguese',
  'Other',
] as const;

/** 001 §9 Search filter types (directory search form). */
export const DIRECTORY_SEARCH_TYPES = [
  'FQHC',
  'Free Clinic',
  'Mental Health Center',
  'Substance Abuse Treatment',
  'Food Bank',
  'Housing Support',
  'Transportation Provider',
  'ECM Provider',
] as const;

/** 001 §9 Search services (directory search form). */
export const DIRECTORY_SEARCH_SERVICES = [
  'Primary Care',
  'Dental Services',
  'Mental Health Services',
  'Substance Abuse Treatment',
  'Behavioral Health',
  'Pharmacy Services',
  'Food Assistance',
  'Housing Assistance',
  'Transportation',
  'Case Management',
] as const;

/** 001 §9 Search languages (directory search form). */
export const DIRECTORY_SEARCH_LANGUAGES = [
  'English',
  'Spanish',
  'Mandarin',
  'Vietnamese',
  'Korean',
  'Russian',
  'Arabic',
  'Tagalog',
  'French',
  'Haitian Creole',
] as const;

/** Capacity a provider's own users report (issue #5): accepting, waitlist with an expected wait, or full. */
export const CAPACITY_STATUSES = ['accepting', 'waitlist', 'full'] as const;
export type CapacityStatus = (typeof CAPACITY_STATUSES)[number];

/** 001 §9 auto-match and search constants. */
export const AUTO_MATCH_RADIUS_MILES = 50;
export const AUTO_MATCH_TOP_N = 4;
export const SEARCH_RADIUS_DEFAULT_MILES = 10;
export const SEARCH_RADIUS_MIN_MILES = 1;
export const SEARCH_RADIUS_MAX_MILES = 50;
export const RECENT_MATCHES_COUNT = 5;
export const DISTANCE_FALLBACK_MILES = 999;
export const EARTH_RADIUS_MILES = 3959;
export const MILES_TO_METERS = 1609.344;

/** 001 §9: distances are rounded to 0.1 mile. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** Great-circle distance in miles (001 §9 earth radius 3959), for display and tests; searches use the index. */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** 001 §9 Data quality: 80+ High quality, 60+ Good quality, below 60 Needs update, none Not rated. */
export function dataQualityLabel(score: number | null | undefined): string {
  if (score === null || score === undefined) return 'Not rated';
  if (score >= 80) return 'High quality';
  if (score >= 60) return 'Good quality';
  return 'Needs update';
}

/** 001 §9: call first when quality is below 70. */
export const CALL_FIRST_BELOW = 70;

/** 001 §5 Add Provider required-field messages, and the other messages of this area (001 §5, §8). */
export const PROVIDER_MESSAGES = {
  nameRequired: 'Organization name is required',
  typeRequired: 'Organization type is required',
  addressRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'ZIP code is required',
  phoneRequired: 'Phone number is required',
  servicesRequired: 'Please select at least one service',
  languagesRequired: 'Please select at least one language',
  alreadySaved: 'This provider is already saved',
  removeConfirm: 'Are you sure you want to remove this provider from your list?',
  providerSaved: 'Provider Saved!',
  noProvidersFound: 'No providers found',
  noSavedProviders: 'No Saved Providers',
  geocodingFailed: 'Geocoding failed',
  geocodeAddressFailed: 'Failed to geocode address. Please try a different location.',
  searchFailed: 'Search failed',
  countySearchFailed: 'Failed to search providers by county. Please try again.',
  providerDetailsFailed: 'Failed to fetch provider details. Please try again.',
  feedbackFailed: 'Failed to submit feedback. Please try again.',
  geolocationUnsupported: 'Geolocation is not supported by your browser',
  geolocationFailed: 'Could not get your location. Please check your browser permissions and try again.',
  autoMatchNoLocation: 'Referral missing geocoded location. Please ensure the referral has a valid address.',
  autoMatchNoProviders: 'No geocoded providers found near this member location (50 mile radius)',
  autoMatchCanceled: 'Auto-match canceled. Referral reverted to Pending status.',
  noMatchedProviders: 'No matched providers to send to',
  matchFailed: 'Failed to match referral to provider',
} as const;

/**
 * Issue #12: a provider added by hand (source 'user') is private to the organization that added it (its My
 * Providers and its own matching) until a platform operator verifies it; a registry provider is public as
 * loaded. 'private' is such a provider still awaiting verification; 'verified' is every provider anyone may see.
 */
export const PROVIDER_VERIFICATION_STATUSES = ['private', 'verified'] as const;
export type ProviderVerificationStatus = (typeof PROVIDER_VERIFICATION_STATUSES)[number];

export function providerVerificationStatus(provider: {
  source: string;
  verifiedAt: Date | string | null;
}): ProviderVerificationStatus {
  return provider.source === 'user' && provider.verifiedAt === null ? 'private' : 'verified';
}
