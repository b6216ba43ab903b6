import { and, count, eq, gt, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';

export async function recordAttempt(db: DbOrTx, attempt: { email: string; ip: string; succeeded: boolean }) {
  await db.insert(loginAttempts).values(attempt);
}

/** Failed attempts for an email since `since` and after its last success (a success resets the count). */
export async function failuresForEmail(db: DbOrTx, email: string, since: Date): Promise<number> {
  const [last] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.succeeded, true),
        gt(loginAttempts.createdAt, since),
      ),
    );
  const from = last?.at && last.at > since ? last.at : since;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, from),
      ),
    );
  return row?.n ?? 0;
}

export async function failuresForIp(db: DbOrTx, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)),
    );
  return row?.n ?? 0;
}
