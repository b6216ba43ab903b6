import { MILES_TO_METERS, OUT_OF_DATE_PENALTY_MILES } from '@trust/domain';
import { and, asc, eq, getTableColumns, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PlaceRating } from '../../../adapters/ratings/driver.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared.ts';
import { directoryFeedback, providers } from '../../../db/schema/index.ts';
import { type ProviderViewer, providerVisibleTo as visibleTo } from './visibility.ts';
import type { ProviderRow } from './wire.ts';

const { searchText: _searchText, ...providerColumns } = getTableColumns(providers);

/** The filters of every directory search (001 §7). Lists match when the provider has ANY of the values. */
export type ProviderFilters = {
  q?: string | undefined;
  organizationType?: string | undefined;
  acceptsMedicaid?: boolean | undefined;
  acceptsMedicare?: boolean | undefined;
  services?: readonly string[] | undefined;
  languages?: readonly string[] | undefined;
  minQuality?: number | undefined;
  /** Leave out providers whose own users report them full (auto-match). */
  excludeFull?: boolean | undefined;
  state?: string | undefined;
  county?: string | undefined;
};

/** LIKE pattern for a search term: the term's own % and _ match themselves. */
function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The conditions of a directory search for a viewer (visible, active, filtered): shared by every list query here. */
export function filterConditions(viewer: ProviderViewer, f: ProviderFilters): SQL[] {
  // A provider the registry deactivated is out of every search (its detail page still opens, marked inactive).
  const where: SQL[] = [visibleTo(viewer), eq(providers.registryStatus, 'active')];
  if (f.q) where.push(sql`${providers.searchText} LIKE ${containsPattern(f.q)}`);
  if (f.organizationType) where.push(eq(providers.organizationType, f.organizationType));
  if (f.acceptsMedicaid !== undefined) where.push(eq(providers.acceptsMedicaid, f.acceptsMedicaid));
  if (f.acceptsMedicare !== undefined) where.push(eq(providers.acceptsMedicare, f.acceptsMedicare));
  if (f.services?.length) where.push(sql`${providers.services} && ${sql.param([...f.services])}::text[]`);
  if (f.languages?.length) where.push(sql`${providers.languages} && ${sql.param([...f.languages])}::text[]`);
  if (f.minQuality !== undefined) where.push(gte(providers.dataQualityScore, f.minQuality));
  if (f.excludeFull) where.push(ne(providers.capacityStatus, 'full'));
  if (f.state) where.push(eq(providers.state, f.state.toUpperCase()));
  if (f.county) where.push(sql`lower(${providers.county}) = ${f.county.toLowerCase()}`);
  return where;
}

/** A listing last verified before `staleBefore` "may be out of date" (issue #18 item 7): true, false. */
function outOfDate(staleBefore: Date): SQL {
  return sql`(${providers.lastVerifiedAt} < ${staleBefore.toISOString()}::timestamptz)`;
}

/**
 * How many nearest providers the out-of-date demotion reorders to keep `limit`: twice as many (at least 20 more),
 * so a confirmed provider up to that far down the distance order can pass an out-of-date one. Bounded, so the
 * search stays a few index pages; exact unless most of the nearest listings are out of date.
 */
function demotionPool(limit: number): number {
  return Math.max(limit * 2, limit + 20);
}

/**
 * The providers nearest to a point within a radius, nearest first (DESIGN.md), through the database function
 * tm_nearest_providers (migration 0003): the GiST index `providers_earth_idx` bounded by the radius's box and
 * ordered by `<->`, so a dense city costs a few index pages, never a scan and sort of everything in the radius.
 * The function returns ids in order; the rows are joined back by primary key. Issue #18 item 7: a listing
 * last verified before `staleBefore` counts OUT_OF_DATE_PENALTY_MILES farther in that order (its distance stays
 * true), among the nearest demotionPool(limit).
 */
