import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { loginAttempts } from '../../../db/schema/index.ts';

/** One sign-in attempt; `ip` is the address the limits count by (an IPv6 address by its /64). */
export async function recordAttempt(db: DbOrTx, attempt: { email: string; ip: string; succeeded: boolean }) {
  await db.insert(loginAttempts).values(attempt);
}

/** Whether the account signed in successfully from this address since `since` (a known address). */
export async function signedInFrom(db: DbOrTx, email: string, ip: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.succeeded, true),
        gt(loginAttempts.createdAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Failures are kept a day; successes 30 days, since they make an address "known" to the attempt limits
 * (sign-in-limits.ts).
 */
export async function deleteOldLoginAttempts(db: DbOrTx) {
  await db.execute(
    sql`DELETE FROM login_attempts WHERE created_at < now() - interval '1 day'
          AND (NOT succeeded OR created_at < now() - interval '30 days')`,
  );
}
