import { and, asc, count, eq, getTableColumns, gte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers } from '../../../db/schema/index.ts';
import { filterConditions } from './repo.ts';
import type { ProviderRow } from './wire.ts';

const { searchText: _searchText, ...providerColumns } = getTableColumns(providers);

/**
 * What a published-directory page may be filtered by (issue #21, the HSDS API): the public listings only
 * (viewer null: registry and verified providers; deactivated ones left out by filterConditions).
 */
export type PublishedFilters = {
  q?: string | undefined;
  /** Providers offering ANY of these services (the GIN index on services). */
  services?: readonly string[] | undefined;
  /** Only providers offering at least one service. */
  withServices?: boolean | undefined;
  providerId?: number | undefined;
  modifiedAfter?: Date | undefined;
  zipCode?: string | undefined;
  /** Within radiusMeters of a point, nearest first (the GiST index on ll_to_earth, ordered by `<->`). */
  near?: { latitude: number; longitude: number; radiusMeters: number } | undefined;
};

function conditions(f: PublishedFilters): SQL[] {
  const where = filterConditions(null, { q: f.q, services: f.services });
  if (f.withServices) where.push(sql`cardinality(${providers.services}) > 0`);
  if (f.providerId !== undefined) where.push(eq(providers.id, f.providerId));
  if (f.modifiedAfter) where.push(gte(providers.updatedAt, f.modifiedAfter));
  if (f.zipCode) where.push(eq(providers.zipCode, f.zipCode));
  if (f.near) {
    const { latitude, longitude, radiusMeters } = f.near;
    // The same two tests as tm_nearest_providers: the box lets the GiST index bound the scan, the distance trims
    // its corners.
    where.push(
      sql`${providers.latitude} IS NOT NULL AND ${providers.longitude} IS NOT NULL`,
      sql`earth_box(ll_to_earth(${latitude}::float8, ${longitude}::float8), ${radiusMeters}::float8) @> ll_to_earth(${providers.latitude}, ${providers.longitude})`,
      sql`earth_distance(ll_to_earth(${providers.latitude}, ${providers.longitude}), ll_to_earth(${latitude}::float8, ${longitude}::float8)) <= ${radiusMeters}::float8`,
    );
  }
  return where;
}

/**
 * One page of published providers and how many match in all. Ordered by id without a point (stable pages for
 * a harvester walking every page), nearest first with one.
 */
export async function pagePublished(
  db: DbOrTx,
  filters: PublishedFilters,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: { row: ProviderRow; distanceMeters: number | null }[] }> {
  const where = and(...conditions(filters));
  const near = filters.near;
  const distance = near
    ? sql<number>`earth_distance(ll_to_earth(${providers.latitude}, ${providers.longitude}), ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8))`
    : sql<null>`NULL::float8`;
  const order = near
    ? [
        sql`ll_to_earth(${providers.latitude}, ${providers.longitude}) <-> ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`,
        asc(providers.id),
      ]
    : [asc(providers.id)];
  const [found, [counted]] = await Promise.all([
    db
      .select({ ...providerColumns, distanceMeters: distance })
      .from(providers)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(providers).where(where),
  ]);
  return {
    total: Number(counted?.n ?? 0),
    rows: found.map(({ distanceMeters, ...row }) => ({
      row,
      distanceMeters: distanceMeters === null ? null : Number(distanceMeters),
    })),
  };
}

/** One published provider by id, or by its id in an outside source (data_source, external_id: unique). */
export async function findPublished(
  db: DbOrTx,
  key: { id: number } | { dataSource: string; externalId: string },
): Promise<ProviderRow | undefined> {
  const match =
    'id' in key
      ? eq(providers.id, key.id)
      : and(eq(providers.dataSource, key.dataSource), eq(providers.externalId, key.externalId));
  const [row] = await db
    .select(providerColumns)
    .from(providers)
    .where(and(match, ...filterConditions(null, {})));
  return row;
}
