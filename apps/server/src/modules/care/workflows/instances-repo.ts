import { and, asc, count, desc, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { keptStatusCounts, totalOf } from '../../../db/kept-counts.ts';
import {
  enrollments,
  members,
  programs,
  users,
  workflowInstanceCounts,
  workflowInstances,
  workflowStepExecutions,
  workflowSteps,
  workflowTasks,
  workflowTemplates,
} from '../../../db/schema/index.ts';

// Workflow instances, their step executions and the tasks steps hand to people. Lists are narrowed in SQL to what
// the caller sees: the organization's, or for staff the enrollments they manage.

export type InstanceRow = typeof workflowInstances.$inferSelect;
export type InstanceInsert = typeof workflowInstances.$inferInsert;
export type ExecutionRow = typeof workflowStepExecutions.$inferSelect;
export type ExecutionInsert = typeof workflowStepExecutions.$inferInsert;
export type TaskRow = typeof workflowTasks.$inferSelect;
export type TaskInsert = typeof workflowTasks.$inferInsert;

/** Who sees which instances and tasks: the organization's, or a staff member's enrollments only. */
export type Scope = { organizationId: number; staffUserId: number | null };

const stepCount = sql<number>`(select count(*)::int from ${workflowSteps} s where s.template_id = ${workflowInstances.templateId} and s.version = ${workflowInstances.templateVersion})`;
const currentStepName = sql<
  string | null
>`(select s.step_name from ${workflowSteps} s where s.template_id = ${workflowInstances.templateId} and s.version = ${workflowInstances.templateVersion} and s.step_order = ${workflowInstances.currentStepOrder})`;

const view = {
  ...getTableColumns(workflowInstances),
  workflowName: workflowTemplates.name,
  memberFirstName: members.firstName,
  memberLastName: members.lastName,
  programName: programs.name,
  stepCount,
  currentStepName,
};
export type InstanceView = InstanceRow & {
  workflowName: string;
  memberFirstName: string;
  memberLastName: string;
  programName: string | null;
  stepCount: number;
  currentStepName: string | null;
};

function viewQuery(db: DbOrTx) {
  return db
    .select(view)
    .from(workflowInstances)
    .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowInstances.templateId))
    .innerJoin(enrollments, eq(enrollments.id, workflowInstances.enrollmentId))
    .innerJoin(members, eq(members.id, enrollments.memberId))
    .leftJoin(programs, eq(programs.id, enrollments.programId));
}

function scopeWhere(scope: Scope): SQL {
  return and(
    eq(workflowInstances.organizationId, scope.organizationId),
    scope.staffUserId === null ? undefined : eq(enrollments.caseManagerUserId, scope.staffUserId),
  ) as SQL;
}

export type InstanceFilter = {
  templateId?: number;
  enrollmentId?: number;
  status?: string;
  limit: number;
  offset: number;
};

/** One page, newest first (index workflow_instances_org_idx), its total, and the counts per status. */
export async function listInstances(db: DbOrTx, scope: Scope, filter: InstanceFilter) {
  const base = and(
    scopeWhere(scope),
    filter.templateId === undefined ? undefined : eq(workflowInstances.templateId, filter.templateId),
    filter.enrollmentId === undefined ? undefined : eq(workflowInstances.enrollmentId, filter.enrollmentId),
  ) as SQL;
  const where = and(
    base,
    filter.status === undefined ? undefined : eq(workflowInstances.status, filter.status),
  ) as SQL;
  const counted = (q: SQL) =>
    db
      .select({ status: workflowInstances.status, n: count() })
      .from(workflowInstances)
      .innerJoin(enrollments, eq(enrollments.id, workflowInstances.enrollmentId))
      .where(q)
      .groupBy(workflowInstances.status);
  // The whole organization's runs read the kept counts: counting would read every run of a large organization
  // per page (issue #22). A template's, an enrollment's or a staff member's runs are few, and are counted.
  const kept =
    scope.staffUserId === null && filter.templateId === undefined && filter.enrollmentId === undefined;
  const [rows, counts] = await Promise.all([
    viewQuery(db).where(where).orderBy(desc(workflowInstances.id)).limit(filter.limit).offset(filter.offset),
    kept
      ? keptStatusCounts(db, workflowInstanceCounts, scope.organizationId)
      : counted(base).then((byStatus) => Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]))),
  ]);
  return { rows: rows as InstanceView[], total: totalOf(counts, filter.status), counts };
}

export async function findInstance(db: DbOrTx, scope: Scope, id: number): Promise<InstanceView | undefined> {
  const [row] = await viewQuery(db).where(and(scopeWhere(scope), eq(workflowInstances.id, id)));
  return row as InstanceView | undefined;
}

