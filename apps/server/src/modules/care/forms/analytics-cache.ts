import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { formAnalyticsCache } from '../../../db/schema/index.ts';

// 002 §9: the analytics overview is cached 5 minutes per organization and query, and expired entries are purged
// every 10 minutes (a job, jobs.ts). The cache is a table so every server process shares it and a change clears
// it in the transaction that makes it: a form submitted is counted on the next read, not 5 minutes later.

export async function readAnalyticsCache<T>(
  db: DbOrTx,
  organizationId: number,
  key: string,
): Promise<T | undefined> {
  const [row] = await db
    .select({ payload: formAnalyticsCache.payload })
    .from(formAnalyticsCache)
    .where(
      and(
        eq(formAnalyticsCache.organizationId, organizationId),
        eq(formAnalyticsCache.cacheKey, key),
        gt(formAnalyticsCache.expiresAt, new Date()),
      ),
    );
  return row?.payload as T | undefined;
}

export async function writeAnalyticsCache(
  db: DbOrTx,
  organizationId: number,
  key: string,
  payload: unknown,
  seconds: number,
): Promise<void> {
  const expiresAt = new Date(Date.now() + seconds * 1000);
  await db
    .insert(formAnalyticsCache)
    .values({ organizationId, cacheKey: key, payload, expiresAt })
    .onConflictDoUpdate({
      target: [formAnalyticsCache.organizationId, formAnalyticsCache.cacheKey],
      set: { payload, expiresAt },
    });
}

/** Forgets an organization's cached analytics: call it in the transaction of any change to its forms. */
export async function clearAnalyticsCache(tx: DbOrTx, organizationId: number): Promise<void> {
  await tx.delete(formAnalyticsCache).where(eq(formAnalyticsCache.organizationId, organizationId));
}

/** Removes the expired entries (the purge job); returns how many. */
export async function purgeExpiredAnalytics(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(formAnalyticsCache)
    .where(lte(formAnalyticsCache.expiresAt, new Date()))
    .returning({ key: formAnalyticsCache.cacheKey });
  return gone.length;
}
