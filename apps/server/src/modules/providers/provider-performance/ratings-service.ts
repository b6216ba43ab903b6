import {
  RATINGS_BATCH_DELAY_MS,
  RATINGS_BATCH_SIZE,
  RATINGS_CACHE_HOURS,
  RATINGS_MESSAGES,
  type RatingsUpdateRequest,
  type RatingsUpdateResponse,
} from '@trust/domain';
import { lookupInBatches } from '../../../adapters/ratings/batches.ts';
import type { PlaceQuery } from '../../../adapters/ratings/driver.ts';
import { createRatingsDriver } from '../../../adapters/ratings/index.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { cacheProviderRatings } from '../directory/service.ts';
import * as repo from './repo.ts';

const CACHE_MS = RATINGS_CACHE_HOURS * 3_600_000;

/** A provider can be looked up by name only with some address to tell same-named places apart. */
function hasLocation(p: repo.ProviderRow): boolean {
  return Boolean(p.name.trim() && (p.address?.trim() || p.city?.trim() || p.zipCode?.trim()));
}

function toQuery(p: repo.ProviderRow): PlaceQuery {
  return {
    name: p.name,
    address: p.address,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    placeId: p.googlePlaceId,
  };
}

/**
 * POST /api/provider-performance/ratings ('Update Google Ratings', 001 §2.19, §8, §9): for the providers
 * shown, fetch Google ratings through the ratings adapter, 5 at a time 200 ms apart, and cache them on the
 * provider for 24 hours (a provider fetched less than 24 hours ago is not looked up again).
 */
export async function updateGoogleRatings(
  ctx: OrgContext,
  input: RatingsUpdateRequest,
): Promise<RatingsUpdateResponse> {
  const driver = createRatingsDriver(ctx.deps.config);
  if (!driver) throw new AppError('ratings.not_configured', RATINGS_MESSAGES.notConfigured);
  const db = ctx.db;
  const ids = [...new Set(input.provider_ids)];
  const inScope = new Set(await repo.providerIdsInScope(db, ctx.actor.org.id, ids));
  // An organization may only touch providers its own referrals were matched to (its dashboard's scope).
  if (ids.some((id) => !inScope.has(id))) {
    throw new AppError('ratings.out_of_scope', RATINGS_MESSAGES.outOfScope);
  }

  const now = new Date();
  const rows = await repo.providersByIds(db, ids);
  const fresh = rows.filter(
    (p) => p.ratingsUpdatedAt && now.getTime() - p.ratingsUpdatedAt.getTime() < CACHE_MS,
  );
  const stale = rows.filter((p) => !fresh.includes(p));
  const lookable = stale.filter(hasLocation);
  const incomplete = stale.length - lookable.length;
  const cachedRated = fresh.filter((p) => p.googleRating !== null).length;
  if (stale.length > 0 && lookable.length === 0 && cachedRated === 0) {
    throw new AppError('ratings.location_incomplete', RATINGS_MESSAGES.locationIncomplete);
  }

  const outcomes = await lookupInBatches(
    driver,
    lookable.map((p) => ({ key: p.id, query: toQuery(p) })),
    { batchSize: RATINGS_BATCH_SIZE, delayMs: RATINGS_BATCH_DELAY_MS },
  );
  const failed = outcomes.filter((o) => o.status === 'failed');
  const answered = outcomes.filter((o) => o.status !== 'failed');
  await cacheProviderRatings(ctx, {
    ratings: answered.map((o) => ({ providerId: o.key, rating: o.status === 'found' ? o.rating : null })),
    at: now,
    driver: driver.name,
  });
  if (failed.length > 0) {
    ctx.log.warn(
      { failed: failed.map((o) => ({ provider_id: o.key, error: o.status === 'failed' ? o.error : '' })) },
      'ratings lookups failed',
    );
  }

  const fetchedRated = outcomes.filter((o) => o.status === 'found' && o.rating.rating !== null).length;
  const rated = fetchedRated + cachedRated;
  if (rated === 0 && failed.length > 0) throw new AppError('ratings.lookup_failed', RATINGS_MESSAGES.failed);
  return {
    success: rated > 0,
    message: rated > 0 ? RATINGS_MESSAGES.updated(rated) : RATINGS_MESSAGES.noneFound,
    fetched: answered.length,
    cached: fresh.length,
    rated,
    incomplete,
    failed: failed.length,
  };
}
