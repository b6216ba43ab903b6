import { audit } from '../../../platform/audit.ts';
import { inTransaction, type ServiceContext, systemContext } from '../../../platform/context.ts';
import { recordReferralEvent } from './history.ts';
import { takeStep } from './lifecycle.ts';
import { referralPort } from './ports.ts';
import * as repo from './repo.ts';

// 000 §4.2, §9: a provider has 7 days to accept or reject: the matched provider from its match (the referral's
// expires_at), a provider the referral was sent to from the send (its entry's expires_at). Issue #14 item 2: a
// silence is recorded on the provider's entry; when no entry is still open the referral is Expired (no longer
// silently Pending again) and needs re-matching: the cascade matches it to the next providers when the
// organization's routing allows, else its coordinator is told (matching/cascade.ts). The matched provider id
// stays on the row as the record of who did not answer.

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
 * Expired, acceptance expired, the timeline, the audit log and the live feeds), the providers' open entries
 * closed, and then the re-match (the cascade, or the coordinator told). Used by the job and by an answer that
 * comes too late; either way the actor is the system (no user on the timeline or in the audit row).
 */
export async function expireReferral(
  ctx: ServiceContext,
  input: { before: repo.ReferralRecord; now: Date; allExpired?: boolean },
): Promise<repo.ReferralRecord> {
  const { before, now } = input;
  const tx = ctx.db;
  const system = inTransaction(systemContext(ctx.deps, EXPIRE_JOB), tx);
  const details = {
    provider_id: before.matchedProviderId,
    provider_name: before.matchedProvider?.name ?? null,
    expires_at: before.expiresAt?.toISOString() ?? null,
    ...(input.allExpired ? { all_expired: true } : {}),
  };
  const after = await takeStep(system, {
    before,
    action: 'expire',
    actor: 'system',
    actorUserId: null,
    at: now,
    changes: { acceptanceStatus: 'expired' },
    event: { type: 'expired', details },
    audit: { action: 'referral.expired', details },
  });
  // The matched provider's window was the referral's: every entry still open closes with it.
  await referralPort('expireProviderEntries')(system, { referralId: before.id, now, all: true });
  await referralPort('rematchReferral')(system, { referralId: before.id });
  return after;
}

/**
 * The entries of one locked referral whose window passed: each recorded on the timeline; when the referral was
 * sent to several providers and none is left waiting, it expires (and is re-matched).
 */
async function expireOverdueEntries(ctx: ServiceContext, before: repo.ReferralRecord, now: Date) {
  const system = inTransaction(systemContext(ctx.deps, EXPIRE_JOB), ctx.db);
  const { expired, openLeft } = await referralPort('expireProviderEntries')(system, {
    referralId: before.id,
    now,
  });
  for (const e of expired) {
    const details = { provider_id: e.providerId, provider_name: e.providerName, still_waiting: openLeft };
    await recordReferralEvent(system, {
      referral: before,
      type: 'provider_expired',
      actorUserId: null,
      details,
    });
    await audit(system.db, system, {
      action: 'referral.provider_expired',
      entityType: 'referral',
      entityId: before.id,
      details,
    });
  }
  const waiting = before.status === 'matched' && before.matchedProviderId === null;
  if (expired.length > 0 && waiting && openLeft === 0) {
    await expireReferral(system, { before, now, allExpired: true });
  }
}

/**
 * The `referrals.expire` job: every matched referral whose provider has not answered by `now` expires, and every
 * sent entry whose window passed closes, in batches of one transaction each. Returns how many referrals expired
 * plus how many referrals had entries closed.
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
    if (count < batchSize) break;
  }
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const ids = await referralPort('overdueEntryReferrals')(txCtx, { now, limit: batchSize });
      for (const id of ids) {
        const before = await repo.lockReferral(tx, id);
        if (before) await expireOverdueEntries(txCtx, before, now);
      }
      return ids.length;
    });
    expired += count;
    if (count < batchSize) return expired;
  }
}
