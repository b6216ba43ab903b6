import {
  AUTO_MATCH_RADIUS_MILES,
  type DirectoryProvider,
  haversineMiles,
  type ProviderSearchQuery,
  roundMiles,
} from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import { listProviders } from '../../providers/directory/service.ts';

/**
 * GET /api/providers/search (001 §2.7 Select Provider dialog): by name, city or ZIP anywhere (the directory's
 * GET /api/providers limits a text search to a radius), with the distance from the member when the caller gives
 * the point.
 */
export async function searchProviders(
  ctx: OrgContext,
  q: ProviderSearchQuery,
): Promise<{ providers: DirectoryProvider[]; count: number }> {
  const found = await listProviders(ctx, {
    q: q.q || undefined,
    limit: q.limit,
    radius_miles: AUTO_MATCH_RADIUS_MILES,
    services: [],
    languages: [],
    accepts_medicaid: undefined,
    accepts_medicare: undefined,
  });
  const from = q.latitude !== undefined && q.longitude !== undefined ? q : null;
  const list = found.providers.map((p) => ({
    ...p,
    distance_miles:
      from && p.latitude !== null && p.longitude !== null
        ? roundMiles(haversineMiles(from.latitude!, from.longitude!, p.latitude, p.longitude))
        : null,
  }));
  return { providers: list, count: list.length };
}
