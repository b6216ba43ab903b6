import {
  type CapacityStatus,
  type DirectoryProvider,
  isOutOfDate,
  type ProviderDataSource,
  providerVerificationStatus,
  roundMiles,
} from '@trust/domain';
import type { providers } from '../../../db/schema/index.ts';

export type ProviderRow = Omit<typeof providers.$inferSelect, 'searchText'>;

/**
 * The moment a listing is read at and the stale time (DIRECTORY_STALE_AFTER_DAYS): together they say whether it
 * "may be out of date" (issue #18 item 7). Services build it with freshnessOf(ctx) (freshness-service.ts).
 */
export type Freshness = { now: Date; staleAfterDays: number };

/**
 * A provider row as every list shows it (packages/domain directory-wire.ts). The spec's clients read several
 * aliases of the same value, so each is filled. `distanceMiles` comes from the search point, rounded to 0.1
 * (001 §9); null when the search had no point.
 */
export function toDirectoryProvider(
  row: ProviderRow,
  freshness: Freshness,
  distanceMiles: number | null = null,
): DirectoryProvider {
  return {
    id: row.id,
    provider_id: row.id,
    organization_name: row.name,
    organization_type: row.organizationType,
    street_address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    county: row.county,
    latitude: row.latitude,
    longitude: row.longitude,
    primary_phone: row.phone,
    phone: row.phone,
    phone_number: row.phone,
    primary_email: row.email,
    email: row.email,
    website: row.website,
    web_form_url: row.webFormUrl,
    services: row.services,
    languages_spoken: row.languages,
    accepts_medicaid: row.acceptsMedicaid,
    accepts_medicare: row.acceptsMedicare,
    wheelchair_accessible: row.wheelchairAccessible,
    hours_of_operation: row.hoursOfOperation,
    data_quality_score: row.dataQualityScore,
    google_rating: row.googleRating,
    google_review_count: row.googleReviewCount,
    distance_miles: distanceMiles === null ? null : roundMiles(distanceMiles),
    capacity_status: row.capacityStatus as CapacityStatus,
    capacity_wait_days: row.capacityWaitDays,
    capacity_confirmed_at: row.capacityConfirmedAt?.toISOString() ?? null,
    organization_id: row.organizationId,
    source: row.source === 'user' ? 'user' : 'directory',
    verification_status: providerVerificationStatus(row),
    data_source: row.dataSource as ProviderDataSource,
    last_verified_at: row.lastVerifiedAt.toISOString(),
    may_be_out_of_date: isOutOfDate(row.lastVerifiedAt, freshness.now, freshness.staleAfterDays),
  };
}
