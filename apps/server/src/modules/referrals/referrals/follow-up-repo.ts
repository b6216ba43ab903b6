import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memberFollowUps } from '../../../db/schema/index.ts';

// The rows of the member's follow-up question (issue #14 item 4; schema/referrals.ts member_follow_ups).

export type FollowUpRow = typeof memberFollowUps.$inferSelect;

/** Schedules the question for a referral once (a referral is Completed once: Completed is closed). */
export async function insertFollowUp(
  db: DbOrTx,
  row: { referralId: number; organizationId: number; providerId: number | null; dueAt: Date },
): Promise<FollowUpRow | undefined> {
  const [inserted] = await db.insert(memberFollowUps).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Questions due by `now` and not yet sent or skipped, oldest first, locked (another run skips them). */
export function lockDueFollowUps(db: DbOrTx, now: Date, limit: number): Promise<FollowUpRow[]> {
  return db
    .select()
    .from(memberFollowUps)
    .where(
      and(
        lte(memberFollowUps.dueAt, now),
        isNull(memberFollowUps.sentAt),
        isNull(memberFollowUps.skippedReason),
      ),
    )
    .orderBy(memberFollowUps.dueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function updateFollowUp(db: DbOrTx, id: number, patch: Partial<FollowUpRow>): Promise<void> {
  await db.update(memberFollowUps).set(patch).where(eq(memberFollowUps.id, id));
}

/** The newest question sent to these digits within the last `days` (served by member_follow_ups_phone_idx). */
function newestSentTo(db: DbOrTx, phoneDigits: string, days: number) {
  return db
    .select()
    .from(memberFollowUps)
    .where(
      and(
        eq(memberFollowUps.phoneDigits, phoneDigits),
        isNotNull(memberFollowUps.sentAt),
        sql`${memberFollowUps.sentAt} > now() - make_interval(days => ${days})`,
      ),
    )
    .orderBy(desc(memberFollowUps.sentAt), desc(memberFollowUps.id))
    .limit(1);
}

/** That question, locked for the member's answer. */
export async function lockLatestSentTo(
  db: DbOrTx,
  phoneDigits: string,
  days: number,
): Promise<FollowUpRow | undefined> {
  const [row] = await newestSentTo(db, phoneDigits, days).for('update');
  return row;
}

/** That question without the lock, for placing an inbound message. */
export async function latestSentTo(
  db: DbOrTx,
  phoneDigits: string,
  days: number,
): Promise<FollowUpRow | undefined> {
  const [row] = await newestSentTo(db, phoneDigits, days);
  return row;
}
