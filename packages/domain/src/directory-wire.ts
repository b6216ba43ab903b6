import { z } from 'zod';
import { idNumber, queryDecimal, queryInt, timestampSchema } from './common.ts';
import { PROVIDER_DATA_SOURCES } from './provider-imports.ts';
import {
  CAPACITY_STATUSES,
  PROVIDER_VERIFICATION_STATUSES,
  SEARCH_RADIUS_DEFAULT_MILES,
  SEARCH_RADIUS_MAX_MILES,
  SEARCH_RADIUS_MIN_MILES,
} from './providers.ts';

// The provider directory on the wire (001 §3 Directory provider and Saved provider, §7 "Provider directory
// API"). One shape for every list that shows providers: directory searches, GET /api/providers, My Providers,
// the Select Provider dialog. The spec's client reads several aliases of the same value (phone, phone_number,
// primary_phone; email, primary_email; id, provider_id); the server sends all of them so any reader works.

export const hoursOfOperationSchema = z.object({
  monday: z.string().optional(),
  tuesday: z.string().optional(),
  wednesday: z.string().optional(),
  thursday: z.string().optional(),
  friday: z.string().optional(),
  saturday: z.string().optional(),
  sunday: z.string().optional(),
});

export const directoryProviderSchema = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  organization_name: z.string(),
  organization_type: z.string(),
  street_address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  county: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  primary_phone: z.string().nullable(),
  phone: z.string().nullable(),
  phone_number: z.string().nullable(),
  primary_email: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  web_form_url: z.string().nullable(),
  services: z.array(z.string()),
  languages_spoken: z.array(z.string()),
  accepts_medicaid: z.boolean(),
  accepts_medicare: z.boolean(),
  wheelchair_accessible: z.boolean(),
  hours_of_operation: hoursOfOperationSchema,
  data_quality_score: z.number().int().nullable(),
  google_rating: z.number().nullable(),
  google_review_count: z.number().int().nullable(),
  /** Computed by the server from the search point, rounded to 0.1 mile (001 §9); null without a point. */
  distance_miles: z.number().nullable(),
  capacity_status: z.enum(CAPACITY_STATUSES),
  capacity_wait_days: z.number().int().nullable(),
  capacity_confirmed_at: timestampSchema.nullable(),
  /** The organization whose users act for this provider, if any. */
  organization_id: z.number().int().nullable(),
  source: z.enum(['directory', 'user']),
  /**
   * Issue #12: 'private' while a provider added by hand awaits a platform operator's verification (only its
   * organization sees it, and its web form is never opened); 'verified' for registry providers and verified ones.
   */
  verification_status: z.enum(PROVIDER_VERIFICATION_STATUSES),
  /** Issue #18 item 7: where the listing's data came from (a registry, its own organization, the demo data). */
  data_source: z.enum(PROVIDER_DATA_SOURCES),
  /** When a source (a registry import, or its own organization's "Confirm listing") last confirmed it. */
  last_verified_at: timestampSchema,
  /** Nobody confirmed it within the stale time (DIRECTORY_STALE_AFTER_DAYS): shown "may be out of date". */
  may_be_out_of_date: z.boolean(),
});
export type DirectoryProvider = z.infer<typeof directoryProviderSchema>;

/** A query value that may come once or repeated (`services=a&services=b`). */
const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => s.trim() !== ''));

/** "true"/"false" in a query string; absent means no filter. */
const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** 001 §5: radius 1-50 miles in steps of 1. */
export const radiusMilesSchema = queryInt({
  min: SEARCH_RADIUS_MIN_MILES,
  max: SEARCH_RADIUS_MAX_MILES,
  message: 'Radius must be between 1 and 50 miles.',
});

