import type { ServiceContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

// A referral's matching state as the matching module changes it (001 §4 auto-match, Change and Remove
// provider). This module owns the referral rows; the matching module calls these in its transaction (`ctx.db`),
// on a row it locked with lockReferralForChange. Status changes go through the state machine (lifecycle.ts).

/** 001 §4: an auto-matched referral is stored Matched by the engine, without one chosen provider yet. */
export const AUTO_MATCH_METHOD = 'auto';

/** The referral's columns when the engine matches it (by hand, or in a cascade round): Matched, no one provider. */
export function autoMatchedColumns(at: Date) {
  return {
    matchMethod: AUTO_MATCH_METHOD,
    matchedAt: at,
    autoMatchedAt: at,
    matchedProviderId: null,
    acceptanceStatus: null,
    expiresAt: null,
  };
}

/**
 * The referral locked for the caller's transaction (two changes of one referral run one after the other), with
 * its matched provider; undefined when there is none with this id.
 */
export function lockReferralForChange(
  ctx: ServiceContext,
  input: { id: number },
): Promise<repo.ReferralRecord | undefined> {
  return repo.lockReferral(ctx.db, input.id);
}

/** The member's location (the ZIP's centroid, found the first time the referral is matched). */
export async function saveMemberLocation(
  ctx: ServiceContext,
  input: { id: number; latitude: number; longitude: number },
): Promise<void> {
  await repo.updateReferral(ctx.db, input.id, { latitude: input.latitude, longitude: input.longitude });
}

/** Its matched providers changed (the referral itself did not): the queue shows it changed now. */
export async function touchReferral(ctx: ServiceContext, input: { id: number; at: Date }): Promise<void> {
  await repo.updateReferral(ctx.db, input.id, { updatedAt: input.at });
}

/**
 * The engine found no provider within 50 miles offering the referral's needs (issue #20): recorded so the
 * service gaps count it as "unmatched" while it stays Pending (a later match moves it out of that count).
 */
export async function markNoProviderNearby(
  ctx: ServiceContext,
  input: { id: number; at: Date },
): Promise<void> {
  await repo.updateReferral(ctx.db, input.id, { noProviderAt: input.at });
}
