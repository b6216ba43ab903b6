import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { outboundMessages } from '../../../db/schema/index.ts';

export type OutboundRow = typeof outboundMessages.$inferSelect;

/** Newest first; the id breaks ties between messages of the same instant. */
export async function listMessages(
  db: DbOrTx,
  options: { channel?: string; limit: number; offset: number },
): Promise<{ rows: OutboundRow[]; total: number }> {
  const where = options.channel ? eq(outboundMessages.channel, options.channel) : undefined;
  const rows = await db
    .select()
    .from(outboundMessages)
    .where(where)
    .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
    .limit(options.limit)
    .offset(options.offset);
  const [totals] = await db.select({ total: count() }).from(outboundMessages).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function findMessage(db: DbOrTx, id: number): Promise<OutboundRow | undefined> {
  const [row] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, id));
  return row;
}

/**
 * Marks a message's outcome as reported to its communication method (metadata.method_outcome_recorded), once:
 * only a final message (sent or failed) sent through a stored method, not marked before. Returns what the
 * method's counters need, or undefined when there is nothing (more) to report.
 */
export async function claimMethodOutcome(db: DbOrTx, id: number) {
  const [row] = await db
    .update(outboundMessages)
    .set({ metadata: sql`${outboundMessages.metadata} || '{"method_outcome_recorded": true}'::jsonb` })
    .where(
      and(
        eq(outboundMessages.id, id),
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
  return row;
}
