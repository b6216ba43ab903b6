import {
  type CountySearchQuery,
  type DirectoryProvider,
  type DirectorySearchResult,
  dataQualityScore,
  type GeocodeResponse,
  haversineMiles,
  PROVIDER_MESSAGES,
  providerVerificationStatus,
  type RadiusSearchQuery,
  staleBefore,
  type ZipSearchQuery,
} from '@trust/domain';
import { createGeocoder } from '../../../adapters/geocoder/index.ts';
import type { PlaceRating } from '../../../adapters/ratings/driver.ts';
import { audit } from '../../../platform/audit.ts';
import { isSuperAdmin } from '../../../platform/auth.ts';
import type { OrgContext, ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { freshnessOf } from './freshness-service.ts';
import { lookupZip, parseLatLng, zipInAddress } from './geography.ts';
import * as repo from './repo.ts';
import { type ProviderViewer, viewerOf } from './visibility.ts';
import { type Freshness, type ProviderRow, toDirectoryProvider } from './wire.ts';

// The provider directory (001 §5, §7): search, one provider, capacity, and the writes other modules make to
// provider rows (a provider added by hand, cached ratings), which only this module's queries touch. Every call
// sees the providers its actor's organization may see (visibility.ts, issue #12).

const NOT_FOUND = 'Provider not found';

function geocodeFailed(field = 'address'): AppError {
  return new AppError('provider.address_not_located', PROVIDER_MESSAGES.geocodeAddressFailed, {
    fields: { [field]: PROVIDER_MESSAGES.geocodeAddressFailed },
  });
}

/**
 * 001 §5: a location is a 5-digit ZIP, a "lat,lng" pair, or otherwise an address: geocoded by the configured
 * service when there is one, else located by the ZIP code it contains. Nothing found is a 400 with the spec's
 * message, never a guess.
 */
export async function geocode(ctx: ServiceContext, input: { address: string }): Promise<GeocodeResponse> {
  const text = input.address.trim();
  if (/^\d{5}(-\d{4})?$/.test(text)) {
    const place = lookupZip(text);
    if (!place) throw geocodeFailed();
    return { ...place, source: 'zip' };
  }
  const pair = parseLatLng(text);
  if (pair) return { ...pair, zip_code: null, city: null, state: null, county: null, source: 'coordinates' };
  const geocoder = createGeocoder(ctx.deps.config);
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

/** Whether the actor's organization may see this provider (false for an unknown id): others answer 404 when not. */
export async function canSeeProvider(ctx: ServiceContext, input: { providerId: number }): Promise<boolean> {
  return (await repo.findProvider(ctx.db, viewerOf(ctx), input.providerId)) !== undefined;
}

/**
 * Whether a provider's web form and website may be opened by the server (issue #12): only for registry and
 * verified providers, never for one added by hand and awaiting verification. Null for an unknown id.
 */
export async function isProviderVerified(
  ctx: ServiceContext,
  input: { providerId: number },
): Promise<boolean | null> {
  const row = await repo.findVerification(ctx.db, input.providerId);
  return row ? providerVerificationStatus(row) === 'verified' : null;
}

export type NearestInput = {
  /** Whose matching or search this is: only this organization's private providers join the public ones. */
  viewer: ProviderViewer;
  latitude: number;
  longitude: number;
  radiusMiles: number;
  limit: number;
} & repo.ProviderFilters;

/** The moment before which a confirmation is too old for this deployment's stale time. */
function staleBeforeOf(freshness: Freshness): Date {
  return staleBefore(freshness.now, freshness.staleAfterDays);
}

/**
 * Nearest providers first, within the radius (used by the directory, auto-match, the cascade, the ranking and
 * the provider picker); an out-of-date listing counts OUT_OF_DATE_PENALTY_MILES farther in that order (issue #18
 * item 7). Each comes with whether it may be out of date and when it was last verified.
 */
export async function nearestProviders(ctx: ServiceContext, input: NearestInput) {
  const { viewer, latitude, longitude, radiusMiles, limit, ...filters } = input;
  const before = staleBeforeOf(freshnessOf(ctx));
  const found = await repo.nearest(
    ctx.db,
    viewer,
    { latitude, longitude },
    radiusMiles,
    limit,
    filters,
    before,
  );
  return found.map((f) => ({ ...f, outOfDate: f.row.lastVerifiedAt.getTime() < before.getTime() }));
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
  freshness: Freshness,
  found: { row: ProviderRow; distanceMiles: number | null }[],
  center: { latitude: number; longitude: number } | null,
): DirectorySearchResult {
  const list = found.map((f) => toDirectoryProvider(f.row, freshness, f.distanceMiles));
  return { providers: list, count: list.length, center };
}

/** GET /directory/search/radius (001 §7). */
export async function searchRadius(
  ctx: ServiceContext,
  q: RadiusSearchQuery,
): Promise<DirectorySearchResult> {
  return searchNear(ctx, { latitude: q.latitude, longitude: q.longitude }, q);
}

/** GET /directory/search/by-zip: the ZIP's centroid is the search point. */
export async function searchByZip(ctx: ServiceContext, q: ZipSearchQuery): Promise<DirectorySearchResult> {
  const place = lookupZip(q.zip_code);
  if (!place) throw geocodeFailed('zip_code');
  return searchNear(ctx, { latitude: place.latitude, longitude: place.longitude }, q);
}

/** The providers within the radius of a point, out-of-date listings demoted (the radius and ZIP searches). */
async function searchNear(
  ctx: ServiceContext,
  center: { latitude: number; longitude: number },
  q: ZipSearchQuery | RadiusSearchQuery,
): Promise<DirectorySearchResult> {
  const freshness = freshnessOf(ctx);
  const found = await repo.nearest(
    ctx.db,
    viewerOf(ctx),
    center,
    q.radius_miles,
    q.limit,
    filtersOf(q),
    staleBeforeOf(freshness),
  );
  return resultOf(freshness, found, center);
}

/** GET /directory/search/by-county: every provider of the county, by name (no point, no distance). */
export async function searchByCounty(
  ctx: ServiceContext,
  q: CountySearchQuery,
): Promise<DirectorySearchResult> {
  const freshness = freshnessOf(ctx);
  const rows = await repo.listByName(
    ctx.db,
    viewerOf(ctx),
    q.limit,
    { ...filtersOf(q), state: q.state, county: q.county },
    staleBeforeOf(freshness),
  );
  return resultOf(
    freshness,
    rows.map((row) => ({ row, distanceMiles: null })),
    null,
  );
}

/**
 * GET /api/providers (001 §7, open): with a point, the nearest within `radius_miles`; without one, by name.
 * Either way one bounded page, filtered on the server.
 */
export async function listProviders(
  ctx: ServiceContext,
  q: Omit<RadiusSearchQuery, 'latitude' | 'longitude'> & { latitude?: number; longitude?: number },
): Promise<DirectorySearchResult> {
  if (q.latitude !== undefined && q.longitude !== undefined) {
    return searchRadius(ctx, { ...q, latitude: q.latitude, longitude: q.longitude });
  }
  const freshness = freshnessOf(ctx);
  const rows = await repo.listByName(
    ctx.db,
    viewerOf(ctx),
    q.limit,
    filtersOf({ ...q, latitude: 0, longitude: 0 }),
    staleBeforeOf(freshness),
  );
  return resultOf(
    freshness,
    rows.map((row) => ({ row, distanceMiles: null })),
    null,
  );
}

/**
 * One provider the actor's organization may see, with the distance from `from` when given; null when it may
 * not (anyone else's private provider is as unknown as a missing one).
 */
export async function findProvider(
  ctx: ServiceContext,
  input: { id: number; from?: { latitude: number; longitude: number } | undefined },
): Promise<DirectoryProvider | null> {
  const row = await repo.findProvider(ctx.db, viewerOf(ctx), input.id);
  return row ? toDirectoryProvider(row, freshnessOf(ctx), distanceFrom(row, input.from)) : null;
}

/** The same, 404 when it may not be seen (GET /directory/providers/{id}, GET /api/providers/{id}). */
export async function getProvider(
  ctx: ServiceContext,
  input: { id: number; from?: { latitude: number; longitude: number } | undefined },
): Promise<DirectoryProvider> {
  const provider = await findProvider(ctx, input);
  if (!provider) throw new AppError('provider.not_found', NOT_FOUND);
  return provider;
}

/** Of the given ids, the providers the actor's organization may see, in the order given (the others left out). */
export async function getProviders(
  ctx: ServiceContext,
  input: { ids: readonly number[] },
): Promise<DirectoryProvider[]> {
  const rows = new Map((await repo.findProviders(ctx.db, viewerOf(ctx), input.ids)).map((r) => [r.id, r]));
  const freshness = freshnessOf(ctx);
  return input.ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toDirectoryProvider(row, freshness)] : [];
  });
}