export async function nearest(
  db: DbOrTx,
  viewer: ProviderViewer,
  point: { latitude: number; longitude: number },
  radiusMiles: number,
  limit: number,
  f: ProviderFilters,
  staleBefore: Date,
): Promise<{ row: ProviderRow; distanceMiles: number }[]> {
  const list = (values: readonly string[] | undefined) => (values?.length ? [...values] : null);
  // Prepared once (issue #22): one shape for every search, its values bound; building it in Drizzle and planning
  // it cost more than running it.
  const rows = await preparedOnce(db, 'directory_nearest', (name) => {
    const p = (key: string) => sql.placeholder(key);
    const found = sql`tm_nearest_providers(
      ${p('lat')}::float8, ${p('lng')}::float8, ${p('meters')}::float8, ${p('pool')}::int,
      ${p('services')}::text[], ${p('languages')}::text[], ${p('type')}::text,
      ${p('medicaid')}::boolean, ${p('medicare')}::boolean, ${p('quality')}::int,
      ${p('excludeFull')}::boolean, ${p('q')}::text, ${p('viewer')}::int
    ) WITH ORDINALITY AS nearest(provider_id, distance_m, ord)`;
    return db
      .select({ ...providerColumns, distanceMeters: sql<number>`nearest.distance_m` })
      .from(providers)
      .innerJoin(found, sql`nearest.provider_id = ${providers.id}`)
      .orderBy(
        sql`nearest.distance_m + CASE WHEN ${providers.lastVerifiedAt} < ${p('stale')}::timestamptz THEN ${OUT_OF_DATE_PENALTY_MILES * MILES_TO_METERS}::float8 ELSE 0 END`,
        sql`nearest.ord`,
      )
      .limit(p('limit'))
      .prepare(name);
  }).execute({
    lat: point.latitude,
    lng: point.longitude,
    meters: radiusMiles * MILES_TO_METERS,
    pool: demotionPool(limit),
    services: list(f.services),
    languages: list(f.languages),
    type: f.organizationType ?? null,
    medicaid: f.acceptsMedicaid ?? null,
    medicare: f.acceptsMedicare ?? null,
    quality: f.minQuality ?? null,
    excludeFull: f.excludeFull ?? false,
    q: f.q ? containsPattern(f.q) : null,
    viewer,
    stale: staleBefore.toISOString(),
    limit,
  });
  return rows.map(({ distanceMeters, ...row }) => ({
    row,
    distanceMiles: Number(distanceMeters) / MILES_TO_METERS,
  }));
}

/**
 * Providers without a search point (by county, or a plain text search), by name; the listings last verified
 * before `staleBefore` after the others (issue #18 item 7).
 */
export async function listByName(
  db: DbOrTx,
  viewer: ProviderViewer,
  limit: number,
  filters: ProviderFilters,
  staleBefore: Date,
): Promise<ProviderRow[]> {
  return db
    .select(providerColumns)
    .from(providers)
    .where(and(...filterConditions(viewer, filters)))
    .orderBy(outOfDate(staleBefore), asc(providers.name), asc(providers.id))
    .limit(limit);
}

/** One provider, if the viewer may see it. */
export async function findProvider(
  db: DbOrTx,
  viewer: ProviderViewer,
  id: number,
): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select(providerColumns)
    .from(providers)
    .where(and(eq(providers.id, id), visibleTo(viewer)));
  return row;
}

/** Whether a provider was added by hand and when it was verified, whoever asks (the web-form rule). */
export async function findVerification(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ source: providers.source, verifiedAt: providers.verifiedAt })
    .from(providers)
    .where(eq(providers.id, id));
  return row;
}

/** Of the given ids, the providers the viewer may see. */
export async function findProviders(
  db: DbOrTx,
  viewer: ProviderViewer,
  ids: readonly number[],
): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(providerColumns)
    .from(providers)
    .where(and(inArray(providers.id, [...ids]), visibleTo(viewer)));
}

/** Every service some public provider offers, alphabetically (one list for everyone, cached). */
export async function distinctServices(db: DbOrTx): Promise<string[]> {
  const query = sql`SELECT DISTINCT unnest(${providers.services}) AS service FROM ${providers}
    WHERE ${visibleTo(null)} ORDER BY 1`;
  const { rows } = (await db.execute(query)) as unknown as { rows: { service: string }[] };
  return rows.map((r) => r.service);
}

export async function updateCapacity(
  db: DbOrTx,
  id: number,
  values: { capacityStatus: string; capacityWaitDays: number | null },
): Promise<ProviderRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(providers)
    .set({ ...values, capacityConfirmedAt: now, updatedAt: now })
    .where(eq(providers.id, id))
    .returning(providerColumns);
  return row;
}

export async function insertDirectoryFeedback(db: DbOrTx, values: typeof directoryFeedback.$inferInsert) {
  const [row] = await db.insert(directoryFeedback).values(values).returning({ id: directoryFeedback.id });
  return row!;
}

/**
 * A provider typed in through Add New Provider (001 §2.4): source 'user', by its creator, owned by the
 * organization it was added for and not verified (issue #12: private to that organization until a platform
 * operator verifies it).
 */
export async function insertUserProvider(
  db: DbOrTx,
  values: Omit<
    typeof providers.$inferInsert,
    'id' | 'source' | 'verifiedAt' | 'verifiedBy' | 'ownerOrganizationId'
  > & { ownerOrganizationId: number },
): Promise<ProviderRow> {
  const [row] = await db
    .insert(providers)
    .values({ ...values, source: 'user', dataSource: 'organization', verifiedAt: null, verifiedBy: null })
    .returning(providerColumns);
  if (!row) throw new Error('provider insert returned no row');
  return row;
}

/** 001 §9: the rating cache lives on the provider row for 24 hours; a place not found is cached too. */
export async function saveRating(
  db: DbOrTx,
  id: number,
  rating: PlaceRating | null,
  at: Date,
): Promise<void> {
  await db
    .update(providers)
    .set(
      rating
        ? {
            googleRating: rating.rating,
            googleReviewCount: rating.reviewCount,
            googlePlaceId: rating.placeId,
            googleReviews: rating.reviews,
            ratingsUpdatedAt: at,
          }
        : { ratingsUpdatedAt: at },
    )
    .where(eq(providers.id, id));
}
