import { computePriority } from '@trust/domain';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import * as methods from './methods-repo.ts';

// 001 §4 "After each send the method's success or failure is recorded" and "priority recalculated by the server
// after each attempt". A message sent through a provider's method reports its outcome once it is final (sent,
// or failed after the last retry: adapters/delivery.ts), so retries in between are not counted as failures.

/**
 * The outbox's claim of a message's outcome for its method (communications/outbox owns the messages): the final
 * status, the method it went through and when it was sent, once; null when it was claimed before (a duplicate
 * job run), is not final, or went through no stored method. Passed in by the delivery job, which lives in the
 * outbox: this module cannot import the outbox back without a module cycle.
 */
export type ClaimMethodOutcome = (
  ctx: ServiceContext,
  input: { messageId: number },
) => Promise<{ status: string; methodId: number | null; sentAt: Date | null } | null>;

/**
 * Adds one success or one failure to a stored method, stamps it used, and recomputes its priority (001 §9).
 * Shared by the delivery report and PUT /api/provider-communication-methods/{id} {success}. In the context's
 * transaction (the method row is locked).
 */
export async function recordMethodAttempt(
  ctx: ServiceContext,
  input: { methodId: number; success: boolean; at?: Date },
): Promise<methods.MethodRow | null> {
  const { methodId, success, at: now = new Date() } = input;
  const method = await methods.lockMethod(ctx.db, methodId);
  if (!method) return null;
  const next = {
    successCount: method.successCount + (success ? 1 : 0),
    failureCount: method.failureCount + (success ? 0 : 1),
    lastUsedAt: now,
  };
  return methods.updateMethod(ctx.db, methodId, {
    ...next,
    priority: computePriority({ ...method, ...next }, now),
  });
}

/**
 * Called by the delivery job after each delivery run (communications/outbox/deliver-and-report.ts): a message of
 * a provider's method that reached 'sent' or 'failed' counts once on that method. The claim and the count
 * commit together, so a job retried after a crash counts it exactly once.
 */
export async function reportMethodOutcome(
  ctx: ServiceContext,
  input: { messageId: number; claim: ClaimMethodOutcome },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const outcome = await input.claim(txCtx, { messageId: input.messageId });
    if (!outcome || outcome.methodId === null) return;
    await recordMethodAttempt(txCtx, {
      methodId: outcome.methodId,
      success: outcome.status === 'sent',
      at: outcome.sentAt ?? new Date(),
    });
  });
}