export async function lockInstance(tx: DbOrTx, id: number): Promise<InstanceRow | undefined> {
  const [row] = await tx.select().from(workflowInstances).where(eq(workflowInstances.id, id)).for('update');
  return row;
}

/** Inserts an instance; null when the same trigger already started this template for this enrollment. */
export async function insertInstance(tx: DbOrTx, values: InstanceInsert): Promise<InstanceRow | null> {
  const [row] = await tx.insert(workflowInstances).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateInstance(tx: DbOrTx, id: number, values: Partial<InstanceInsert>) {
  await tx
    .update(workflowInstances)
    .set({ ...values, lastUpdatedTs: new Date() })
    .where(eq(workflowInstances.id, id));
}

export async function deleteInstance(tx: DbOrTx, id: number) {
  await tx.delete(workflowInstances).where(eq(workflowInstances.id, id));
}

/** Whether the enrollment has a running or paused instance of the template (one at a time). */
export async function hasOpenInstance(db: DbOrTx, templateId: number, enrollmentId: number) {
  const [row] = await db
    .select({ id: workflowInstances.id })
    .from(workflowInstances)
    .where(
      and(
        eq(workflowInstances.templateId, templateId),
        eq(workflowInstances.enrollmentId, enrollmentId),
        inArray(workflowInstances.status, ['running', 'paused']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// --- Executions ---

export async function insertExecution(tx: DbOrTx, values: ExecutionInsert): Promise<ExecutionRow> {
  const [row] = await tx.insert(workflowStepExecutions).values(values).returning();
  return row!;
}

/**
 * An execution and its instance, both locked, instance first. Every path that changes both takes them in this
 * order (and a task after them), so two of them never wait on each other.
 */
export async function lockExecutionAndInstance(
  tx: DbOrTx,
  executionId: number,
): Promise<{ execution: ExecutionRow; instance: InstanceRow } | undefined> {
  const [ref] = await tx
    .select({ instanceId: workflowStepExecutions.instanceId })
    .from(workflowStepExecutions)
    .where(eq(workflowStepExecutions.id, executionId));
  if (!ref) return undefined;
  const instance = await lockInstance(tx, ref.instanceId);
  const execution = await lockExecution(tx, executionId);
  return instance && execution ? { execution, instance } : undefined;
}

export async function lockExecution(tx: DbOrTx, id: number): Promise<ExecutionRow | undefined> {
  const [row] = await tx
    .select()
    .from(workflowStepExecutions)
    .where(eq(workflowStepExecutions.id, id))
    .for('update');
  return row;
}

export async function updateExecution(tx: DbOrTx, id: number, values: Partial<ExecutionInsert>) {
  await tx.update(workflowStepExecutions).set(values).where(eq(workflowStepExecutions.id, id));
}

/** How often the instance reached a step so far (the next visit is one more). */
export async function visitsOf(tx: DbOrTx, instanceId: number, stepOrder: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${workflowStepExecutions.visit}), 0)::int` })
    .from(workflowStepExecutions)
    .where(
      and(eq(workflowStepExecutions.instanceId, instanceId), eq(workflowStepExecutions.stepOrder, stepOrder)),
    );
  return Number(row?.n ?? 0);
}

export async function listExecutions(db: DbOrTx, instanceId: number): Promise<ExecutionRow[]> {
  return db
    .select()
    .from(workflowStepExecutions)
    .where(eq(workflowStepExecutions.instanceId, instanceId))
    .orderBy(asc(workflowStepExecutions.id));
}

/** The instance's execution that is not finished (pending, running or waiting), locked. */
export async function lockOpenExecution(tx: DbOrTx, instanceId: number): Promise<ExecutionRow | undefined> {
  const [row] = await tx
    .select()
    .from(workflowStepExecutions)
    .where(
      and(
        eq(workflowStepExecutions.instanceId, instanceId),
        inArray(workflowStepExecutions.status, ['pending', 'running', 'waiting']),
      ),
    )
    .orderBy(desc(workflowStepExecutions.id))
    .limit(1)
    .for('update');
  return row;
}

/** The form step waiting for this form (index workflow_step_executions_form_idx). */
export async function executionWaitingForForm(tx: DbOrTx, formInstanceId: number) {
  const [row] = await tx
    .select({ id: workflowStepExecutions.id })
    .from(workflowStepExecutions)
    .where(
      and(
        eq(workflowStepExecutions.stepType, 'form'),
        eq(workflowStepExecutions.status, 'waiting'),
        sql`((${workflowStepExecutions.output} ->> 'form_instance_id')::int) = ${formInstanceId}`,
      ),
    );
  return row?.id;
}

/** Outputs of the instance's completed executions by step order (the latest visit wins): a condition reads them. */
export async function stepOutputs(db: DbOrTx, instanceId: number): Promise<Record<string, unknown>> {
  const rows = await db
    .select({ order: workflowStepExecutions.stepOrder, output: workflowStepExecutions.output })
    .from(workflowStepExecutions)
    .where(
      and(eq(workflowStepExecutions.instanceId, instanceId), eq(workflowStepExecutions.status, 'completed')),
    )
    .orderBy(asc(workflowStepExecutions.id));
  return Object.fromEntries(rows.map((r) => [String(r.order), r.output ?? {}]));
}

export async function findStepOfExecution(db: DbOrTx, stepId: number | null) {
  if (stepId === null) return undefined;
  const [row] = await db.select().from(workflowSteps).where(eq(workflowSteps.id, stepId));
  return row;
}

/** The step of a version at an order, or the first one after it (`after`). */
export async function stepAt(db: DbOrTx, templateId: number, version: number, order: number, after = false) {
  const [row] = await db
    .select()
    .from(workflowSteps)
    .where(
      and(
        eq(workflowSteps.templateId, templateId),
        eq(workflowSteps.version, version),
        after ? sql`${workflowSteps.stepOrder} > ${order}` : eq(workflowSteps.stepOrder, order),
      ),
    )
    .orderBy(asc(workflowSteps.stepOrder))
    .limit(1);
  return row;
}

// --- Tasks ---

/** Inserts a step's task; the one a retried step already wrote is returned instead. */
export async function insertTask(tx: DbOrTx, values: TaskInsert): Promise<TaskRow> {
  const [row] = await tx.insert(workflowTasks).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await tx
    .select()
    .from(workflowTasks)
    .where(eq(workflowTasks.executionId, values.executionId));
  return existing!;
}

export async function findTask(db: DbOrTx, id: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(workflowTasks).where(eq(workflowTasks.id, id));
  return row;
}

export async function lockTask(tx: DbOrTx, id: number): Promise<TaskRow | undefined> {
  const [row] = await tx.select().from(workflowTasks).where(eq(workflowTasks.id, id)).for('update');
  return row;
}

export async function taskOfExecution(db: DbOrTx, executionId: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(workflowTasks).where(eq(workflowTasks.executionId, executionId));
  return row;
}

export async function updateTask(tx: DbOrTx, id: number, values: Partial<TaskInsert>) {
  await tx.update(workflowTasks).set(values).where(eq(workflowTasks.id, id));
}

export async function cancelOpenTasks(tx: DbOrTx, instanceId: number) {
  await tx
    .update(workflowTasks)
    .set({ status: 'cancelled', completedAt: new Date() })
    .where(and(eq(workflowTasks.instanceId, instanceId), eq(workflowTasks.status, 'open')));
}

const assignee = sql<
  string | null
>`(select u.name from ${users} u where u.id = ${workflowTasks.assigneeUserId})`;
const completer = sql<
  string | null
>`(select u.name from ${users} u where u.id = ${workflowTasks.completedBy})`;

export type TaskView = TaskRow & {
  workflowName: string;
  enrollmentId: number;
  memberFirstName: string;
  memberLastName: string;
  assigneeName: string | null;
  completedByName: string | null;
};

function taskQuery(db: DbOrTx) {
  return db
    .select({
      ...getTableColumns(workflowTasks),
      workflowName: workflowTemplates.name,
      enrollmentId: workflowInstances.enrollmentId,
      memberFirstName: members.firstName,
      memberLastName: members.lastName,
      assigneeName: assignee,
      completedByName: completer,
    })
    .from(workflowTasks)
    .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instanceId))
    .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowInstances.templateId))
    .innerJoin(enrollments, eq(enrollments.id, workflowInstances.enrollmentId))
    .innerJoin(members, eq(members.id, enrollments.memberId));
}

/**
 * Tasks for a person: assigned to them, or to their role in the organization; open or closed; optionally one
 * instance's (then every task of it the caller's scope sees).
 */
export async function listTasks(
  db: DbOrTx,
  input: {
    scope: Scope;
    userId: number;
    role: string;
    open: boolean;
    instanceId?: number;
    limit: number;
    offset: number;
  },
) {
  const mine = or(eq(workflowTasks.assigneeUserId, input.userId), eq(workflowTasks.assigneeRole, input.role));
  const where = and(
    eq(workflowTasks.organizationId, input.scope.organizationId),
    input.instanceId === undefined
      ? mine
      : and(
          eq(workflowTasks.instanceId, input.instanceId),
          input.scope.staffUserId === null
            ? undefined
            : or(mine, eq(enrollments.caseManagerUserId, input.scope.staffUserId)),
        ),
    input.open ? eq(workflowTasks.status, 'open') : ne(workflowTasks.status, 'open'),
  ) as SQL;
  const [rows, totals] = await Promise.all([
    taskQuery(db)
      .where(where)
      // Open ones newest first: what just arrived is on top of a dashboard that shows ten (the rest are counted).
      .orderBy(input.open ? desc(workflowTasks.id) : desc(workflowTasks.completedAt))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ total: count() })
      .from(workflowTasks)
      .innerJoin(workflowInstances, eq(workflowInstances.id, workflowTasks.instanceId))
      .innerJoin(enrollments, eq(enrollments.id, workflowInstances.enrollmentId))
      .where(where),
  ]);
  return { rows: rows as TaskView[], total: Number(totals[0]?.total ?? 0) };
}

export async function findTaskView(db: DbOrTx, id: number): Promise<TaskView | undefined> {
  const [row] = await taskQuery(db).where(eq(workflowTasks.id, id));
  return row as TaskView | undefined;
}

// --- What steps read of the enrollment and the organization (declared in module.ts `reads`) ---

export type EnrollmentFacts = {
  id: number;
  organizationId: number;
  status: string;
  programId: number;
  programName: string;
  programType: string | null;
  enrollmentDate: string;
  startDate: string | null;
  endDate: string | null;
  priorityLevel: string | null;
  eligibilityVerified: boolean;
  consentObtained: boolean;
  caseManagerUserId: number | null;
  memberId: number;
  memberFirstName: string;
  memberLastName: string;
  memberEmail: string | null;
  memberPhone: string | null;
  memberLanguage: string | null;
  memberGender: string | null;
};

export async function enrollmentFacts(
  db: DbOrTx,
  enrollmentId: number,
): Promise<EnrollmentFacts | undefined> {
  const [row] = await db
    .select({
      id: enrollments.id,
      organizationId: enrollments.organizationId,
      status: enrollments.status,
      programId: enrollments.programId,
      programName: programs.name,
      programType: programs.programType,
      enrollmentDate: enrollments.enrollmentDate,
      startDate: enrollments.startDate,
      endDate: enrollments.endDate,
      priorityLevel: enrollments.priorityLevel,
      eligibilityVerified: enrollments.eligibilityVerified,
      consentObtained: enrollments.consentObtained,
      caseManagerUserId: enrollments.caseManagerUserId,
      memberId: members.id,
      memberFirstName: members.firstName,
      memberLastName: members.lastName,
      memberEmail: members.email,
      memberPhone: members.phoneNo,
      memberLanguage: members.language,
      memberGender: members.gender,
    })
    .from(enrollments)
    .innerJoin(members, eq(members.id, enrollments.memberId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(eq(enrollments.id, enrollmentId));
  return row as EnrollmentFacts | undefined;
}

/** The enrollments a time-based run starts on: open ones of the program (or organization) with no open instance. */
export async function enrollmentsForScheduledRun(
  db: DbOrTx,
  template: { id: number; organizationId: number; programId: number | null },
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.organizationId, template.organizationId),
        template.programId === null ? undefined : eq(enrollments.programId, template.programId),
        inArray(enrollments.status, ['pending', 'active', 'on_hold']),
        sql`not exists (select 1 from ${workflowInstances} wi where wi.template_id = ${template.id} and wi.enrollment_id = ${enrollments.id} and wi.status in ('running', 'paused'))`,
      ),
    )
    .orderBy(asc(enrollments.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Executions of running instances that should have run by now but have not (their job went missing: queued by a
 * process without jobs, or lost): pending ones, and waits past their time, older than `before`.
 */
export async function staleExecutionIds(db: DbOrTx, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: workflowStepExecutions.id })
    .from(workflowStepExecutions)
    .innerJoin(workflowInstances, eq(workflowInstances.id, workflowStepExecutions.instanceId))
    .where(
      and(
        eq(workflowInstances.status, 'running'),
        or(
          and(
            eq(workflowStepExecutions.status, 'pending'),
            sql`coalesce(${workflowStepExecutions.resumeAt}, ${workflowStepExecutions.createdTs}) < ${before}`,
          ),
          and(
            eq(workflowStepExecutions.status, 'waiting'),
            eq(workflowStepExecutions.stepType, 'wait'),
            sql`${workflowStepExecutions.resumeAt} < ${before}`,
          ),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
