import {
  AUTO_MATCH_RADIUS_MILES,
  AUTO_MATCH_TOP_N,
  CHANGEABLE_MATCH_STATUSES,
  canTake,
  haversineMiles,
  MATCHING_MESSAGES,
  type MatchedProviderEntry,
  type MatchingReferral,
  PROVIDER_MESSAGES,
  type ReferralStatus,
  servicesForNeeds,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import {
  inTransaction,
  type OrgContext,
  type ServiceContext,
  systemContext,
} from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findProvider, nearestProviders } from '../../providers/directory/service.ts';
import {
  listMatchEntries,
  matchHistory,
  removeMatchEntry,
  replaceMatchEntries,
  replaceMatchEntry,
} from '../referral-sending/match-entries.ts';
import { findOwnedReferral } from '../referrals/access.ts';
import { recordReferralEvent } from '../referrals/history.ts';
import { takeStep } from '../referrals/lifecycle.ts';
import type { ReferralRecord } from '../referrals/lookups.ts';
import {
  autoMatchedColumns,
  lockReferralForChange,
  markNoProviderNearby,
  touchReferral,
} from '../referrals/match-state.ts';
import { lockOwned, matchingReferral, memberLocation, noLocation } from './matching-referral.ts';
import * as repo from './repo.ts';

// Auto-match (001 §4, §2.9): the run that matches a Pending referral to its nearest providers, and the changes
// a coordinator makes to its matched providers afterwards (Change provider, Remove provider).

/**
 * The matching engine's run on one referral (001 §4), locked by the caller in its transaction (`ctx.db`) and in
 * a status the actor may match from: its 4 nearest providers within 50 miles that offer one of its needs, are
 * not full and did not decline it, each pending, nearest first, then the auto_match step (timeline row, audit
 * row, domain events). Returns how many were matched; throws, writing nothing, when the member's location is
 * unknown or no provider is eligible. Shared by the Auto-Match screen (the coordinator) and the match of a new
 * referral (the system, autoMatchNewReferral below), so both find the same providers the same way.
 */
async function matchNearestProviders(
  ctx: ServiceContext,
  input: {
    before: ReferralRecord;
    actor: 'referrer' | 'system';
    actorUserId: number | null;
    /** Facts for the timeline and the audit row beyond the match itself (e.g. that it ran at create). */
    details?: Record<string, unknown>;
  },
): Promise<number> {
  const { before } = input;
  const point = await memberLocation(ctx, before);
  if (!point) throw noLocation();
  // A provider that declined this referral is never matched to it again (issue #14).
  const { declinedIds } = await matchHistory(ctx, { referralId: before.id });
  const found = (
    await nearestProviders(ctx, {
      // Issue #12: public and verified providers, and the referring organization's own private ones.
      viewer: before.organizationId,
      ...point,
      radiusMiles: AUTO_MATCH_RADIUS_MILES,
      limit: AUTO_MATCH_TOP_N + declinedIds.length,
      services: before.sdohNeeds.length ? servicesForNeeds(before.sdohNeeds) : undefined,
      excludeFull: true,
    })
  )
    .filter((f) => !declinedIds.includes(f.row.id))
    .slice(0, AUTO_MATCH_TOP_N);
  if (found.length === 0) {
    throw new AppError('match.no_providers_nearby', PROVIDER_MESSAGES.autoMatchNoProviders);
  }
  const now = new Date();
  await replaceMatchEntries(ctx, {
    referralId: before.id,
    entries: found.map((f, i) => ({ providerId: f.row.id, rank: i + 1, distanceMiles: f.distanceMiles })),
  });
  const details = {
    method: 'auto',
    provider_ids: found.map((f) => f.row.id),
    count: found.length,
    ...input.details,
  };
  // 001 §4: stored Matched by the engine, no single provider yet, no response window.
  await takeStep(ctx, {
    before,
    action: 'auto_match',
    actor: input.actor,
    actorUserId: input.actorUserId,
    at: now,
    changes: autoMatchedColumns(now),
    event: { type: 'auto_matched', details },
    audit: { action: 'referral.auto_matched', details },
  });
  return found.length;
}

