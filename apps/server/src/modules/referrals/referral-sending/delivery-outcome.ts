import { computePriority } from '@trust/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { outboundMessages } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import * as methods from './methods-repo.ts';

// 001 §4 "After each send the method's success or failure is recorded" and "priority recalculated by the server
// after each attempt". A message sent through a provider's method reports its outcome once it is final (sent,
// or failed after the last retry: adapters/delivery.ts), so retries in between are not counted as failures.

/** Marks the message's outcome as reported; false when it was already (a duplicate job run) or is not final. */
async function claimOutcome(tx: DbOrTx, messageId: number) {
  const [row] = await tx
    .update(outboundMessages)
    .set({ metadata: sql`${outboundMessages.metadata} || '{"method_outcome_recorded": true}'::jsonb` })
    .where(
      and(
        eq(outboundMessages.id, messageId),
        inArray(outboundMessages.status, ['sent', 'failed']),
        sql`${outboundMessages.communicationMethodId} is not null`,
        sql`not (${outboundMessages.metadata} ? 'method_outcome_recorded')`,
      ),
    )
    .returning({
      status: outboundMessages.status,
      methodId: outboundMessages.communicationMethodId,
      sentAt: outboundMessages.sentAt,
    });
  return row ?? null;
}

/**
 * Adds one success or one failure to a stored method, stamps it used now, and recomputes its priority (001 §9).
 * Shared by the delivery report and PUT /api/provider-communication-methods/{id} {success}.
 */
export async function recordMethodAttempt(
  tx: DbOrTx,
  methodId: number,
  success: boolean,
  now: Date = new Date(),
): Promise<methods.MethodRow | null> {
  const method = await methods.lockMethod(tx, methodId);
  if (!method) return null;
  const next = {
    successCount: method.successCount + (success ? 1 : 0),
    failureCount: method.failureCount + (success ? 0 : 1),
    lastUsedAt: now,
  };
  return methods.updateMethod(tx, methodId, {
    ...next,
    priority: computePriority({ ...method, ...next }, now),
  });
}

/**
 * Called by the delivery job after each delivery run (referrals/delivery-report.ts deliverAndReport): a message
 * of a provider's method that reached 'sent' or 'failed' counts once on that method.
 */
export async function reportMethodOutcome(deps: AppDeps, messageId: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const outcome = await claimOutcome(tx, messageId);
    if (!outcome || outcome.methodId === null) return;
    await recordMethodAttempt(tx, outcome.methodId, outcome.status === 'sent', outcome.sentAt ?? new Date());
  });
}
