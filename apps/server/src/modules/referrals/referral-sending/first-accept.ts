import type { DbOrTx } from '../../../db/client.ts';
import * as referralsRepo from '../referrals/repo.ts';
import { hasSentEntryFor, listEntries, sentEntryProviderOf, settleEntries } from './match-entries-repo.ts';

// First accept wins (001 §2.8, §3 Matched provider entry): a referral sent to several providers has no single
// matched provider until one of them accepts. Called by the accept path (referrals/response-service.ts) in its
// transaction, on the locked referral row, so of two providers accepting at once exactly one wins.

/** Whether the organization may answer for `providerId` because the referral was sent to that provider. */
export function answersThroughSentEntry(
  db: DbOrTx,
  referralId: number,
  providerId: number,
  orgId: number,
): Promise<boolean> {
  return hasSentEntryFor(db, referralId, providerId, orgId);
}

/** Whether the provider holds a 'sent' entry on the referral, whoever acts for it (an answer by SMS). */
export async function providerHoldsSentEntry(db: DbOrTx, referralId: number, providerId: number) {
  return (await listEntries(db, referralId)).some((e) => e.providerId === providerId && e.status === 'sent');
}

/**
 * The provider of the organization a referral was sent to and that has not answered yet: that organization
 * may read the referral (it received the details with the send) and answer it.
 */
export function sentProviderOfOrganization(db: DbOrTx, referralId: number, orgId: number) {
  return sentEntryProviderOf(db, referralId, orgId);
}

/**
 * On the locked referral: when no provider is matched yet and the referral was sent to `providerId`, that
 * provider becomes the matched one, so the accept that follows applies to it. `orgId` is the organization
 * acting for the provider in the app; null for the provider itself answering by SMS from its number. Returns
 * the re-read record, or the one given when nothing changed.
 */
export async function claimSentReferral(
  tx: DbOrTx,
  before: referralsRepo.ReferralRecord,
  providerId: number,
  orgId: number | null,
): Promise<referralsRepo.ReferralRecord> {
  if (before.matchedProviderId !== null) return before;
  const holds =
    orgId === null
      ? await providerHoldsSentEntry(tx, before.id, providerId)
      : await answersThroughSentEntry(tx, before.id, providerId, orgId);
  if (!holds) return before;
  await referralsRepo.updateReferral(tx, before.id, { matchedProviderId: providerId });
  return (await referralsRepo.findReferral(tx, before.id)) ?? before;
}

/** After the accept: the accepting provider's entry is accepted, every other one not_selected. */
export async function settleFirstAccept(tx: DbOrTx, referralId: number, providerId: number): Promise<void> {
  await settleEntries(tx, referralId, providerId);
}
