import { and, count, desc, eq, exists, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { keptStatusCounts, totalOf } from '../../../db/kept-counts.ts';
import {
  enrollmentCounts,
  enrollments,
  members,
  memberships,
  programs,
  users,
} from '../../../db/schema/index.ts';

// The enrollments' queries. Every one names the organization: another organization's enrollment is not found.
// The list joins the member, the program and the case manager for their names (one query a page, not a call a row).

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type EnrollmentInsert = typeof enrollments.$inferInsert;
/** An enrollment with the names the wire carries (002 §3 member_name, program_name, case_manager_name). */
export type EnrollmentView = EnrollmentRow & {
  memberFirstName: string;
  memberLastName: string;
  programName: string;
  caseManagerName: string | null;
};

const view = {
  ...getTableColumns(enrollments),
  memberFirstName: members.firstName,
  memberLastName: members.lastName,
  programName: programs.name,
  caseManagerName: users.name,
};

function viewQuery(db: DbOrTx) {
  return db
    .select(view)
    .from(enrollments)
    .innerJoin(members, eq(members.id, enrollments.memberId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .leftJoin(users, eq(users.id, enrollments.caseManagerUserId));
}

/** Who sees which enrollments: everyone of the organization, or a staff member only those they manage. */
export type Scope = { organizationId: number; caseManagerUserId: number | null };

function scoped(scope: Scope): SQL {
  return and(
    eq(enrollments.organizationId, scope.organizationId),
    scope.caseManagerUserId === null ? undefined : eq(enrollments.caseManagerUserId, scope.caseManagerUserId),
  ) as SQL;
}

/**
 * One page of the organization's enrollments (or a staff member's), newest enrollment date first, with the
 * program, member and status filters, and their count (index enrollments_org_date_idx).
 */
export async function listEnrollments(
  db: DbOrTx,
  scope: Scope,
  filters: { memberId?: number; programId?: number; status?: string; limit: number; offset: number },
): Promise<{ rows: EnrollmentView[]; total: number }> {
  const where = and(
    scoped(scope),
    filters.memberId === undefined ? undefined : eq(enrollments.memberId, filters.memberId),
    filters.programId === undefined ? undefined : eq(enrollments.programId, filters.programId),
    filters.status === undefined ? undefined : eq(enrollments.status, filters.status),
  );
  // The whole organization's list (or one status of it) reads the kept counts: counting would read every
  // enrollment of a large organization per page (170 ms at a million, issue #22).
  const kept =
    scope.caseManagerUserId === null && filters.memberId === undefined && filters.programId === undefined;
  const [rows, total] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(desc(enrollments.enrollmentDate), desc(enrollments.id))
      .limit(filters.limit)
      .offset(filters.offset),
    kept
      ? keptStatusCounts(db, enrollmentCounts, scope.organizationId).then((c) => totalOf(c, filters.status))
      : db
          .select({ total: count() })
          .from(enrollments)
          .where(where)
          .then((t) => Number(t[0]?.total ?? 0)),
  ]);
  return { rows, total };
}

export async function findEnrollment(
  db: DbOrTx,
  scope: Scope,
  id: number,
): Promise<EnrollmentView | undefined> {
  const [row] = await viewQuery(db).where(and(eq(enrollments.id, id), scoped(scope)));
  return row;
}

/** The enrollment row, locked until the transaction ends: its changes happen one after the other. */
export async function lockEnrollment(
  tx: DbOrTx,
  scope: Scope,
  id: number,
): Promise<EnrollmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.id, id), scoped(scope)))
    .for('update');
  return row;
}

export async function insertEnrollment(tx: DbOrTx, values: EnrollmentInsert): Promise<EnrollmentRow> {
  const [row] = await tx.insert(enrollments).values(values).returning();
  return row!;
}

export async function updateEnrollment(
  tx: DbOrTx,
  id: number,
  values: Partial<EnrollmentInsert>,
): Promise<EnrollmentRow> {
  const [row] = await tx
    .update(enrollments)
    .set({ ...values, lastUpdatedTs: sql`now()` })
    .where(eq(enrollments.id, id))
    .returning();
  return row!;
}

export async function deleteEnrollment(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(enrollments).where(eq(enrollments.id, id));
}

/** Advisory-lock key space of this module: (ENROLLMENT_LOCK, member id) serialises a member's new enrollments. */
const ENROLLMENT_LOCK = 7_240_015;

/**
 * Holds, until the transaction ends, the right to enroll this member: two requests enrolling the same member
 * check for an open enrollment one after the other, so neither can add a second one.
 */
export async function lockMemberEnrollments(tx: DbOrTx, memberId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ENROLLMENT_LOCK}, ${memberId})`);
}

/** Whether the member has an open enrollment (one of `statuses`) in the program, other than `exceptId`. */
export async function hasOpenEnrollment(
  db: DbOrTx,
  input: { memberId: number; programId: number; statuses: readonly string[]; exceptId?: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.memberId, input.memberId),
        eq(enrollments.programId, input.programId),
        inArray(enrollments.status, [...input.statuses]),
        input.exceptId === undefined ? undefined : ne(enrollments.id, input.exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A member of the organization, with whether a staff member may enroll them: a staff member works with the
 * members they added or already manage as case manager (the member registry's own rule, issue #15 item 8).
 */
export async function findMember(
  db: DbOrTx,
  organizationId: number,
  memberId: number,
  staffUserId: number | null,
): Promise<{ id: number; firstName: string; lastName: string } | undefined> {
  const staffRule =
    staffUserId === null
      ? undefined
      : or(
          eq(members.createdBy, staffUserId),
          exists(
            db
              .select({ one: sql`1` })
              .from(enrollments)
              .where(
                and(eq(enrollments.memberId, members.id), eq(enrollments.caseManagerUserId, staffUserId)),
              ),
          ),
        );
  const [row] = await db
    .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.organizationId, organizationId), staffRule));
  return row;
}

/** The role in the organization of a user who may be a case manager (null: not a member of it). */
export async function membershipRole(
  db: DbOrTx,
  organizationId: number,
  userId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        eq(users.isActive, true),
      ),
    );
  return row?.role ?? null;
}
