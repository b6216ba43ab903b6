import { toE164 } from '@trust/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsOptOuts } from '../../db/schema/index.ts';

// The numbers that answered STOP (CTIA keywords; 001 §2.12 intent 'stop'). No SMS goes to them, whichever module
// sends it: the delivery job refuses them (adapters/delivery.ts) and senders refuse them up front with a clear
// message. A START brings the number back.

export async function isOptedOut(db: DbOrTx, phone: string): Promise<boolean> {
  const e164 = toE164(phone);
  if (!e164) return false;
  const [row] = await db
    .select({ optedOut: smsOptOuts.optedOut })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, e164));
  return row?.optedOut === true;
}

/** Of the given numbers, the ones (as E.164) that answered STOP and have not come back. */
export async function optedOutNumbers(db: DbOrTx, phones: readonly string[]): Promise<Set<string>> {
  const numbers = [...new Set(phones.map((p) => toE164(p)).filter((p): p is string => p !== null))];
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(inArray(smsOptOuts.phone, numbers), eq(smsOptOuts.optedOut, true)));
  return new Set(rows.map((r) => r.phone));
}

/** Records STOP (true) or START (false) from `phone`; returns whether anything changed. */
export async function setOptedOut(
  db: DbOrTx,
  phone: string,
  optedOut: boolean,
  communicationId: number | null,
): Promise<boolean> {
  const e164 = toE164(phone);
  if (!e164) return false;
  const now = new Date();
  const rows = await db
    .insert(smsOptOuts)
    .values({
      phone: e164,
      optedOut,
      optedOutAt: now,
      optedInAt: optedOut ? null : now,
      communicationId,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: smsOptOuts.phone,
      set: {
        optedOut,
        optedOutAt: optedOut ? now : sql`${smsOptOuts.optedOutAt}`,
        optedInAt: optedOut ? null : now,
        communicationId,
        updatedAt: now,
      },
      setWhere: sql`${smsOptOuts.optedOut} <> ${optedOut}`,
    })
    .returning({ phone: smsOptOuts.phone });
  return rows.length > 0;
}
