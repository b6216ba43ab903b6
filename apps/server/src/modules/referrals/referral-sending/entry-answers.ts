import { OPEN_ENTRY_STATUSES } from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import {
  countOpenEntries,
  declineEntry,
  expireEntries,
  referralsWithOverdueEntries,
  settleEntries,
} from './entry-lifecycle.ts';
import { hasSentEntry, listEntries } from './match-entries-repo.ts';

// The providers' answers on their own entries (001 §2.8 first accept wins; issue #14 item 2 declines and silences
// that count). The referrals module's answer and expiry paths ask these in their transaction, on the locked
// referral row, so of two answers at once exactly one applies. Lent to the referrals module through its ports
// (module.ts): it cannot import this module, which imports it.

/**
 * Whether the provider holds a 'sent' entry on the referral (it may accept or decline before it is the matched
 * one): `organizationId` is the organization answering for it in the app, null for the provider itself (SMS).
 */
export function holdsSentEntry(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number; organizationId: number | null },
): Promise<boolean> {
  return hasSentEntry(ctx.db, input.referralId, input.providerId, input.organizationId);
}

/** After the accept: the accepting provider's entry is accepted, every other open one not_selected. */
export async function settleFirstAccept(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number; at?: Date },
): Promise<void> {
  await settleEntries(ctx.db, input.referralId, input.providerId, input.at ?? new Date());
}

/**
 * The provider declined: its entry records the reason (and is never sent again). Returns the provider's name as
 * the entry shows it (null when it had no open entry) and how many entries are still open.
 */
export async function declineProviderEntry(
  ctx: ServiceContext,
  input: { referralId: number; providerId: number; reason: string; at: Date },
): Promise<{ declined: boolean; openLeft: number; providerName: string | null }> {
  const declined = await declineEntry(ctx.db, input);
  const entries = await listEntries(ctx.db, [input.referralId]);
  return {
    declined,
    openLeft: entries.filter((e) => (OPEN_ENTRY_STATUSES as readonly string[]).includes(e.status)).length,
    providerName: entries.find((e) => e.providerId === input.providerId)?.providerName ?? null,
  };
}

/**
 * The sent entries whose window passed by `now` expire. Returns those providers (with their names, for the
 * timeline) and how many entries are still open.
 */
export async function expireProviderEntries(
  ctx: ServiceContext,
  input: { referralId: number; now: Date; all?: boolean },
): Promise<{ expired: { providerId: number; providerName: string }[]; openLeft: number }> {
  const ids = await expireEntries(ctx.db, input);
  const names =
    ids.length === 0
      ? []
      : (await listEntries(ctx.db, [input.referralId]))
          .filter((e) => ids.includes(e.providerId))
          .map((e) => ({ providerId: e.providerId, providerName: e.providerName }));
  return { expired: names, openLeft: await countOpenEntries(ctx.db, input.referralId) };
}

/** Referrals holding a sent entry whose window passed by `now` (the expiry job's scan). */
export function overdueEntryReferrals(
  ctx: ServiceContext,
  input: { now: Date; limit: number },
): Promise<number[]> {
  return referralsWithOverdueEntries(ctx.db, input.now, input.limit);
}
