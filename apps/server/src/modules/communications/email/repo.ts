import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { providers, referrals } from '../../../db/schema/index.ts';

// The reads the email module needs beyond the communications module's records: a provider's name and address,
// a provider by its address, the referral numbers of candidate threads (other modules' tables, read only and
// declared in module.ts).

export async function findProvider(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: providers.id, name: providers.name, email: providers.email })
    .from(providers)
    .where(eq(providers.id, id));
  return row ?? null;
}

/** The provider whose directory address this is (the first one when several share it). */
export async function findProviderByEmail(db: DbOrTx, address: string) {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(isNotNull(providers.email), sql`lower(trim(${providers.email})) = ${address}`))
    .orderBy(providers.id)
    .limit(1);
  return row ?? null;
}

export async function referralNumbers(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: referrals.id, number: referrals.referralNumber })
    .from(referrals)
    .where(inArray(referrals.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.number]));
}
