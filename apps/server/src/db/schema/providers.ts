import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';

/** 001 §3 Saved provider `hours_of_operation`: one free text per weekday. */
export type HoursOfOperation = Partial<
  Record<'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday', string>
>;

/** One Google review as cached on the provider (Place Details `reviews`). */
export type GoogleReviewRow = {
  author_name: string;
  rating: number | null;
  text: string;
  relative_time_description: string | null;
  time: number | null;
};

/**
 * Community providers of the directory (001 §3 Directory provider and Saved provider). `organization_id` links
 * a provider to the organization whose users act for it (so "matched provider users" exist); those users set
 * the capacity status. Providers added by hand (001 §2.4) have `source = 'user'` and `created_by`.
 */
export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    organizationType: text('organization_type').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    county: text('county'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    webFormUrl: text('web_form_url'),
    services: text('services').array().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    acceptsMedicaid: boolean('accepts_medicaid').notNull().default(true),
    acceptsMedicare: boolean('accepts_medicare').notNull().default(false),
    wheelchairAccessible: boolean('wheelchair_accessible').notNull().default(false),
    hoursOfOperation: jsonb('hours_of_operation').$type<HoursOfOperation>().notNull().default({}),
    dataQualityScore: integer('data_quality_score').notNull().default(50),
    googleRating: real('google_rating'),
    googleReviewCount: integer('google_review_count'),
    googlePlaceId: text('google_place_id'),
    /** 001 §2.19 detail modal: the Google reviews fetched with the rating (cached 24 h with it, 001 §9). */
    googleReviews: jsonb('google_reviews').$type<GoogleReviewRow[]>().notNull().default([]),
    ratingsUpdatedAt: timestamp('ratings_updated_at', { withTimezone: true }),
    /** Set by the provider's own users: 'accepting' | 'waitlist' | 'full'. */
    capacityStatus: text('capacity_status').notNull().default('accepting'),
    /** Expected wait in days while on 'waitlist'. */
    capacityWaitDays: integer('capacity_wait_days'),
    capacityConfirmedAt: timestamp('capacity_confirmed_at', { withTimezone: true }),
    /** 'directory' (imported or demo) or 'user' (added by hand through Add New Provider). */
    source: text('source').notNull().default('directory'),
    createdBy: integer('created_by'),
    /**
     * A provider added by hand (source 'user') stays private to the organization that added it (its My
     * Providers and its own matching) until a platform operator verifies it (verified_at); only then does it
     * reach the public directory and other organizations' matching. Registry providers are public as loaded.
     */
    ownerOrganizationId: integer('owner_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: integer('verified_by'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** The registry key (10 digits) of a provider a registry import brought or matched; unique when set. */
    npi: text('npi'),
    /**
     * The record's id in its source when the source is not keyed by NPI (issue #21: an HSDS directory's
     * service_at_location id), so a later import upserts the same listing; unique within the data source.
     */
    externalId: text('external_id'),
    /**
     * Where the data came from (PROVIDER_DATA_SOURCES): a registry (cms_nppes, cms_care_compare, hrsa), its own
     * organization (`organization`, added by hand), or the demo data (`demo`).
     */
    dataSource: text('data_source').notNull().default('demo'),
    /** When a source (a registry import, or the provider's own organization) last confirmed the listing. */
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'active', or 'deactivated' when the registry deactivated the NPI: then it leaves matching and search. */
    registryStatus: text('registry_status').notNull().default('active'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivationReason: text('deactivation_reason'),
    /** A digest of the registry fields last written, so an import tells an update from an unchanged record. */
    registryHash: text('registry_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 001 §2.6/§2.7 text search (name, city, ZIP, county, services) lower-cased in one column, so one trigram
     * index serves `LIKE '%term%'`. tm_array_text is migration 0002's immutable array_to_string.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || ' ' || coalesce(city, '') || ' ' || coalesce(zip_code, '') || ' ' || coalesce(county, '') || ' ' || coalesce(state, '') || ' ' || tm_array_text(services))`,
      ),
    /** The phone's last 10 digits, so an inbound call or SMS finds its provider by number (indexed). */
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      sql`nullif(right(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), 10), '')`,
    ),
  },
  (t) => [
    index('providers_phone_digits_idx').on(t.phoneDigits).where(sql`${t.phoneDigits} IS NOT NULL`),
    index('providers_zip_idx').on(t.zipCode),
    index('providers_org_idx').on(t.organizationId),
    uniqueIndex('providers_npi_uq').on(t.npi).where(sql`${t.npi} IS NOT NULL`),
    uniqueIndex('providers_external_id_uq')
      .on(t.dataSource, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    index('providers_data_source_idx').on(t.dataSource),
    index('providers_unverified_owner_idx')
      .on(t.ownerOrganizationId)
      .where(sql`${t.source} = 'user' AND ${t.verifiedAt} IS NULL`),
    index('providers_state_county_idx').on(t.state, t.county),
    index('providers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('providers_services_idx').using('gin', t.services),
    // Nearest-first radius search (DESIGN.md): GiST on the earth point, ordered with `<->`.
    index('providers_earth_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.latitude} IS NOT NULL AND ${t.longitude} IS NOT NULL`),
  ],
);
