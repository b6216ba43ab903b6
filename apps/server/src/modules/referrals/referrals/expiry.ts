import { inTransaction, type ServiceContext, systemContext } from '../../../platform/context.ts';
import { takeStep } from './lifecycle.ts';
import * as repo from './repo.ts';

// 000 §4.2, §9: a matched provider has 7 days (expires_at, set by whoever matches) to accept or reject. After
// that the referral is Expired (issue #14: no longer silently Pending again): it needs re-matching, which the
// referrer does (Match, or Back to Pending for the live feed). The matched provider id stays on the row as the
// record of who did not answer.

/** The pg-boss job that runs the expiry (jobs.ts), every 5 minutes. */
export const EXPIRE_JOB = 'referrals.expire';
export const EXPIRE_CRON = '*/5 * * * *';
const BATCH_SIZE = 100;

export { AWAITING_STATUSES } from './repo.ts';

export function isOverdue(r: Pick<repo.ReferralRow, 'expiresAt'>, now: Date): boolean {
  return r.expiresAt !== null && r.expiresAt.getTime() <= now.getTime();
}

/**
 * Expires one locked referral in the caller's transaction (`ctx.db`): the lifecycle's expire step (status
 * Expired, acceptance expired, the timeline, the audit log and the live feeds). Used by the job and by an answer that comes too late; either
 * way the actor is the system (no user on the timeline or in the audit row).
 */
export async function expireReferral(
  ctx: ServiceContext,
  input: { before: repo.ReferralRecord; now: Date },
): Promise<repo.ReferralRecord> {
  const { before, now } = input;
  const tx = ctx.db;
  const system = inTransaction(systemContext(ctx.deps, EXPIRE_JOB), tx);
  const details = {
    provider_id: before.matchedProviderId,
    provider_name: before.matchedProvider?.name ?? null,
    expires_at: before.expiresAt?.toISOString() ?? null,
  };
  return takeStep(system, {
    before,
    action: 'expire',
    actor: 'system',
    actorUserId: null,
    at: now,
    changes: { acceptanceStatus: 'expired' },
    event: { type: 'expired', details },
    audit: { action: 'referral.expired', details },
  });
}

/**
 * The `referrals.expire` job: every matched or authorized referral still waiting at `now` expires, in batches
 * of one transaction each. Returns how many expired.
 */
export async function expireOverdueReferrals(
  ctx: ServiceContext,
  input: { now: Date; batchSize?: number },
): Promise<number> {
  const { now, batchSize = BATCH_SIZE } = input;
  let expired = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const ids = (await repo.overdueBatchQuery(tx, now, batchSize)).map((r) => r.id);
      for (const id of ids) {
        // Already locked by this transaction: this reads the record with its matched provider.
        const before = await repo.lockReferral(tx, id);
        if (before) await expireReferral(inTransaction(ctx, tx), { before, now });
      }
      return ids.length;
    });
    expired += count;
    if (count < batchSize) return expired;
  }
}
