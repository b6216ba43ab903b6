import { MILES_TO_METERS, queryInt, SEARCH_RADIUS_MAX_MILES } from '@trust/domain';
import { HSDS_PAGING } from '@trust/domain/interop-settings';
import { z } from 'zod';

// The query parameters of HSDS 3.0's openapi.json (components.parameters), checked at the edge: a malformed or
// out-of-range value is a 400 in the HSDS error shape (errors.ts), never a guess.

/**
 * The largest page: HSDS leaves it to the publisher; 100 keeps one page to one bounded query. Shared with the
 * Interop Settings screen, which tells integrators the limits.
 */
export const HSDS_PER_PAGE_MAX = HSDS_PAGING.perPageMax;
export const HSDS_PER_PAGE_DEFAULT = HSDS_PAGING.perPageDefault;
/**
 * `proximity` is in meters in HSDS; the directory searches up to SEARCH_RADIUS_MAX_MILES, so the same bound
 * applies (80,467 m).
 */
export const HSDS_PROXIMITY_MAX_METERS = Math.floor(SEARCH_RADIUS_MAX_MILES * MILES_TO_METERS);

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const uuid = (what: string) =>
  z
    .string()
    .regex(UUID, `${what} must be a UUID.`)
    .transform((v) => v.toLowerCase());

const queryBoolean = z
  .enum(['true', 'false'], { error: 'Must be true or false.' })
  .optional()
  .transform((v) => v === 'true');

/** An ISO 8601 date or date-time; a date alone is its midnight UTC. */
const modifiedAfter = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/,
    'Must be an ISO 8601 date or date-time, e.g. 2026-01-31 or 2026-01-31T12:00:00Z.',
  )
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a real date.')
  .transform((v) => new Date(v))
  .optional();

const paging = {
  page: queryInt({ min: 1, message: 'page must be a whole number from 1, written in plain digits.' }).default(
    1,
  ),
  per_page: queryInt({
    min: 1,
    max: HSDS_PER_PAGE_MAX,
    message: `per_page must be a whole number from 1 to ${HSDS_PER_PAGE_MAX}.`,
  }).default(HSDS_PER_PAGE_DEFAULT),
  /** Only `json`: ndjson streaming is not served (a 400 says so rather than answering in another format). */
  format: z.enum(['json'], { error: 'Only format=json is served.' }).optional(),
  search: z.string().trim().max(200).optional(),
};

/** postcode and proximity (meters from the postcode's centroid), as HSDS defines them. */
const place = {
  postcode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'postcode must be a 5-digit ZIP code.')
    .optional(),
  proximity: queryInt({
    min: 1,
    max: HSDS_PROXIMITY_MAX_METERS,
    message: `proximity must be a whole number of meters from 1 to ${HSDS_PROXIMITY_MAX_METERS}.`,
  }).optional(),
};

const serviceFilters = {
  taxonomy_term_id: uuid('taxonomy_term_id').optional(),
  taxonomy_id: uuid('taxonomy_id').optional(),
  organization_id: uuid('organization_id').optional(),
  modified_after: modifiedAfter,
  full: queryBoolean,
};

export const servicesQuerySchema = z.object({ ...paging, ...serviceFilters, ...place });
export const serviceAtLocationsQuerySchema = z.object({ ...paging, ...serviceFilters, ...place });
export const organizationsQuerySchema = z.object({
  ...paging,
  full: queryBoolean,
  full_service: queryBoolean,
});
export const locationsQuerySchema = z.object({
  ...paging,
  organization_id: uuid('organization_id').optional(),
  modified_after: modifiedAfter,
  ...place,
});
export const organizationQuerySchema = z.object({ full_service: queryBoolean });

/** A path id, as sent: an imported id is matched as its source spelled it (ours read back in any case). */
export const idParamsSchema = z.object({ id: z.string().regex(UUID, 'id must be a UUID.') });

export type ListQuery = z.infer<typeof serviceAtLocationsQuerySchema>;
export type LocationsQuery = z.infer<typeof locationsQuerySchema>;
export type OrganizationsQuery = z.infer<typeof organizationsQuerySchema>;
