import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { members, referrals } from '../../../db/schema/index.ts';

// Queries of the Medicaid ID lookup (000 §2.1), always within one organization: members_org_medicaid_uq and
// referrals_org_medicaid_idx serve them.

/** More spellings than this and only the upper- and lower-case ones are probed (no real ID has 9+ letters). */
const MAX_CASE_VARIANTS = 256;

/**
 * Every upper/lower-case spelling of a compact ID ("CA1B" → CA1B, CA1b, Ca1B, …), so an equality probe of the
 * (organization_id, medicaid_id) indexes finds a stored ID whatever its case.
 */
export function caseVariants(key: string): string[] {
  let out = [''];
  for (const ch of key) {
    const upper = ch.toUpperCase();
    const lower = ch.toLowerCase();
    out = upper === lower ? out.map((s) => s + ch) : out.flatMap((s) => [s + upper, s + lower]);
    if (out.length > MAX_CASE_VARIANTS) return [key.toUpperCase(), key.toLowerCase()];
  }
  return out;
}

/** The comparison key in SQL: spaces dropped, upper case (medicaidIdKey of @trust/domain). */
const keyOf = (column: typeof members.medicaidId | typeof referrals.medicaidId) =>
  sql`upper(replace(${column}, ' ', ''))`;

async function storedIdsIn(db: DbOrTx, orgId: number, spellings: string[]): Promise<string[]> {
  const [fromMembers, fromReferrals] = await Promise.all([
    db
      .selectDistinct({ id: members.medicaidId })
      .from(members)
      .where(and(eq(members.organizationId, orgId), inArray(members.medicaidId, spellings))),
    db
      .selectDistinct({ id: referrals.medicaidId })
      .from(referrals)
      .where(and(eq(referrals.organizationId, orgId), inArray(referrals.medicaidId, spellings))),
  ]);
  return [...fromMembers, ...fromReferrals].map((r) => r.id).filter((id): id is string => id !== null);
}

async function storedIdsByKey(db: DbOrTx, orgId: number, key: string): Promise<string[]> {
  const [fromMembers, fromReferrals] = await Promise.all([
    db
      .selectDistinct({ id: members.medicaidId })
      .from(members)
      .where(
        and(
          eq(members.organizationId, orgId),
          isNotNull(members.medicaidId),
          sql`${keyOf(members.medicaidId)} = ${key}`,
        ),
      ),
    db
      .selectDistinct({ id: referrals.medicaidId })
      .from(referrals)
      .where(and(eq(referrals.organizationId, orgId), sql`${keyOf(referrals.medicaidId)} = ${key}`)),
  ]);
  return [...fromMembers, ...fromReferrals].map((r) => r.id).filter((id): id is string => id !== null);
}

/**
 * The organization's stored spellings of a Medicaid ID, compared case-insensitively and without spaces.
 * First an index probe of every case spelling (the common case: found in well under a millisecond); only when
 * that finds nothing, a scan of the organization's index entries by the normalised key, which also finds IDs
 * stored with inner spaces (its cost grows with the organization's referrals: about 0.5 s at a million).
 */
export async function matchingMedicaidIds(db: DbOrTx, orgId: number, typed: string, key: string) {
  const spellings = [...new Set([typed.trim(), ...caseVariants(key)])];
  const probed = await storedIdsIn(db, orgId, spellings);
  const found = probed.length > 0 ? probed : await storedIdsByKey(db, orgId, key);
  return [...new Set(found)];
}

/** The organization's member record with one of these IDs (the most recently updated, if several). */
export async function findMember(db: DbOrTx, orgId: number, ids: string[]) {
  const [row] = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      phoneNo: members.phoneNo,
      dob: members.dob,
      language: members.language,
    })
    .from(members)
    .where(and(eq(members.organizationId, orgId), inArray(members.medicaidId, ids)))
    .orderBy(desc(members.lastUpdatedTs), desc(members.id))
    .limit(1);
  return row ?? null;
}
export type LookupMemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** The organization's latest referral with one of these IDs. */
export async function findLatestReferral(db: DbOrTx, orgId: number, ids: string[]) {
  const [row] = await db
    .select({
      id: referrals.id,
      firstName: referrals.firstName,
      lastName: referrals.lastName,
      phoneNumber: referrals.phoneNumber,
      email: referrals.email,
      dateOfBirth: referrals.dateOfBirth,
      zipCode: referrals.zipCode,
      streetAddress: referrals.streetAddress,
      city: referrals.city,
      state: referrals.state,
      country: referrals.country,
      preferredLanguage: referrals.preferredLanguage,
      healthPlan: referrals.healthPlan,
      planType: referrals.planType,
    })
    .from(referrals)
    .where(and(eq(referrals.organizationId, orgId), inArray(referrals.medicaidId, ids)))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(1);
  return row ?? null;
}
export type LookupReferralRow = NonNullable<Awaited<ReturnType<typeof findLatestReferral>>>;

export async function countReferrals(db: DbOrTx, orgId: number, ids: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(eq(referrals.organizationId, orgId), inArray(referrals.medicaidId, ids)));
  return Number(row?.n ?? 0);
}
