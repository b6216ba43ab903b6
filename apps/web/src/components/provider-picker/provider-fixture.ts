import type { DirectoryProvider } from '@trust/domain';

/** A directory provider for the matching tests (the one wire shape of every provider list). */
export function makeDirectoryProvider(overrides: Partial<DirectoryProvider> = {}): DirectoryProvider {
  const id = overrides.id ?? 501;
  return {
    id,
    organization_name: 'Bayview Food Pantry',
    organization_type: 'Food Bank',
    street_address: '100 Main St',
    city: 'Oakland',
    state: 'CA',
    zip_code: '94601',
    county: 'Alameda',
    latitude: 37.77,
    longitude: -122.21,
    primary_phone: '5105550100',
    phone: '5105550100',
    phone_number: '5105550100',
    primary_email: 'intake@bayview.example.org',
    email: 'intake@bayview.example.org',
    website: null,
    web_form_url: null,
    services: ['Food Assistance'],
    languages_spoken: ['English'],
    accepts_medicaid: true,
    accepts_medicare: false,
    wheelchair_accessible: true,
    hours_of_operation: {},
    data_quality_score: 85,
    google_rating: null,
    google_review_count: null,
    distance_miles: null,
    capacity_status: 'accepting',
    capacity_wait_days: null,
    capacity_confirmed_at: null,
    organization_id: null,
    source: 'directory',
    verification_status: 'verified',
    ...overrides,
    provider_id: id,
  };
}