/**
 * POST /api/referrals/{id}/auto-match (001 §4): Pending (or Rejected or Expired, issue #14) → Auto-Matched with
 * the 4 nearest providers within 50 miles that offer one of the referral's needs, are not full and did not
 * decline it, each pending, nearest first.
 */
export async function autoMatchReferral(
  ctx: OrgContext,
  input: { id: number },
): Promise<{ matched_providers: MatchedProviderEntry[]; referral: MatchingReferral }> {
  const { id } = input;
  await findOwnedReferral(ctx, { id });
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await lockOwned(txCtx, id);
    // Pending, or Rejected or Expired: nobody took it and it needs re-matching (issue #14).
    if (!canTake('match', before.status as ReferralStatus, 'referrer')) {
      throw new AppError('match.referral_not_pending', MATCHING_MESSAGES.notPending);
    }
    await matchNearestProviders(txCtx, { before, actor: 'referrer', actorUserId: ctx.actor.user.id });
    const referral = await matchingReferral(txCtx, id);
    return { matched_providers: referral.matched_providers, referral };
  });
}

/** The system's name on the match of a new referral (its log lines). */
const CREATE_MATCH_ACTOR = 'matching.auto_match_on_create';

/**
 * The referrals module's `autoMatchNewReferral` port (issue #14 item 8): a referral just created with the
 * matching engine is auto-matched in the create transaction (`ctx.db`, a savepoint of it), so the create's
 * answer already shows it Matched. Returns how many providers were matched; 0, writing nothing, when the
 * member's location is unknown or no provider is eligible: it stays Pending, on the Auto-Match screen, where a
 * coordinator can run it again. Any other failure is thrown for the caller to contain.
 */
export async function autoMatchNewReferral(
  ctx: ServiceContext,
  input: { referralId: number },
): Promise<number> {
  const before = await lockReferralForChange(ctx, { id: input.referralId });
  if (before?.status !== 'pending' || !before.useMatchingEngine) return 0;
  // The actor is the system acting for the referring organization, as in the cascade (cascade.ts), not the
  // coordinator who created it: the engine chose these providers, nobody pressed Auto-Match. The audit log
  // still ties it to that user, whose 'referral.created' row is written in the same transaction, and the
  // organization's context keeps its own private providers among the candidates (issue #12).
  const system = inTransaction(systemContext(ctx.deps, CREATE_MATCH_ACTOR, before.organizationId), ctx.db);
  try {
    return await matchNearestProviders(system, {
      before,
      actor: 'system',
      actorUserId: null,
      details: { trigger: 'created' },
    });
  } catch (err) {
    if (!(err instanceof AppError && NOTHING_TO_MATCH.includes(err.reason))) throw err;
    // Nothing was written before the refusal; what it found is kept for the service gaps (issue #20).
    if (err.reason === 'match.no_providers_nearby') {
      await markNoProviderNearby(system, { id: before.id, at: new Date() });
    }
    return 0;
  }
}

/** The engine ran and found nobody: not a failure of the create. */
const NOTHING_TO_MATCH: readonly string[] = ['match.member_location_unknown', 'match.no_providers_nearby'];

/** The entry a Change or Remove acts on: the referral is auto-matched and the entry still pending or sent. */
async function changeableEntry(ctx: ServiceContext, record: ReferralRecord, providerId: number) {
  const autoMatched =
    record.status === 'matched' &&
    record.matchMethod === repo.AUTO_METHOD &&
    record.matchedProviderId === null;
  if (!autoMatched) throw new AppError('match.not_auto_matched', MATCHING_MESSAGES.notAutoMatched);
  const entries = await listMatchEntries(ctx, { referralIds: [record.id] });
  const entry = entries.find((e) => e.providerId === providerId);
  if (!entry) throw new AppError('match.entry_not_found', MATCHING_MESSAGES.entryNotFound);
  if (!(CHANGEABLE_MATCH_STATUSES as readonly string[]).includes(entry.status)) {
    throw new AppError('match.entry_answered', MATCHING_MESSAGES.entryLocked);
  }
  return { entry, entries };
}

