import type { ServiceContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

/**
 * A message sent through a provider's communication method reports its final outcome to that method once (001
 * §4: each send's success or failure counts; referral-sending/delivery-outcome.ts counts it). This claims it, in
 * the caller's transaction: the status, the method and when it was sent; null when it was claimed before, is
 * not final yet, or went through no stored method.
 */
export async function claimMethodOutcome(
  ctx: ServiceContext,
  input: { messageId: number },
): Promise<{ status: string; methodId: number | null; sentAt: Date | null } | null> {
  return (await repo.claimMethodOutcome(ctx.db, input.messageId)) ?? null;
}
