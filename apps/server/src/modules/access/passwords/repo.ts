import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { passwordResets, users } from '../../../db/schema/index.ts';

export async function insertReset(db: DbOrTx, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

export async function findResetForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: passwordResets });
  return row;
}

/** A reset uses up every open link of the user, not only the one clicked. */
export async function useAllResets(db: DbOrTx, userId: number, at: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
