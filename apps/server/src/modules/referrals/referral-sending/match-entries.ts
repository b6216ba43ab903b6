import type { ServiceContext } from '../../../platform/context.ts';
import * as repo from './match-entries-repo.ts';

// A referral's matched provider entries, as the matching module puts and removes them (001 §4 auto-match,
// manual match, Change provider, Remove provider). Every new entry is pending; a send makes it sent and the first
// accept settles them all (send-service.ts, first-accept.ts). Called with the context of the caller's transaction.

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

function toInsert(referralId: number, entry: NewMatchEntry): repo.EntryInsert {
  return { ...entry, referralId, status: 'pending' };
}

/** The entries of some referrals, by referral and rank, with their providers' names, types and services. */
export function listMatchEntries(
  ctx: ServiceContext,
  input: { referralIds: readonly number[] },
): Promise<repo.EntryRow[]> {
  return repo.listEntries(ctx.db, input.referralIds);
}

/** The referral's entries become these (a new match: auto-match's nearest, or the one provider chosen by hand). */
export async function replaceMatchEntries(
  ctx: ServiceContext,
  input: { referralId: number; entries: readonly NewMatchEntry[] },
): Promise<void> {
  await repo.deleteEntries(ctx.db, input.referralId);
  await repo.insertEntries(
    ctx.db,
    input.entries.map((e) => toInsert(input.referralId, e)),
  );
}

/** One provider's entry gives way to another's (Change provider). */
export async function replaceMatchEntry(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number; by: NewMatchEntry },
): Promise<void> {
  await repo.deleteEntry(ctx.db, input.referralId, input.providerId);
  await repo.insertEntries(ctx.db, [toInsert(input.referralId, input.by)]);
}

/** One provider's entry goes (Remove provider). */
export async function removeMatchEntry(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number },
): Promise<void> {
  await repo.deleteEntry(ctx.db, input.referralId, input.providerId);
}
