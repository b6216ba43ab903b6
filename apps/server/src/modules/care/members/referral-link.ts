import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { members } from '../../../db/schema/index.ts';

// The referral intake's way into the member registry (000 §2.1, §2.8; issue #15 item 1: the members referrals
// are grouped by are the registry's members). The referrals module calls these inside its create transaction
// (`db` is that transaction), so a referral and its member commit together.

/** The organization's member with this Medicaid ID (members_org_medicaid_uq), with what identifies them. */
export async function findMemberByMedicaidId(db: DbOrTx, input: { orgId: number; medicaidId: string }) {
  const [row] = await db
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName, dob: members.dob })
    .from(members)
    .where(and(eq(members.organizationId, input.orgId), eq(members.medicaidId, input.medicaidId)))
    .limit(1);
  return row;
}

/** Replaces the identifying details of a member on file (the caller confirmed it is the same person, issue #14). */
export async function replaceMemberIdentity(
  db: DbOrTx,
  input: { memberId: number; firstName: string; lastName: string; dob: string | null },
) {
  const { memberId, ...values } = input;
  await db
    .update(members)
    .set({ ...values, lastUpdatedTs: new Date() })
    .where(eq(members.id, memberId));
}

/**
 * The organization's member with this Medicaid ID, added to the registry from the referral if new (once, however
 * many referrals race: the unique index settles it). Returns the member's id.
 */
export async function linkMemberForReferral(
  db: DbOrTx,
  input: {
    orgId: number;
    createdBy: number;
    values: {
      medicaidId: string;
      firstName: string;
      lastName: string;
      email: string | null;
      phoneNo: string | null;
      dob: string | null;
      language: string | null;
    };
  },
): Promise<number | null> {
  const found = await findMemberByMedicaidId(db, { orgId: input.orgId, medicaidId: input.values.medicaidId });
  if (found) return found.id;
  const [row] = await db
    .insert(members)
    .values({ ...input.values, organizationId: input.orgId, createdBy: input.createdBy })
    .onConflictDoNothing({
      target: [members.organizationId, members.medicaidId],
      where: sql`${members.medicaidId} is not null`,
    })
    .returning({ id: members.id });
  return (
    row?.id ??
    (await findMemberByMedicaidId(db, { orgId: input.orgId, medicaidId: input.values.medicaidId }))?.id ??
    null
  );
}
