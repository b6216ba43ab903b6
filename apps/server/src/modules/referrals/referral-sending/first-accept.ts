import type { ServiceContext } from '../../../platform/context.ts';
import { hasSentEntry, settleEntries } from './match-entries-repo.ts';

// First accept wins (001 §2.8, §3 Matched provider entry): a referral sent to several providers has no single
// matched provider until one of them accepts. The accept path (referrals/response-service.ts) asks these in its
// transaction, on the locked referral row, so of two providers accepting at once exactly one wins. Lent to the
// referrals module through its ports (module.ts): it cannot import this module, which imports it.

/**
 * Whether the provider holds a 'sent' entry on the referral (it may accept before it is the matched one):
 * `organizationId` is the organization answering for it in the app, null for the provider itself (by SMS).
 */
export function holdsSentEntry(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number; organizationId: number | null },
): Promise<boolean> {
  return hasSentEntry(ctx.db, input.referralId, input.providerId, input.organizationId);
}

/** After the accept: the accepting provider's entry is accepted, every other one not_selected. */
export async function settleFirstAccept(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number },
): Promise<void> {
  await settleEntries(ctx.db, input.referralId, input.providerId);
}
