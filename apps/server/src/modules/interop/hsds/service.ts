import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  findPublishedProvider,
  type PublishedFilters,
  type PublishedListing,
  pagePublishedProviders,
  zipCentroid,
} from '../../providers/directory/published-service.ts';
import { listServices } from '../../providers/directory/service.ts';
import { isUuid, providerIdOf, SERVICES_TAXONOMY_ID, taxonomyTermId } from './ids.ts';
import {
  type HsdsObject,
  location,
  organizationBrief,
  organizationFull,
  serviceAtLocationBrief,
  serviceAtLocationFull,
  serviceBrief,
  serviceFull,
} from './mapping.ts';
import type { ListQuery, LocationsQuery, OrganizationsQuery } from './query.ts';

// The HSDS 3.0 API over the published directory (issue #21): every list is one page read in SQL by the
// directory's published-listing query (paged, counted, filtered there); every object is one provider row.

/** HSDS's paging envelope (openapi.json components.schemas.Page) around one page of contents. */
export type HsdsPage = {
  total_items: number;
  total_pages: number;
  page_number: number;
  size: number;
  first_page: boolean;
  last_page: boolean;
  empty: boolean;
  contents: HsdsObject[];
};

function pageOf(total: number, page: number, perPage: number, contents: HsdsObject[]): HsdsPage {
  const totalPages = Math.ceil(total / perPage);
  return {
    total_items: total,
    total_pages: totalPages,
    page_number: page,
    size: contents.length,
    first_page: page === 1,
    last_page: page >= totalPages,
    empty: contents.length === 0,
    contents,
  };
}

function invalid(parameter: string, message: string): AppError {
  return new AppError('hsds.invalid_parameter', message, { fields: { [parameter]: message } });
}

/** Marks a filter that no published listing can match (an id of another publisher, a term nobody offers). */
const NOTHING = Symbol('nothing');

/** postcode alone: listings at that ZIP; with proximity: within that many meters of its centroid. */
function placeFilters(q: Pick<ListQuery, 'postcode' | 'proximity'>): PublishedFilters {
  if (q.proximity !== undefined && q.postcode === undefined) {
    throw invalid('proximity', 'proximity needs a postcode to measure from.');
  }
  if (q.postcode === undefined) return {};
  const zip = q.postcode.slice(0, 5);
  if (q.proximity === undefined) return { zipCode: zip };
  const center = zipCentroid(zip);
  if (!center) throw invalid('postcode', `postcode ${zip} is not a ZIP code this directory can locate.`);
  return { near: { ...center, radiusMeters: q.proximity } };
}

/** The service names a taxonomy term id stands for (term ids are derived from names, any case). */
async function servicesOfTerm(ctx: ServiceContext, termId: string): Promise<string[]> {
  return (await listServices(ctx)).filter((s) => taxonomyTermId(s) === termId);
}

async function filtersOf(
  ctx: ServiceContext,
  q: Partial<ListQuery> & Pick<ListQuery, 'postcode' | 'proximity'>,
): Promise<PublishedFilters | typeof NOTHING> {
  const filters: PublishedFilters = {
    q: q.search || undefined,
    modifiedAfter: q.modified_after,
    ...placeFilters(q),
  };
  if (q.organization_id !== undefined) {
    const providerId = providerIdOf('organization', q.organization_id);
    if (providerId === null) return NOTHING;
    filters.providerId = providerId;
  }
  if (q.taxonomy_id !== undefined) {
    if (q.taxonomy_id !== SERVICES_TAXONOMY_ID) return NOTHING;
    filters.withServices = true;
  }
  if (q.taxonomy_term_id !== undefined) {
    const services = await servicesOfTerm(ctx, q.taxonomy_term_id);
    if (services.length === 0) return NOTHING;
    filters.services = services;
  }
  return filters;
}

