import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { referrals } from '../../../db/schema/index.ts';
import { audit } from '../../../platform/audit.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { publishFeedChange } from './feed-cards.ts';
import { recordReferralEvent } from './history.ts';
import * as repo from './repo.ts';

// 000 §4.2, §9: a matched provider has 7 days (expires_at, set by whoever matches) to accept or reject. After
// that the referral expires: it goes back to Pending, so it re-enters the live feed to be matched again. The
// matched provider id stays on the row as the record of who did not answer.

/** The pg-boss job that runs the expiry (jobs.ts), every 5 minutes. */
export const EXPIRE_JOB = 'referrals.expire';
export const EXPIRE_CRON = '*/5 * * * *';
const BATCH_SIZE = 100;

/** Matched or Authorized, waiting for the provider's answer (the states an answer is possible in). */
export const AWAITING_STATUSES = ['matched', 'authorized'] as const;

export function isOverdue(r: Pick<repo.ReferralRow, 'expiresAt'>, now: Date): boolean {
  return r.expiresAt !== null && r.expiresAt.getTime() <= now.getTime();
}

/**
 * Expires one locked referral in the caller's transaction: status Pending, acceptance expired, the timeline
 * (actor: the system), the audit log and the live feeds. Used by the job and by an answer that comes too late.
 */
export async function expireReferral(
  deps: AppDeps,
  tx: DbOrTx,
  before: repo.ReferralRecord,
  now: Date,
): Promise<repo.ReferralRecord> {
  const after = await repo.updateReferral(tx, before.id, {
    status: 'pending',
    acceptanceStatus: 'expired',
    updatedAt: now,
  });
  const details = {
    provider_id: before.matchedProviderId,
    provider_name: before.matchedProvider?.name ?? null,
    expires_at: before.expiresAt?.toISOString() ?? null,
  };
  await recordReferralEvent(deps, tx, {
    referral: after,
    type: 'expired',
    actorUserId: null,
    fromStatus: before.status,
    toStatus: after.status,
    details,
  });
  await audit(tx, null, { action: 'referral.expired', entityType: 'referral', entityId: before.id, details });
  await publishFeedChange(deps, tx, before, after);
  return after;
}

/**
 * Overdue referrals, locked for this transaction. Served by referrals_awaiting_response_idx
 * (expires_at WHERE acceptance_status = 'pending'); SKIP LOCKED lets several servers run the job at once,
 * each taking rows the others do not hold (and skipping a row an answer is being written to right now).
 * Exported so a test can EXPLAIN exactly this statement.
 */
export function overdueBatchQuery(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.acceptanceStatus, 'pending'),
        lte(referrals.expiresAt, now),
        inArray(referrals.status, [...AWAITING_STATUSES]),
      ),
    )
    .orderBy(asc(referrals.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The `referrals.expire` job: every matched or authorized referral still waiting at `now` expires, in batches
 * of one transaction each. Returns how many expired.
 */
export async function expireOverdueReferrals(
  deps: AppDeps,
  now: Date,
  batchSize: number = BATCH_SIZE,
): Promise<number> {
  let expired = 0;
  for (;;) {
    const count = await deps.database.db.transaction(async (tx) => {
      const ids = (await overdueBatchQuery(tx, now, batchSize)).map((r) => r.id);
      for (const id of ids) {
        // Already locked by this transaction: this reads the record with its matched provider.
        const before = await repo.lockReferral(tx, id);
        if (before) await expireReferral(deps, tx, before, now);
      }
      return ids.length;
    });
    expired += count;
    if (count < batchSize) return expired;
  }
}
