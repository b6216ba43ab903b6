import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { enrollmentActivities, enrollments, members, users } from '../../../db/schema/index.ts';

// The billable activities report's query (issue #15 item 7): the completed activities billed as one of a
// program's billing activities in a span of service dates, with the member and the performer's names.

export type BillableActivityRow = {
  id: number;
  enrollmentId: number;
  activityType: string;
  activityDate: string;
  units: number;
  billingActivityId: number;
  memberId: number;
  memberFirstName: string;
  memberLastName: string;
  medicaidId: string | null;
  performedByName: string | null;
};

type BillableQueryInput = {
  organizationId: number;
  programId: number;
  billingActivityIds: readonly number[];
  from: string;
  to: string;
  limit: number;
};

/**
 * Completed activities of the organization's enrollments in the program, billed as one of `billingActivityIds`
 * (at least one), dated `from`…`to` (both included), in service order (date, then id), at most `limit` rows.
 * Served by enrollment_activities_billing_idx (billing_activity_id, activity_date); each row then reaches its
 * enrollment, member and performer by primary key.
 */
export function billableActivitiesQuery(db: DbOrTx, input: BillableQueryInput) {
  return db
    .select({
      id: enrollmentActivities.id,
      enrollmentId: enrollmentActivities.enrollmentId,
      activityType: enrollmentActivities.activityType,
      activityDate: enrollmentActivities.activityDate,
      units: enrollmentActivities.units,
      billingActivityId: enrollmentActivities.billingActivityId,
      memberId: enrollments.memberId,
      memberFirstName: members.firstName,
      memberLastName: members.lastName,
      medicaidId: members.medicaidId,
      performedByName: users.name,
    })
    .from(enrollmentActivities)
    .innerJoin(enrollments, eq(enrollments.id, enrollmentActivities.enrollmentId))
    .innerJoin(members, eq(members.id, enrollments.memberId))
    .leftJoin(users, eq(users.id, enrollmentActivities.performedBy))
    .where(
      and(
        inArray(enrollmentActivities.billingActivityId, [...input.billingActivityIds]),
        gte(enrollmentActivities.activityDate, input.from),
        lte(enrollmentActivities.activityDate, input.to),
        eq(enrollmentActivities.status, 'completed'),
        eq(enrollments.organizationId, input.organizationId),
        eq(enrollments.programId, input.programId),
      ),
    )
    .orderBy(asc(enrollmentActivities.activityDate), asc(enrollmentActivities.id))
    .limit(input.limit);
}

/** The rows of billableActivitiesQuery (none when the program has no billing activity). */
export async function listCompletedBillableActivities(
  db: DbOrTx,
  input: BillableQueryInput,
): Promise<BillableActivityRow[]> {
  if (input.billingActivityIds.length === 0) return [];
  const rows = await billableActivitiesQuery(db, input);
  // The filter on billing_activity_id IN (…) leaves no null; the type does not know it.
  return rows.map((r) => ({ ...r, billingActivityId: r.billingActivityId as number }));
}
