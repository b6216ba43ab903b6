import { and, count, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { keptStatusCounts, totalOf } from '../../../db/kept-counts.ts';
import {
  enrollments,
  formInstanceCounts,
  formInstanceHistory,
  formInstances,
  formTemplateVersions,
  members,
  memberships,
  programs,
  users,
} from '../../../db/schema/index.ts';

export type InstanceRow = typeof formInstances.$inferSelect;
export type InstanceInsert = typeof formInstances.$inferInsert;

/** A form with the names a screen shows beside it. */
export type InstanceView = InstanceRow & {
  templateName: string;
  formType: string;
  memberFirstName: string;
  memberLastName: string;
  programName: string;
  programId: number;
  caseManagerUserId: number | null;
  assignedToName: string | null;
  reviewedByName: string | null;
  approvedByName: string | null;
  createdByName: string | null;
  lastUpdatedByName: string | null;
};

/**
 * Who sees which forms: the organization's, and for staff only those of the enrollments they manage or assigned
 * to them (the enrollments module's rule for enrollments, widened by the assignment).
 */
export type Scope = { organizationId: number; staffUserId: number | null };

/**
 * A user's name by id, as a subquery of the select list rather than a join (issue #22): with five joins to users
 * beside the other five tables, PostgreSQL took 35 ms to plan each page (its join search grows with the number
 * of tables) and 1.7 ms to run it; as subqueries the plan takes 3 ms. Null when the id is null or unknown.
 */
function nameOfUser(id: AnyPgColumn) {
  return sql<string | null>`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${id})`;
}

const view = {
  instance: formInstances,
  templateName: formTemplateVersions.name,
  formType: formTemplateVersions.formType,
  memberFirstName: members.firstName,
  memberLastName: members.lastName,
  programName: programs.name,
  programId: programs.id,
  caseManagerUserId: enrollments.caseManagerUserId,
  assignedToName: nameOfUser(formInstances.assignedToUserId),
  reviewedByName: nameOfUser(formInstances.reviewedBy),
  approvedByName: nameOfUser(formInstances.approvedBy),
  createdByName: nameOfUser(formInstances.createdBy),
  lastUpdatedByName: nameOfUser(formInstances.lastUpdatedBy),
};

type ViewRow = { instance: InstanceRow } & Omit<InstanceView, keyof InstanceRow>;

function flatten(row: ViewRow): InstanceView {
  const { instance, ...names } = row;
  return { ...instance, ...names };
}

function viewQuery(db: DbOrTx) {
  return db
    .select(view)
    .from(formInstances)
    .innerJoin(
      formTemplateVersions,
      and(
        eq(formTemplateVersions.templateId, formInstances.templateId),
        eq(formTemplateVersions.version, formInstances.templateVersion),
      ),
    )
    .innerJoin(enrollments, eq(enrollments.id, formInstances.enrollmentId))
    .innerJoin(members, eq(members.id, enrollments.memberId))
    .innerJoin(programs, eq(programs.id, enrollments.programId));
}

function scopeWhere(scope: Scope): SQL | undefined {
  return and(
    eq(formInstances.organizationId, scope.organizationId),
    scope.staffUserId === null
      ? undefined
      : or(
          eq(enrollments.caseManagerUserId, scope.staffUserId),
          eq(formInstances.assignedToUserId, scope.staffUserId),
        ),
  );
}

export type InstanceFilter = {
  enrollmentId?: number;
  templateId?: number;
  status?: string;
  assignedToUserId?: number;
  programId?: number;
  /** overdue: due before `today`; due soon: due from `today` to `soonUntil`; both only for drafts. */
  compliance?: { kind: 'overdue' | 'due_soon'; today: string; soonUntil: string };
  limit: number;
  offset: number;
};

/** One page of the forms the scope sees, the most recently changed first. */
export async function listInstances(
  db: DbOrTx,
  scope: Scope,
  filter: InstanceFilter,
): Promise<{ rows: InstanceView[]; total: number }> {
  const c = filter.compliance;
  const where = and(
    scopeWhere(scope),
    filter.enrollmentId === undefined ? undefined : eq(formInstances.enrollmentId, filter.enrollmentId),
    filter.templateId === undefined ? undefined : eq(formInstances.templateId, filter.templateId),
    filter.status === undefined ? undefined : eq(formInstances.status, filter.status),
    filter.assignedToUserId === undefined
      ? undefined
      : eq(formInstances.assignedToUserId, filter.assignedToUserId),
    filter.programId === undefined ? undefined : eq(enrollments.programId, filter.programId),
    c ? eq(formInstances.status, 'draft') : undefined,
    c?.kind === 'overdue' ? lt(formInstances.dueDate, c.today) : undefined,
    c?.kind === 'due_soon'
      ? and(gte(formInstances.dueDate, c.today), lte(formInstances.dueDate, c.soonUntil))
      : undefined,
  );
  // The whole organization's forms (or one status of them) read the kept counts: counting would join every form
  // of a large organization to its enrollment per page (950 ms at a million, issue #22).
  const kept =
    scope.staffUserId === null &&
    !c &&
    [filter.enrollmentId, filter.templateId, filter.assignedToUserId, filter.programId].every(
      (v) => v === undefined,
    );
  const [rows, total] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(
        c ? sql`${formInstances.dueDate} asc` : desc(formInstances.lastUpdatedTs),
        desc(formInstances.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    kept
      ? keptStatusCounts(db, formInstanceCounts, scope.organizationId).then((k) => totalOf(k, filter.status))
      : db
          .select({ n: count() })
          .from(formInstances)
          .innerJoin(enrollments, eq(enrollments.id, formInstances.enrollmentId))
          .where(where)
          .then((t) => Number(t[0]?.n ?? 0)),
  ]);
  return { rows: rows.map(flatten), total };
}

export async function findInstance(db: DbOrTx, scope: Scope, id: number): Promise<InstanceView | undefined> {
  const [row] = await viewQuery(db).where(and(scopeWhere(scope), eq(formInstances.id, id)));
  return row ? flatten(row) : undefined;
}

/** The form's row, locked until the transaction ends: saves of one form queue up and each sees the last. */
export async function lockInstance(tx: DbOrTx, id: number): Promise<InstanceRow | undefined> {
  const [row] = await tx.select().from(formInstances).where(eq(formInstances.id, id)).for('update');
  return row;
}

export async function insertInstance(tx: DbOrTx, values: InstanceInsert): Promise<InstanceRow> {
  const [row] = await tx.insert(formInstances).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateInstance(tx: DbOrTx, id: number, values: Partial<InstanceInsert>): Promise<void> {
  await tx.update(formInstances).set(values).where(eq(formInstances.id, id));
}

export async function deleteInstance(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(formInstances).where(eq(formInstances.id, id));
}

export async function insertHistory(
  tx: DbOrTx,
  values: typeof formInstanceHistory.$inferInsert,
): Promise<void> {
  await tx.insert(formInstanceHistory).values(values);
}

/** A form's history, newest first, with each person's name. */
export async function listHistory(db: DbOrTx, instanceId: number) {
  return db
    .select({
      id: formInstanceHistory.id,
      action: formInstanceHistory.action,
      createdTs: formInstanceHistory.createdTs,
      userName: users.name,
      changedFields: formInstanceHistory.changedFields,
      comment: formInstanceHistory.comment,
    })
    .from(formInstanceHistory)
    .leftJoin(users, eq(users.id, formInstanceHistory.userId))
    .where(eq(formInstanceHistory.instanceId, instanceId))
    .orderBy(desc(formInstanceHistory.id));
}

/** The role in the organization of an active user (null: not a member of it, or deactivated). */
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
