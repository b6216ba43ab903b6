import type { ServiceContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

export type { ReferralRecord, ReferralRow } from './repo.ts';

// Reads of a referral for other modules' own work (a job, a provider's message, a delivery report), where no
// user's access is in question: whoever acts for a user asks access.ts (findVisibleReferral) instead.

/** The referral with its matched provider, or undefined when there is none with this id. */
export async function findReferralRecord(
  ctx: ServiceContext,
  input: { id: number },
): Promise<repo.ReferralRecord | undefined> {
  return repo.findReferral(ctx.db, input.id);
}
