import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  backupCodes,
  loginChallenges,
  trustedDevices,
  users,
  userTwoFactor,
} from '../../../db/schema/index.ts';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;
export type ChallengeRow = typeof loginChallenges.$inferSelect;
export type DeviceRow = typeof trustedDevices.$inferSelect;

export async function findSettings(db: DbOrTx, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** Inserts or updates the user's two-factor row with the given fields. */
export async function upsertSettings(
  db: DbOrTx,
  userId: number,
  values: Partial<Omit<TwoFactorRow, 'userId' | 'updatedAt'>>,
) {
  await db
    .insert(userTwoFactor)
    .values({ userId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { ...values, updatedAt: new Date() } });
}

export async function countUnusedBackupCodes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.n ?? 0;
}

export async function replaceBackupCodes(db: DbOrTx, userId: number, hashes: string[], at: Date) {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await db.insert(backupCodes).values(hashes.map((codeHash) => ({ userId, codeHash, generatedAt: at })));
}

export async function findBackupCode(db: DbOrTx, userId: number, codeHash: string) {
  const [row] = await db
    .select()
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash)));
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function useBackupCode(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: at })
    .where(and(eq(backupCodes.id, id), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return rows.length > 0;
}

export async function consumeOpenChallenges(db: DbOrTx, userId: number, at: Date) {
  await db
    .update(loginChallenges)
    .set({ consumedAt: at })
    .where(and(eq(loginChallenges.userId, userId), isNull(loginChallenges.consumedAt)));
}

export async function createChallenge(db: DbOrTx, values: typeof loginChallenges.$inferInsert) {
  const [row] = await db.insert(loginChallenges).values(values).returning();
  return row!;
}

/** The newest unconsumed, unexpired challenge of a user. */
export async function findLiveChallenge(db: DbOrTx, userId: number, now: Date) {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.userId, userId),
        isNull(loginChallenges.consumedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .orderBy(desc(loginChallenges.createdAt), desc(loginChallenges.id))
    .limit(1);
  return row;
}

/**
 * Counts one code attempt on a live challenge, in the same statement that checks the challenge's limit (003
 * §9: 3 attempts per SMS code): parallel attempts cannot slip past it. False when the limit is reached or the
 * challenge was used meanwhile; the code is then not checked at all.
 */
export async function takeChallengeAttempt(db: DbOrTx, id: number, max: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.id, id),
        isNull(loginChallenges.consumedAt),
        sql`${loginChallenges.attempts} < ${max}`,
      ),
    )
    .returning({ attempts: loginChallenges.attempts });
  return rows.length > 0;
}

/** Consumes a challenge; false when a concurrent request already did. */
export async function consumeChallenge(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ consumedAt: at })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** An active (not revoked, not expired) trusted device of a user by its token hash. */
export async function findActiveDevice(db: DbOrTx, userId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, tokenHash),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, now),
      ),
    );
  return row;
}

/**
 * Whether a device token belongs to an active trusted device of the account with this email. Looked up by the
 * token alone first (its unique index), so an unknown email costs the same as a known one.
 */
export async function isActiveDeviceOfEmail(db: DbOrTx, email: string, tokenHash: string, now: Date) {
  const rows = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.tokenHash, tokenHash),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, now),
        sql`lower(${users.email}) = ${email}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function touchDevice(db: DbOrTx, id: number, at: Date, ip: string | null) {
  await db.update(trustedDevices).set({ lastUsed: at, ipAddress: ip }).where(eq(trustedDevices.id, id));
}

export async function createDevice(db: DbOrTx, values: typeof trustedDevices.$inferInsert) {
  const [row] = await db.insert(trustedDevices).values(values).returning();
  return row!;
}

export async function listActiveDevices(db: DbOrTx, userId: number, now: Date) {
  return db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .orderBy(desc(trustedDevices.lastUsed), desc(trustedDevices.id));
}

/** Revokes one device of the user (all when id is undefined); returns the ids revoked. */
export async function revokeDevices(db: DbOrTx, userId: number, at: Date, id?: number) {
  const rows = await db
    .update(trustedDevices)
    .set({ revokedAt: at })
    .where(
      and(
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        id === undefined ? undefined : eq(trustedDevices.id, id),
      ),
    )
    .returning({ id: trustedDevices.id });
  return rows.map((r) => r.id);
}

export async function setChallengeCode(db: DbOrTx, id: number, codeHash: string, expiresAt: Date) {
  await db
    .update(loginChallenges)
    .set({ smsCodeHash: codeHash, smsCodeExpiresAt: expiresAt })
    .where(eq(loginChallenges.id, id));
}
