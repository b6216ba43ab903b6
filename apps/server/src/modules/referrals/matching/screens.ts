import {
  type AutoMatchOverview,
  type MatchedProviderEntry,
  RECENT_MATCHES_COUNT,
  type UnpublishedReferrals,
} from '@trust/domain';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { getProviders } from '../../providers/directory/service.ts';
import { listMatchEntries } from '../referral-sending/match-entries.ts';
import { findVisibleReferral } from '../referrals/access.ts';
import { iso, SCREEN_LIMIT, toEntry, withEntries } from './matching-referral.ts';
import * as repo from './repo.ts';

// What the matching screens read: their lists (001 §2.3 Manual Matching, §2.9 Auto-Match Referrals) and a
// referral's matched providers (000 §2.7 the workspace's Auto-Matched Providers card).

/**
 * The referrals a matching screen showed, with their members' names, Medicaid IDs and diagnoses: one audit row
 * naming them (issue #12).
 */
async function auditScreen(
  ctx: OrgContext,
  screen: 'unpublished' | 'auto_match',
  referrals: readonly { id: number }[],
) {
  await auditPhiRead(ctx.db, ctx, {
    action: 'referral.list_read',
    entityType: 'referral',
    ids: referrals.map((r) => r.id),
    details: { screen },
  });
}

/** GET /api/matching/unpublished (001 §2.3): Pending manual referrals and the recently matched providers. */
export async function listUnpublished(ctx: OrgContext): Promise<UnpublishedReferrals> {
  const orgId = ctx.actor.org.id;
  const rows = await repo.listUnpublished(ctx.db, orgId, SCREEN_LIMIT);
  const recentIds = await repo.recentMatchedProviderIds(ctx.db, orgId, RECENT_MATCHES_COUNT);
  // Issue #12: only providers the organization may still see (one matched before the rule stays out).
  const recent = await getProviders(ctx, { ids: recentIds });
  await auditScreen(ctx, 'unpublished', rows);
  return { referrals: await withEntries(ctx, rows), recent_providers: recent };
}

/** GET /api/matching/auto-match (001 §2.9): the screen's referrals and its Algorithm Status panel. */
export async function autoMatchOverview(ctx: OrgContext): Promise<AutoMatchOverview> {
  const orgId = ctx.actor.org.id;
  const [rows, counts] = await Promise.all([
    repo.listAutoMatchQueue(ctx.db, orgId, SCREEN_LIMIT),
    repo.autoMatchCounts(ctx.db, orgId),
  ]);
  await auditScreen(ctx, 'auto_match', rows);
  return {
    referrals: await withEntries(ctx, rows),
    algorithm: {
      status: counts.pending > 0 ? 'Active' : 'Idle',
      last_run: iso(counts.lastRun),
      auto_matched_count: counts.autoMatched,
      pending_count: counts.pending,
    },
  };
}

/** GET /api/referrals/{id}/matched-providers: for whoever may read the referral (owner or matched provider). */
export async function readMatchedProviders(
  ctx: OrgContext,
  input: { id: number },
): Promise<MatchedProviderEntry[]> {
  await findVisibleReferral(ctx, { id: input.id });
  return (await listMatchEntries(ctx, { referralIds: [input.id] })).map(toEntry);
}
