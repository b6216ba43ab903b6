import { MATCHING_MESSAGES } from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './match-entries-repo.ts';

// A referral's matched provider entries, as the matching module puts and removes them (001 §4 auto-match,
// manual match, Change provider, Remove provider). Every new entry is pending; a send makes it sent and the first
// accept settles them all (send-service.ts, entry-answers.ts; every status change goes through entry-lifecycle.ts). Called with the context of the caller's transaction.

export type { EntryRow as MatchEntry } from './match-entries-repo.ts';

/** An entry to add: the provider, its place in the order, its distance from the member, the method if chosen. */
export type NewMatchEntry = {
  providerId: number;
  rank: number;
  distanceMiles: number | null;
  communicationMethod?: string | null;
  communicationMethodId?: number | null;
  contactValue?: string | null;
};

function toInsert(referralId: number, entry: NewMatchEntry, round = 1): repo.EntryInsert {
  return { ...entry, referralId, status: 'pending', round };
}

/** A provider that declined the referral is never matched to it again (issue #14 item 2). */
function refuseDecliners(entries: readonly repo.EntryRow[], next: readonly NewMatchEntry[]) {
  const declined = next.find((n) =>
    entries.some((e) => e.providerId === n.providerId && e.status === 'declined'),
  );
  if (declined) {
    throw new AppError('match.provider_declined', MATCHING_MESSAGES.providerDeclined, {
      fields: { provider_id: MATCHING_MESSAGES.providerDeclined },
    });
  }
}

/** The entries of some referrals, by referral and rank, with their providers' names, types and services. */
export function listMatchEntries(
  ctx: ServiceContext,
  input: { referralIds: readonly number[] },
): Promise<repo.EntryRow[]> {
  return repo.listEntries(ctx.db, input.referralIds);
}

/**
 * The referral's entries become these (a new match: auto-match's nearest, or the one provider chosen by hand),
 * as the next round. The declines stay, as the record of who said no: a provider that declined is refused (409).
 */
export async function replaceMatchEntries(
  ctx: ServiceContext,
  input: { referralId: number; entries: readonly NewMatchEntry[] },
): Promise<void> {
  const current = await repo.listEntries(ctx.db, [input.referralId]);
  refuseDecliners(current, input.entries);
  const round = Math.max(0, ...current.map((e) => e.round)) + 1;
  await repo.deleteEntriesBut(ctx.db, input.referralId, 'declined');
  await repo.insertEntries(
    ctx.db,
    input.entries.map((e) => toInsert(input.referralId, e, round)),
  );
}

/**
 * The cascade's next round (issue #14 item 2): these entries join the referral's, every earlier one kept, so
 * nobody tried is tried again. Ranks continue after the last. Returns the round.
 */
export async function addMatchRound(
  ctx: ServiceContext,
  input: { referralId: number; entries: readonly Omit<NewMatchEntry, 'rank'>[] },
): Promise<number> {
  const current = await repo.listEntries(ctx.db, [input.referralId]);
  const round = Math.max(0, ...current.map((e) => e.round)) + 1;
  const rank = Math.max(0, ...current.map((e) => e.rank));
  await repo.insertEntries(
    ctx.db,
    input.entries.map((e, i) => toInsert(input.referralId, { ...e, rank: rank + i + 1 }, round)),
  );
  return round;
}

/** The providers the referral was ever matched to (any entry), and the rounds it had. */
export async function matchHistory(
  ctx: ServiceContext,
  input: { referralId: number },
): Promise<{ providerIds: number[]; declinedIds: number[]; rounds: number }> {
  const current = await repo.listEntries(ctx.db, [input.referralId]);
  return {
    providerIds: current.map((e) => e.providerId),
    declinedIds: current.filter((e) => e.status === 'declined').map((e) => e.providerId),
    rounds: Math.max(0, ...current.map((e) => e.round)),
  };
}

/** One provider's entry gives way to another's (Change provider), in the same round. */
export async function replaceMatchEntry(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number; by: NewMatchEntry },
): Promise<void> {
  const current = await repo.listEntries(ctx.db, [input.referralId]);
  refuseDecliners(current, [input.by]);
  const round = current.find((e) => e.providerId === input.providerId)?.round ?? 1;
  await repo.deleteEntry(ctx.db, input.referralId, input.providerId);
  await repo.insertEntries(ctx.db, [toInsert(input.referralId, input.by, round)]);
}

/** One provider's entry goes (Remove provider). */
export async function removeMatchEntry(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number },
): Promise<void> {
  await repo.deleteEntry(ctx.db, input.referralId, input.providerId);
}
