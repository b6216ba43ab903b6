import type { DirectoryProvider } from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import { freshnessOf } from './freshness-service.ts';
import { lookupZip } from './geography.ts';
import { findPublished, type PublishedFilters, pagePublished } from './published-repo.ts';
import { toDirectoryProvider } from './wire.ts';

// The published directory (issue #21): what the public directory shows — registry and verified providers,
// never one added by hand and awaiting verification, never a deactivated listing — whoever asks, in pages, for
// the standards the platform publishes it in (the HSDS API). Signed-in callers see no more here than anyone.

export type { PublishedFilters };

/** A published listing: the directory's wire shape, plus what an outside format needs to key and date it. */
export type PublishedListing = {
  provider: DirectoryProvider;
  /** The listing's id in the source it was imported from (an HSDS service_at_location id), if any. */
  externalId: string | null;
  /** When the row last changed (HSDS last_modified, modified_after). */
  updatedAt: string;
  distanceMeters: number | null;
};

/** One page of published listings (offset, limit) with the number matching in all: paged and filtered in SQL. */
export async function pagePublishedProviders(
  ctx: ServiceContext,
  input: { filters: PublishedFilters; offset: number; limit: number },
): Promise<{ total: number; listings: PublishedListing[] }> {
  const freshness = freshnessOf(ctx);
  const { total, rows } = await pagePublished(ctx.db, input.filters, input.offset, input.limit);
  return {
    total,
    listings: rows.map(({ row, distanceMeters }) => ({
      provider: toDirectoryProvider(row, freshness),
      externalId: row.externalId,
      updatedAt: row.updatedAt.toISOString(),
      distanceMeters,
    })),
  };
}

/** One published listing by its id, or by its id in an outside source; null when not published. */
export async function findPublishedProvider(
  ctx: ServiceContext,
  input: { id: number } | { dataSource: string; externalId: string },
): Promise<PublishedListing | null> {
  const row = await findPublished(ctx.db, input);
  if (!row) return null;
  return {
    provider: toDirectoryProvider(row, freshnessOf(ctx)),
    externalId: row.externalId,
    updatedAt: row.updatedAt.toISOString(),
    distanceMeters: null,
  };
}

/** The centroid of a 5-digit ZIP code (the directory's offline table), or null when it knows none. */
export function zipCentroid(zip: string): { latitude: number; longitude: number } | null {
  const place = lookupZip(zip);
  return place ? { latitude: place.latitude, longitude: place.longitude } : null;
}
