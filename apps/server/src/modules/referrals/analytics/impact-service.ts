import type { PlatformImpact } from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import * as repo from './impact-repo.ts';

/**
 * Platform Impact is the same for every visitor of the open landing page, so each process keeps it five
 * minutes: a burst of visitors costs one query, and the figures are never more than five minutes old.
 */
export const IMPACT_CACHE_MS = 5 * 60_000;

const cached = new WeakMap<object, { at: number; value: Promise<PlatformImpact> }>();

async function compute(ctx: ServiceContext): Promise<PlatformImpact> {
  const row = await repo.impactCounts(ctx.db);
  return {
    assists: row.assists,
    navigators: row.navigators,
    service_areas: row.service_areas,
    targeted_members: row.targeted_members,
    success_rate: row.follow_up_answered > 0 ? row.follow_up_yes / row.follow_up_answered : null,
    computed_at: new Date().toISOString(),
  };
}

/**
 * GET /api/impact (003 §2.3 Platform Impact), open: network-wide counts only, nothing about any member. Cached
 * per application (keyed by its deps), so two apps in one process (the tests) never share figures.
 */
export function platformImpact(ctx: ServiceContext, now = Date.now()): Promise<PlatformImpact> {
  const hit = cached.get(ctx.deps);
  if (hit && now - hit.at < IMPACT_CACHE_MS) return hit.value;
  const value = compute(ctx);
  cached.set(ctx.deps, { at: now, value });
  // A failure is not kept: the next visitor asks again.
  value.catch(() => cached.delete(ctx.deps));
  return value;
}