/** The filters every directory search takes (001 §7). */
export const directoryFiltersSchema = z.object({
  organization_type: z.string().trim().min(1).optional(),
  accepts_medicaid: queryBoolean,
  accepts_medicare: queryBoolean,
  services: repeated,
  languages: repeated,
  /** 001 §5: 0-100 in steps of 10. */
  min_quality_score: queryInt({
    min: 0,
    max: 100,
    message: 'Minimum quality score must be between 0 and 100.',
  }).optional(),
  /** Free text over name, city, ZIP, county and services. */
  q: z.string().trim().max(200).optional(),
  limit: queryInt({ min: 1, max: 200 }).default(50),
});

export const radiusSearchQuerySchema = directoryFiltersSchema.extend({
  latitude: queryDecimal({ min: -90, max: 90, message: 'Latitude must be between -90 and 90.' }),
  longitude: queryDecimal({ min: -180, max: 180, message: 'Longitude must be between -180 and 180.' }),
  radius_miles: radiusMilesSchema.default(SEARCH_RADIUS_DEFAULT_MILES),
});
export type RadiusSearchQuery = z.infer<typeof radiusSearchQuerySchema>;

export const zipSearchQuerySchema = directoryFiltersSchema.extend({
  zip_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'ZIP code must be 5 digits.'),
  radius_miles: radiusMilesSchema.default(SEARCH_RADIUS_DEFAULT_MILES),
});
export type ZipSearchQuery = z.infer<typeof zipSearchQuerySchema>;

export const countySearchQuerySchema = directoryFiltersSchema.extend({
  state: z.string().trim().length(2, 'State must be a 2-letter code.'),
  county: z.string().trim().min(1, 'County is required.'),
});
export type CountySearchQuery = z.infer<typeof countySearchQuerySchema>;

/** Every directory search answers the providers found, nearest first when there is a point. */
export const directorySearchResultSchema = z.object({
  providers: z.array(directoryProviderSchema),
  count: z.number().int(),
  /** The point distances were measured from, when the search had one. */
  center: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type DirectorySearchResult = z.infer<typeof directorySearchResultSchema>;

/** POST /geocode: a 5-digit ZIP, a "lat,lng" pair, or an address (001 §5). */
export const geocodeRequestSchema = z.object({
  address: z.string().trim().min(1, 'Enter a ZIP code, coordinates or an address.').max(300),
});
export const geocodeResponseSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  county: z.string().nullable(),
  /** How the point was found: 'zip', 'coordinates', 'geocoder' (the configured URL), 'address_zip'. */
  source: z.enum(['zip', 'coordinates', 'geocoder', 'address_zip']),
});
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

/** GET /directory/services. */
export const directoryServicesSchema = z.object({ services: z.array(z.string()) });

/** POST /directory/feedback (001 §7): a report about a directory record. */
export const directoryFeedbackRequestSchema = z.object({
  organization_id: idNumber('organization_id must be a provider id.'),
  feedback_type: z.string().trim().min(1, 'Choose what kind of feedback this is.').max(100),
  comments: z.string().trim().max(5000).nullish(),
  user_email: z.email('Enter a valid email address.').nullish(),
});
export const directoryFeedbackResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/providers: the radius search's query with the point optional (001 §7). */
export const providerListQuerySchema = directoryFiltersSchema.extend({
  latitude: radiusSearchQuerySchema.shape.latitude.optional(),
  longitude: radiusSearchQuerySchema.shape.longitude.optional(),
  radius_miles: radiusMilesSchema.default(50),
});
export type ProviderListQuery = z.infer<typeof providerListQuerySchema>;

/** GET /directory/providers/{id}: optional point to measure the distance from. */
export const providerDetailQuerySchema = z.object({
  latitude: radiusSearchQuerySchema.shape.latitude.optional(),
  longitude: radiusSearchQuerySchema.shape.longitude.optional(),
});

/** PUT /api/providers/{id}/capacity: set by the provider's own users (issue #5). */
export const providerCapacityRequestSchema = z.object({
  capacity_status: z.enum(CAPACITY_STATUSES, 'Capacity must be accepting, waitlist or full.'),
  capacity_wait_days: z.number().int().min(0, 'The expected wait cannot be negative.').max(3650).nullish(),
});
export type ProviderCapacityRequest = z.infer<typeof providerCapacityRequestSchema>;
