import type { DirectoryProvider, DirectorySearchResult, SavedProvider } from '@trust/domain';

// Made-up providers for tests (spec/README.md: no sample data of the original product).

export function makeDirectoryProvider(overrides: Partial<DirectoryProvider> = {}): DirectoryProvider {
  const id = overrides.id ?? overrides.provider_id ?? 501;
  return {
    id,
    provider_id: id,
    organization_name: 'Marigold Community Pantry',
    organization_type: 'Food Bank',
    street_address: '410 Alder Ave',
    city: 'Los Angeles',
    state: 'CA',
    zip_code: '90012',
    county: 'Los Angeles',
    latitude: 34.061,
    longitude: -118.238,
    primary_phone: '(213) 555-0170',
    phone: '(213) 555-0170',
    phone_number: '(213) 555-0170',
    primary_email: 'intake@marigold.example.org',
    email: 'intake@marigold.example.org',
    website: 'https://marigold.example.org',
    web_form_url: null,
    services: ['Food Assistance'],
    languages_spoken: ['English', 'Spanish'],
    accepts_medicaid: true,
    accepts_medicare: false,
    wheelchair_accessible: true,
    hours_of_operation: { monday: '9:00 AM - 5:00 PM' },
    data_quality_score: 88,
    google_rating: null,
    google_review_count: null,
    distance_miles: 1.2,
    capacity_status: 'accepting',
    capacity_wait_days: null,
    capacity_confirmed_at: null,
    organization_id: null,
    source: 'directory',
    verification_status: 'verified',
    data_source: 'demo',
    last_verified_at: '2026-03-01T10:00:00.000Z',
    may_be_out_of_date: false,
    ...overrides,
  };
}

export function makeSavedProvider(overrides: Partial<SavedProvider> = {}): SavedProvider {
  return { ...makeDirectoryProvider(overrides), saved_at: '2026-03-04T10:00:00.000Z', ...overrides };
}

export function makeSearchResult(providers: DirectoryProvider[]): DirectorySearchResult {
  return { providers, count: providers.length, center: { latitude: 34.05, longitude: -118.24 } };
}
