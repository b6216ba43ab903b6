import {
  type CountySearchQuery,
  type DirectoryProvider,
  type DirectorySearchResult,
  type GeocodeResponse,
  haversineMiles,
  PROVIDER_MESSAGES,
  providerVerificationStatus,
  type RadiusSearchQuery,
  type ZipSearchQuery,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { createGeocoder } from '../../../adapters/geocoder/index.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { AuthContext } from '../../../platform/auth.ts';
import { isSuperAdmin } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { lookupZip, parseLatLng, zipInAddress } from './geography.ts';
import * as repo from './repo.ts';
import { type ProviderRow, toDirectoryProvider } from './wire.ts';

const NOT_FOUND = 'Provider not found';

function geocodeFailed(field = 'address'): AppError {
  return new AppError('bad_request', PROVIDER_MESSAGES.geocodeAddressFailed, {
    fields: { [field]: PROVIDER_MESSAGES.geocodeAddressFailed },
  });
}

/**
 * 001 §5: a location is a 5-digit ZIP, a "lat,lng" pair, or otherwise an address: geocoded by the configured
 * service when there is one, else located by the ZIP code it contains. Nothing found is a 400 with the spec's
 * message, never a guess.
 */
export async function geocode(deps: AppDeps, address: string): Promise<GeocodeResponse> {
  const text = address.trim();
  if (/^\d{5}(-\d{4})?$/.test(text)) {
    const place = lookupZip(text);
    if (!place) throw geocodeFailed();
    return { ...place, source: 'zip' };
  }
  const pair = parseLatLng(text);
  if (pair) return { ...pair, zip_code: null, city: null, state: null, county: null, source: 'coordinates' };
  const geocoder = createGeocoder(deps.config);
  if (geocoder) {
    try {
      const point = await geocoder.geocode(text);
      if (point)
        return { ...point, zip_code: null, city: null, state: null, county: null, source: 'geocoder' };
    } catch {
      // The service is down: the ZIP in the address still locates it.
    }
  }
  const place = zipInAddress(text);
  if (place) return { ...place, source: 'address_zip' };
  throw geocodeFailed();
}

export type { ProviderViewer } from './repo.ts';

/**
 * The organization a request acts for, as a directory viewer: signed-out callers and users without an
 * organization see public and verified providers only (issue #12).
 */
export function viewerOf(auth: Pick<AuthContext, 'org'> | null | undefined): repo.ProviderViewer {
  return auth?.org?.id ?? null;
}

/**
 * Issue #12, the visibility rule as a SQL condition on `providers`, for the queries of other modules that list
 * or join providers for someone (My Providers). Written once, in the directory's repo.
 */
export function providerVisibleTo(viewer: repo.ProviderViewer) {
  return repo.visibleTo(viewer);
}

/** Whether the viewer may see this provider (false for an unknown id): other modules answer 404 when not. */
export async function canSeeProvider(db: DbOrTx, viewer: repo.ProviderViewer, id: number): Promise<boolean> {
  return (await repo.findProvider(db, viewer, id)) !== undefined;
}

/**
 * Whether a provider's web form and website may be opened by the server (issue #12): only for registry and
 * verified providers, never for one added by hand and awaiting verification. Null for an unknown id.
 */
export async function isProviderVerified(db: DbOrTx, id: number): Promise<boolean | null> {
  const row = await repo.findVerification(db, id);
  return row ? providerVerificationStatus(row) === 'verified' : null;
}

export type NearestInput = {
  /** Whose matching or search this is: only this organization's private providers join the public ones. */
  viewer: repo.ProviderViewer;
  latitude: number;
  longitude: number;
  radiusMiles: number;
  limit: number;
} & repo.ProviderFilters;

/** Nearest providers first, within the radius (used by the directory, auto-match and the provider picker). */
export async function nearestProviders(db: DbOrTx, input: NearestInput) {
  const { viewer, latitude, longitude, radiusMiles, limit, ...filters } = input;
  return repo.nearest(db, viewer, { latitude, longitude }, radiusMiles, limit, filters);
}

function filtersOf(q: RadiusSearchQuery | ZipSearchQuery | CountySearchQuery): repo.ProviderFilters {
  return {
    q: q.q || undefined,
    organizationType: q.organization_type,
    acceptsMedicaid: q.accepts_medicaid,
    acceptsMedicare: q.accepts_medicare,
    services: q.services,
    languages: q.languages,
    minQuality: q.min_quality_score,
  };
}

function resultOf(
  found: { row: ProviderRow; distanceMiles: number | null }[],
  center: { latitude: number; longitude: number } | null,
): DirectorySearchResult {
  const list = found.map((f) => toDirectoryProvider(f.row, f.distanceMiles));
  return { providers: list, count: list.length, center };
}

/** GET /directory/search/radius (001 §7). */
export async function searchRadius(
  deps: AppDeps,
  viewer: repo.ProviderViewer,
  q: RadiusSearchQuery,
): Promise<DirectorySearchResult> {
  const center = { latitude: q.latitude, longitude: q.longitude };
  const found = await repo.nearest(deps.database.db, viewer, center, q.radius_miles, q.limit, filtersOf(q));
  return resultOf(found, center);
}

/** GET /directory/search/by-zip: the ZIP's centroid is the search point. */
export async function searchByZip(
  deps: AppDeps,
  viewer: repo.ProviderViewer,
  q: ZipSearchQuery,
): Promise<DirectorySearchResult> {
  const place = lookupZip(q.zip_code);
  if (!place) throw geocodeFailed('zip_code');
  const center = { latitude: place.latitude, longitude: place.longitude };
  const found = await repo.nearest(deps.database.db, viewer, center, q.radius_miles, q.limit, filtersOf(q));
  return resultOf(found, center);
}

/** GET /directory/search/by-county: every provider of the county, by name (no point, no distance). */
export async function searchByCounty(
  deps: AppDeps,
  viewer: repo.ProviderViewer,
  q: CountySearchQuery,
): Promise<DirectorySearchResult> {
  const rows = await repo.listByName(deps.database.db, viewer, q.limit, {
    ...filtersOf(q),
    state: q.state,
    county: q.county,
  });
  return resultOf(
    rows.map((row) => ({ row, distanceMiles: null })),
    null,
  );
}

/**
 * GET /api/providers (001 §7, open): with a point, the nearest within `radius_miles`; without one, by name.
 * Either way one bounded page, filtered on the server.
 */
export async function listProviders(
  deps: AppDeps,
  viewer: repo.ProviderViewer,
  q: Omit<RadiusSearchQuery, 'latitude' | 'longitude'> & { latitude?: number; longitude?: number },
): Promise<DirectorySearchResult> {
  if (q.latitude !== undefined && q.longitude !== undefined) {
    return searchRadius(deps, viewer, { ...q, latitude: q.latitude, longitude: q.longitude });
  }
  const rows = await repo.listByName(
    deps.database.db,
    viewer,
    q.limit,
    filtersOf({ ...q, latitude: 0, longitude: 0 }),
  );
  return resultOf(
    rows.map((row) => ({ row, distanceMiles: null })),
    null,
  );
}

/** One provider the viewer may see; anyone else's private provider is as unknown as a missing one (404). */
export async function getProvider(
  deps: AppDeps,
  viewer: repo.ProviderViewer,
  id: number,
  from?: { latitude: number; longitude: number },
): Promise<DirectoryProvider> {
  const row = await repo.findProvider(deps.database.db, viewer, id);
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return toDirectoryProvider(row, distanceFrom(row, from));
}

/** Of the given ids, the providers the viewer may see, in the order given (the others left out). */
export async function getProviders(
  deps: AppDeps,
  viewer: repo.ProviderViewer,
  ids: readonly number[],
): Promise<DirectoryProvider[]> {
  const rows = new Map((await repo.findProviders(deps.database.db, viewer, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toDirectoryProvider(row)] : [];
  });
}

function distanceFrom(row: ProviderRow, from?: { latitude: number; longitude: number }): number | null {
  if (!from || row.latitude === null || row.longitude === null) return null;
  return haversineMiles(from.latitude, from.longitude, row.latitude, row.longitude);
}

const SERVICES_TTL_MS = 10 * 60_000;
const servicesCache = new WeakMap<AppDeps, { at: number; services: string[] }>();

/** GET /directory/services: the services providers offer. Cached: the list changes with imports, not by the minute. */
export async function listServices(deps: AppDeps): Promise<string[]> {
  const hit = servicesCache.get(deps);
  if (hit && Date.now() - hit.at < SERVICES_TTL_MS) return hit.services;
  const services = await repo.distinctServices(deps.database.db);
  servicesCache.set(deps, { at: Date.now(), services });
  return services;
}

/** POST /directory/feedback {organization_id, feedback_type, comments, user_email} (001 §7). */
export async function submitDirectoryFeedback(
  deps: AppDeps,
  viewer: repo.ProviderViewer,
  input: {
    organization_id: number;
    feedback_type: string;
    comments?: string | null;
    user_email?: string | null;
  },
) {
  const row = await repo.findProvider(deps.database.db, viewer, input.organization_id);
  if (!row) throw new AppError('not_found', NOT_FOUND, { fields: { organization_id: NOT_FOUND } });
  await repo.insertDirectoryFeedback(deps.database.db, {
    providerId: row.id,
    feedbackType: input.feedback_type,
    comments: input.comments ?? null,
    userEmail: input.user_email ?? null,
  });
  return { success: true as const, message: 'Thank you. Your feedback was recorded.' };
}

/**
 * PUT /api/providers/{id}/capacity: only the provider's own users (its linked organization, acting as it) set
 * whether it takes referrals; auto-match leaves out providers that are full.
 */
export async function setCapacity(
  deps: AppDeps,
  request: FastifyRequest,
  auth: AuthContext & { org: { id: number } },
  id: number,
  input: {
    capacity_status: 'accepting' | 'waitlist' | 'full';
    capacity_wait_days?: number | null | undefined;
  },
): Promise<DirectoryProvider> {
  const db = deps.database.db;
  const current = await repo.findProvider(db, viewerOf(auth), id);
  if (!current) throw new AppError('not_found', NOT_FOUND);
  if (current.organizationId !== auth.org.id && !isSuperAdmin(auth.memberships)) {
    throw new AppError('forbidden', `Only the users of ${current.name} can set its capacity.`);
  }
  const waitDays = input.capacity_status === 'waitlist' ? (input.capacity_wait_days ?? null) : null;
  if (input.capacity_status === 'waitlist' && waitDays === null) {
    const message = 'Enter the expected wait in days.';
    throw new AppError('validation_failed', message, { fields: { capacity_wait_days: message } });
  }
  return db.transaction(async (tx) => {
    const row = await repo.updateCapacity(tx, id, {
      capacityStatus: input.capacity_status,
      capacityWaitDays: waitDays,
    });
    await audit(tx, request, {
      action: 'provider.capacity_set',
      entityType: 'provider',
      entityId: id,
      details: { capacity_status: input.capacity_status, capacity_wait_days: waitDays },
    });
    return toDirectoryProvider(row!);
  });
}