async function listPage(
  ctx: ServiceContext,
  q: Partial<ListQuery> & Pick<ListQuery, 'page' | 'per_page' | 'postcode' | 'proximity'>,
  toItem: (listing: PublishedListing) => HsdsObject,
): Promise<HsdsPage> {
  const filters = await filtersOf(ctx, q);
  if (filters === NOTHING) return pageOf(0, q.page, q.per_page, []);
  const { total, listings } = await pagePublishedProviders(ctx, {
    filters,
    offset: (q.page - 1) * q.per_page,
    limit: q.per_page,
  });
  return pageOf(total, q.page, q.per_page, listings.map(toItem));
}

/** GET /hsds/services: one-to-one fields (compiled/service_list.json), or fully nested with full=true. */
export function listHsdsServices(ctx: ServiceContext, q: ListQuery): Promise<HsdsPage> {
  return listPage(ctx, q, q.full ? serviceFull : serviceBrief);
}

/** GET /hsds/service_at_locations (compiled/service_at_location_list.json), or fully nested with full=true. */
export function listHsdsServiceAtLocations(ctx: ServiceContext, q: ListQuery): Promise<HsdsPage> {
  return listPage(ctx, q, q.full ? serviceAtLocationFull : serviceAtLocationBrief);
}

/** GET /hsds/organizations (compiled/organization_list.json), or fully nested with full=true. */
export function listHsdsOrganizations(ctx: ServiceContext, q: OrganizationsQuery): Promise<HsdsPage> {
  return listPage(ctx, { ...q, postcode: undefined, proximity: undefined }, (l) =>
    q.full ? organizationFull(l) : organizationBrief(l.provider),
  );
}

/** GET /hsds/locations (schema/location.json; not in HSDS's openapi.json, which the issue asks for). */
export function listHsdsLocations(ctx: ServiceContext, q: LocationsQuery): Promise<HsdsPage> {
  return listPage(ctx, q, (l) => location(l.provider));
}

function notFound(kind: string): AppError {
  return new AppError('hsds.not_found', `No published ${kind} has this id.`);
}

async function byId(ctx: ServiceContext, providerId: number | null, kind: string) {
  const listing = providerId === null ? null : await findPublishedProvider(ctx, { id: providerId });
  if (!listing) throw notFound(kind);
  return listing;
}

/** GET /hsds/services/{id}: the fully nested service. */
export async function getHsdsService(ctx: ServiceContext, input: { id: string }): Promise<HsdsObject> {
  return serviceFull(await byId(ctx, providerIdOf('service', input.id), 'service'));
}

/** GET /hsds/organizations/{id}: the fully nested organization (its service in full with full_service). */
export async function getHsdsOrganization(
  ctx: ServiceContext,
  input: { id: string; fullService: boolean },
): Promise<HsdsObject> {
  const listing = await byId(ctx, providerIdOf('organization', input.id), 'organization');
  const organization = organizationFull(listing);
  return input.fullService ? { ...organization, services: [serviceFull(listing)] } : organization;
}

/**
 * GET /hsds/service_at_locations/{id}: the fully nested service_at_location. The id is ours, or the one an
 * HSDS import brought with the listing (kept as its external id, so a harvester's ids survive the round trip).
 */
export async function getHsdsServiceAtLocation(
  ctx: ServiceContext,
  input: { id: string },
): Promise<HsdsObject> {
  const own = providerIdOf('service_at_location', input.id);
  if (own !== null) return serviceAtLocationFull(await byId(ctx, own, 'service_at_location'));
  // An imported id as its source spelled it, else in lower case (UUIDs are case-insensitive).
  let listing: PublishedListing | null = null;
  for (const externalId of new Set([input.id, input.id.toLowerCase()])) {
    listing ??= isUuid(externalId)
      ? await findPublishedProvider(ctx, { dataSource: 'hsds', externalId })
      : null;
  }
  if (!listing) throw notFound('service_at_location');
  return serviceAtLocationFull(listing);
}
