import {
  MATCH_ENTRY_TRANSITIONS,
  type MatchEntryAction,
  OPEN_ENTRY_STATUSES,
  RESPONSE_WINDOW_DAYS,
} from '@trust/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { referralProviderMatches as m } from '../../../db/schema/index.ts';

// The matched provider entry's state machine (issue #14 item 2): the only code that changes an entry's status.
// Each step is one conditional UPDATE (`WHERE status IN <the step's from>`), so two answers at once cannot both
// apply: the second finds the entry already moved and changes nothing. The table is packages/domain
// match-entry-lifecycle.ts.

const DAY_MS = 86_400_000;

type Moved = { providerId: number; status: string };

async function move(
  db: DbOrTx,
  input: { referralId: number; providerId?: number; except?: number; also?: SQL },
  action: MatchEntryAction,
  set: Partial<typeof m.$inferInsert>,
): Promise<Moved[]> {
  const { from, to } = MATCH_ENTRY_TRANSITIONS[action];
  return db
    .update(m)
    .set({ ...set, status: to })
    .where(
      and(
        eq(m.referralId, input.referralId),
        input.providerId === undefined ? undefined : eq(m.providerId, input.providerId),
        input.except === undefined ? undefined : ne(m.providerId, input.except),
        inArray(m.status, [...from]),
        input.also,
      ),
    )
    .returning({ providerId: m.providerId, status: m.status });
}

/**
 * 001 §4 "each matched provider becomes sent with a timestamp, the chosen method and contact value", and 7 days
 * to answer (000 §9). False when the entry was already answered (it keeps its answer) or is not there.
 */
export async function markEntrySent(
  db: DbOrTx,
  referralId: number,
  providerId: number,
  sent: { at: Date; methodType: string; contactValue: string; communicationMethodId: number | null },
): Promise<boolean> {
  const moved = await move(db, { referralId, providerId }, 'send', {
    sentAt: sent.at,
    expiresAt: new Date(sent.at.getTime() + RESPONSE_WINDOW_DAYS * DAY_MS),
    communicationMethod: sent.methodType,
    contactValue: sent.contactValue,
    communicationMethodId: sent.communicationMethodId,
  });
  return moved.length > 0;
}

/** First accept wins (001 §3): the accepting provider's entry is accepted, every other open one not_selected. */
export async function settleEntries(db: DbOrTx, referralId: number, acceptedProviderId: number, at: Date) {
  await move(db, { referralId, providerId: acceptedProviderId }, 'accept', { answeredAt: at });
  await move(db, { referralId, except: acceptedProviderId }, 'not_select', { answeredAt: at });
}

/** The provider declined: its entry records the reason; false when it had no open entry. */
export async function declineEntry(
  db: DbOrTx,
  input: { referralId: number; providerId: number; reason: string; at: Date },
): Promise<boolean> {
  const moved = await move(db, input, 'decline', { answeredAt: input.at, declineReason: input.reason });
  return moved.length > 0;
}

/**
 * The sent entries of a referral whose window has passed by `now` become expired (with `all`, every sent one,
 * and the pending ones not_selected); returns the providers that expired.
 */
export async function expireEntries(
  db: DbOrTx,
  input: { referralId: number; now: Date; all?: boolean },
): Promise<number[]> {
  const { referralId, now, all } = input;
  const due = all ? undefined : sql`${m.expiresAt} <= ${now}`;
  const moved = await move(db, { referralId, also: due }, 'expire', { answeredAt: now });
  // The referral itself expired: an entry never sent is not selected.
  if (all) await move(db, { referralId }, 'not_select', { answeredAt: now });
  return moved.map((r) => r.providerId);
}

/** How many of the referral's entries are still open (pending or sent). */
export async function countOpenEntries(db: DbOrTx, referralId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(m)
    .where(and(eq(m.referralId, referralId), inArray(m.status, [...OPEN_ENTRY_STATUSES])));
  return row?.n ?? 0;
}

/** Referrals with a sent entry whose window has passed by `now` (the expiry job's scan, by the partial index). */
export async function referralsWithOverdueEntries(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  // The oldest overdue sent entries first, read from referral_provider_matches_expiry_idx (sent entries by the
  // end of their window) and stopped at a bound; their referrals once each. A plain DISTINCT … LIMIT let the
  // planner walk every entry of the table instead (bench/RESULTS.md, the referral loop). A referral has at
  // most a few entries per round, so 8 per referral still fills a batch; what is left waits for the next run.
  const overdue = db
    .select({ referralId: m.referralId })
    .from(m)
    .where(and(eq(m.status, 'sent'), sql`${m.expiresAt} <= ${now}`))
    .orderBy(m.expiresAt)
    .limit(limit * 8)
    .as('overdue');
  const rows = await db.selectDistinct({ referralId: overdue.referralId }).from(overdue).limit(limit);
  return rows.map((r) => r.referralId);
}