/** PUT /api/referrals/{id}/matched-providers/{providerId} (001 §4 Change provider): a new pending entry replaces it. */
export async function changeMatchedProvider(
  ctx: OrgContext,
  input: { id: number; providerId: number; newProviderId: number },
): Promise<{ referral: MatchingReferral; message: string }> {
  const { id, providerId: oldProviderId, newProviderId } = input;
  await findOwnedReferral(ctx, { id });
  // Issue #12: another organization's private provider is as unknown as a missing one.
  const next = await findProvider(ctx, { id: newProviderId });
  if (!next) {
    throw new AppError('match.provider_not_found', MATCHING_MESSAGES.providerNotFound, {
      fields: { provider_id: MATCHING_MESSAGES.providerNotFound },
    });
  }
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const record = await lockOwned(txCtx, id);
    const { entry, entries } = await changeableEntry(txCtx, record, oldProviderId);
    if (entries.some((e) => e.providerId === newProviderId)) {
      throw new AppError('match.provider_already_matched', MATCHING_MESSAGES.alreadyMatched, {
        fields: { provider_id: MATCHING_MESSAGES.alreadyMatched },
      });
    }
    const point = await memberLocation(txCtx, record);
    const distance =
      point && next.latitude !== null && next.longitude !== null
        ? haversineMiles(point.latitude, point.longitude, next.latitude, next.longitude)
        : null;
    await replaceMatchEntry(txCtx, {
      referralId: id,
      providerId: oldProviderId,
      by: { providerId: newProviderId, rank: entry.rank, distanceMiles: distance },
    });
    await touchReferral(txCtx, { id, at: new Date() });
    const details = {
      from_provider_id: oldProviderId,
      from_provider_name: entry.providerName,
      to_provider_id: newProviderId,
      to_provider_name: next.organization_name,
    };
    await recordReferralEvent(txCtx, {
      referral: record,
      type: 'match_changed',
      actorUserId: ctx.actor.user.id,
      details,
    });
    await audit(tx, ctx, {
      action: 'referral.match_changed',
      entityType: 'referral',
      entityId: id,
      details,
    });
    return { referral: await matchingReferral(txCtx, id), message: MATCHING_MESSAGES.providerReplaced };
  });
}

/**
 * DELETE /api/referrals/{id}/matched-providers/{providerId} (001 §4 Remove provider): the last one reverts the
 * referral to Pending with matched providers and auto_matched_at cleared.
 */
export async function removeMatchedProvider(
  ctx: OrgContext,
  input: { id: number; providerId: number },
): Promise<{ referral: MatchingReferral; message: string }> {
  const { id, providerId } = input;
  await findOwnedReferral(ctx, { id });
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const before = await lockOwned(txCtx, id);
    const { entry, entries } = await changeableEntry(txCtx, before, providerId);
    await removeMatchEntry(txCtx, { referralId: id, providerId });
    const last = entries.length === 1;
    const details = { provider_id: providerId, provider_name: entry.providerName, reverted: last };
    if (last) {
      // 001 §4: removing the last matched provider reverts to Pending with the match and auto_matched_at cleared.
      await takeStep(txCtx, {
        before,
        action: 'unmatch',
        actor: 'referrer',
        actorUserId: ctx.actor.user.id,
        changes: { matchMethod: null, matchedAt: null, autoMatchedAt: null },
        event: { type: 'match_removed', details },
        audit: { action: 'referral.match_removed', details },
      });
    } else {
      await touchReferral(txCtx, { id, at: new Date() });
      await recordReferralEvent(txCtx, {
        referral: before,
        type: 'match_removed',
        actorUserId: ctx.actor.user.id,
        details,
      });
      await audit(tx, ctx, {
        action: 'referral.match_removed',
        entityType: 'referral',
        entityId: id,
        details,
      });
    }
    return {
      referral: await matchingReferral(txCtx, id),
      message: last ? PROVIDER_MESSAGES.autoMatchCanceled : MATCHING_MESSAGES.providerRemoved,
    };
  });
}