function distanceFrom(row: ProviderRow, from?: { latitude: number; longitude: number }): number | null {
  if (!from || row.latitude === null || row.longitude === null) return null;
  return haversineMiles(from.latitude, from.longitude, row.latitude, row.longitude);
}

const SERVICES_TTL_MS = 10 * 60_000;
const servicesCache = new WeakMap<object, { at: number; services: string[] }>();

/** GET /directory/services: the services providers offer. Cached: the list changes with imports, not by the minute. */
export async function listServices(ctx: ServiceContext): Promise<string[]> {
  const hit = servicesCache.get(ctx.deps);
  if (hit && Date.now() - hit.at < SERVICES_TTL_MS) return hit.services;
  const services = await repo.distinctServices(ctx.db);
  servicesCache.set(ctx.deps, { at: Date.now(), services });
  return services;
}

/** POST /directory/feedback {organization_id, feedback_type, comments, user_email} (001 §7). */
export async function submitDirectoryFeedback(
  ctx: ServiceContext,
  input: {
    organization_id: number;
    feedback_type: string;
    comments?: string | null;
    user_email?: string | null;
  },
) {
  const row = await repo.findProvider(ctx.db, viewerOf(ctx), input.organization_id);
  if (!row) {
    throw new AppError('provider.not_found', NOT_FOUND, { fields: { organization_id: NOT_FOUND } });
  }
  await repo.insertDirectoryFeedback(ctx.db, {
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
  ctx: OrgContext,
  input: {
    id: number;
    capacity_status: 'accepting' | 'waitlist' | 'full';
    capacity_wait_days?: number | null | undefined;
  },
): Promise<DirectoryProvider> {
  const { id } = input;
  const current = await repo.findProvider(ctx.db, viewerOf(ctx), id);
  if (!current) throw new AppError('provider.not_found', NOT_FOUND);
  if (current.organizationId !== ctx.actor.org.id && !isSuperAdmin(ctx.actor.memberships)) {
    throw new AppError(
      'provider.capacity_not_own',
      `Only the users of ${current.name} can set its capacity.`,
    );
  }
  const waitDays = input.capacity_status === 'waitlist' ? (input.capacity_wait_days ?? null) : null;
  if (input.capacity_status === 'waitlist' && waitDays === null) {
    const message = 'Enter the expected wait in days.';
    throw new AppError('provider.capacity_wait_required', message, {
      fields: { capacity_wait_days: message },
    });
  }
  return ctx.db.transaction(async (tx) => {
    const row = await repo.updateCapacity(tx, id, {
      capacityStatus: input.capacity_status,
      capacityWaitDays: waitDays,
    });
    await audit(tx, ctx, {
      action: 'provider.capacity_set',
      entityType: 'provider',
      entityId: id,
      details: { capacity_status: input.capacity_status, capacity_wait_days: waitDays },
    });
    return toDirectoryProvider(row!, freshnessOf(ctx));
  });
}

/**
 * A decline "at full capacity" (issue #14 item 2): the provider is marked full, so auto-match and the cascade pass
 * it by until its own users say otherwise. In the caller's transaction; audited with the referral that said so.
 */
export async function markProviderFull(
  ctx: ServiceContext,
  input: { providerId: number; referralId: number },
): Promise<void> {
  const row = await repo.updateCapacity(ctx.db, input.providerId, {
    capacityStatus: 'full',
    capacityWaitDays: null,
  });
  if (!row) return;
  await audit(ctx.db, ctx, {
    action: 'provider.capacity_set',
    entityType: 'provider',
    entityId: input.providerId,
    details: {
      capacity_status: 'full',
      capacity_wait_days: null,
      referral_id: input.referralId,
      by: 'decline',
    },
  });
}

/**
 * Add New Provider (001 §2.4, through My Providers): the provider typed in, created by the signed-in user for
 * the organization it acts for and private to it until a platform operator verifies it (issue #12). Its ZIP's
 * centroid locates it offline, so radius searches and matching find it (001 §3). Audited as
 * `provider.created`, in the caller's transaction when there is one.
 */
export async function addProviderByHand(
  ctx: OrgContext,
  input: {
    name: string;
    organizationType: string;
    address: string;
    city: string;
    state: string;
    zipCode: string;
    phone: string;
    email: string | null;
    website: string | null;
    services: string[];
    languages: string[];
  },
): Promise<DirectoryProvider> {
  const place = lookupZip(input.zipCode);
  const freshness = freshnessOf(ctx);
  const located = {
    county: place?.county ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
  };
  // Issue #18 item 7: scored by the directory's one rule, as typed in (the organization that typed it in is the
  // source that verified it, now).
  const score = dataQualityScore({
    ...input,
    ...located,
    hoursOfOperation: {},
    lastVerifiedAt: freshness.now,
    registryStatus: 'active',
    ...freshness,
  });
  const row = await repo.insertUserProvider(ctx.db, {
    ...input,
    ...located,
    dataQualityScore: score,
    lastVerifiedAt: freshness.now,
    createdBy: ctx.actor.user.id,
    ownerOrganizationId: ctx.actor.org.id,
  });
  await audit(ctx.db, ctx, {
    action: 'provider.created',
    entityType: 'provider',
    entityId: row.id,
    details: { owner_organization_id: ctx.actor.org.id, verification_status: 'private' },
  });
  return toDirectoryProvider(row, freshness);
}

/**
 * 001 §9: ratings fetched by the ratings adapter, cached on the provider rows for 24 hours (a place not found
 * is cached too, with no rating), in one transaction with its audit row `provider.ratings_updated`.
 */
export async function cacheProviderRatings(
  ctx: ServiceContext,
  input: { ratings: readonly { providerId: number; rating: PlaceRating | null }[]; at: Date; driver: string },
): Promise<void> {
  if (input.ratings.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    for (const r of input.ratings) await repo.saveRating(tx, r.providerId, r.rating, input.at);
    await audit(tx, ctx, {
      action: 'provider.ratings_updated',
      entityType: 'provider',
      details: { provider_ids: input.ratings.map((r) => r.providerId), driver: input.driver },
    });
  });
}
