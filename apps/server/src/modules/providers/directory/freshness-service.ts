import { type DirectoryProvider, FRESHNESS_MESSAGES, isOrgManager } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext, ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as freshnessRepo from './freshness-repo.ts';
import * as repo from './repo.ts';
import { viewerOf } from './visibility.ts';
import { type Freshness, toDirectoryProvider } from './wire.ts';

// Directory freshness (issue #18 item 7): the stale time of this deployment, the daily recompute of every
// listing's data quality score, and "Confirm listing" by a provider's own organization. The score itself is
// packages/domain provider-freshness.ts, mirrored in SQL by freshness-repo.ts.

/** Now, and the configured stale time (DIRECTORY_STALE_AFTER_DAYS): what "may be out of date" is measured by. */
export function freshnessOf(ctx: ServiceContext, now = new Date()): Freshness {
  return { now, staleAfterDays: ctx.deps.config.directoryStaleAfterDays };
}

/**
 * Listings per UPDATE of the daily recompute. The demo's 3,000 are one statement; a national directory is cut
 * into slices of ids, each one UPDATE committed on its own, so no listing stays locked for the whole run (a
 * capacity change or an import waits for one slice at most) and PGlite's one connection serves requests between
 * slices.
 */
export const RECOMPUTE_SLICE = 50_000;

/**
 * Recomputes every listing's data quality score (the daily job), set-wise in SQL: one UPDATE per slice of ids,
 * writing only the scores that moved (recency falls day by day). Returns how many changed.
 */
export async function recomputeDataQuality(ctx: ServiceContext): Promise<number> {
  const { now, staleAfterDays } = freshnessOf(ctx);
  const bounds = await freshnessRepo.idBounds(ctx.db);
  if (!bounds) return 0;
  let changed = 0;
  for (let from = bounds.min; from <= bounds.max; from += RECOMPUTE_SLICE) {
    const scope = { from, to: from + RECOMPUTE_SLICE };
    changed += await freshnessRepo.recomputeScores(ctx.db, { scope, now, staleAfterDays });
  }
  return changed;
}

/**
 * POST /api/providers/{id}/confirm-listing: the provider's own organization (providers.organization_id, the
 * organization whose users act for it; not one that merely added it by hand) says its listing is current, in one
 * click. Only its administrators and managers (ORG_MANAGER_ROLES) may; anyone else gets 403, and a provider the
 * caller cannot see 404. The confirmation time, the recomputed score and the audit row are one transaction.
 */
export async function confirmListing(ctx: OrgContext, input: { id: number }): Promise<DirectoryProvider> {
  const { id } = input;
  const current = await repo.findProvider(ctx.db, viewerOf(ctx), id);
  if (!current) throw new AppError('provider.not_found', 'Provider not found');
  if (current.organizationId === null || current.organizationId !== ctx.actor.org.id) {
    throw new AppError('provider.listing_not_own', FRESHNESS_MESSAGES.notOwn(current.name));
  }
  if (!isOrgManager(ctx.actor.org.role)) {
    throw new AppError('provider.listing_role_required', FRESHNESS_MESSAGES.roleRequired(current.name));
  }
  const freshness = freshnessOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await freshnessRepo.confirmListing(tx, id, freshness);
    if (!row) throw new AppError('provider.not_found', 'Provider not found');
    await audit(tx, ctx, {
      action: 'provider.listing_confirmed',
      entityType: 'provider',
      entityId: id,
      details: {
        previous_verified_at: current.lastVerifiedAt.toISOString(),
        data_quality_score: { from: current.dataQualityScore, to: row.dataQualityScore },
      },
    });
    return toDirectoryProvider(row, freshness);
  });
}
