import {
  isOrgManager,
  WORKFLOW_MESSAGES,
  type WorkflowTask,
  type WorkflowTaskDecision,
  type WorkflowTaskList,
  type WorkflowTaskListQuery,
} from '@trust/domain';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { settleWaiting } from './engine.ts';
import * as repo from './instances-repo.ts';

// Tasks and approvals steps hand to people (issue #17 item 2): listed on the dashboard of whoever they are for (the
// user, or everyone with the role), closed here. Closing one lets its waiting step go on in the same transaction;
// while the instance is paused the decision is kept and the step goes on when it is resumed.

const notFound = () => new AppError('workflow_task.not_found', WORKFLOW_MESSAGES.taskNotFound);

function toWire(row: repo.TaskView): WorkflowTask {
  return {
    id: row.id,
    kind: row.kind as WorkflowTask['kind'],
    title: row.title,
    description: row.description,
    status: row.status as WorkflowTask['status'],
    workflow_instance_id: row.instanceId,
    workflow_name: row.workflowName,
    enrollment_id: row.enrollmentId,
    member_name: `${row.memberFirstName} ${row.memberLastName}`.trim(),
    assignee_user_id: row.assigneeUserId,
    assignee_name: row.assigneeName,
    assignee_role: row.assigneeRole,
    outcomes: (row.outcomes ?? []) as string[],
    outcome: row.outcome,
    comment: row.comment,
    due_at: row.dueAt?.toISOString() ?? null,
    completed_by_name: row.completedByName,
    completed_at: row.completedAt?.toISOString() ?? null,
    created_ts: row.createdTs.toISOString(),
  };
}

/** GET /api/workflows/tasks: the caller's (theirs and their role's), open or closed; or one instance's. */
export async function listTasks(ctx: OrgContext, query: WorkflowTaskListQuery): Promise<WorkflowTaskList> {
  const { rows, total } = await repo.listTasks(ctx.db, {
    scope: {
      organizationId: ctx.actor.org.id,
      staffUserId: ctx.actor.org.role === 'staff' ? ctx.actor.user.id : null,
    },
    userId: ctx.actor.user.id,
    role: ctx.actor.org.role,
    open: query.state === 'open',
    ...(query.workflow_instance_id === undefined ? {} : { instanceId: query.workflow_instance_id }),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  await auditPhiRead(ctx.db, ctx, {
    action: 'workflow_task.list_read',
    entityType: 'workflow_task',
    ids: rows.map((r) => r.id),
  });
  return { tasks: rows.map(toWire), total };
}

/** May this person close this task: theirs, their role's, or (a task, not an approval) a manager's. */
function mayDecide(ctx: OrgContext, task: repo.TaskRow): boolean {
  if (task.assigneeUserId === ctx.actor.user.id) return true;
  if (task.assigneeRole !== null && task.assigneeRole === ctx.actor.org.role) return true;
  // An approval for managers is also an administrator's to give (002 §6: org_admin has full access).
  if (task.kind === 'approval') return task.assigneeRole === 'manager' && ctx.actor.org.role === 'org_admin';
  return isOrgManager(ctx.actor.org.role);
}

/** PUT /api/workflows/tasks/{id}: a task done (with its outcome), an approval approved or rejected with a comment. */
export async function decideTask(
  ctx: OrgContext,
  input: { id: number; body: WorkflowTaskDecision },
): Promise<WorkflowTask> {
  const { decision, outcome, comment } = input.body;
  await ctx.db.transaction(async (tx) => {
    const found = await repo.findTask(tx, input.id);
    if (!found || found.organizationId !== ctx.actor.org.id) throw notFound();
    // Instance, execution, then task: the order every path locks them in (instances-repo.ts).
    const locked = await repo.lockExecutionAndInstance(tx, found.executionId);
    const task = await repo.lockTask(tx, found.id);
    if (!task) throw notFound();
    if (!mayDecide(ctx, task)) throw new AppError('workflow_task.not_yours', WORKFLOW_MESSAGES.taskNotYours);
    if (task.status !== 'open') throw new AppError('workflow_task.closed', WORKFLOW_MESSAGES.taskClosed);
    const valid = task.kind === 'approval' ? decision !== 'done' : decision === 'done';
    if (!valid) {
      throw new AppError('workflow_task.decision_invalid', WORKFLOW_MESSAGES.decisionInvalid(task.kind), {
        fields: { decision: WORKFLOW_MESSAGES.decisionInvalid(task.kind) },
      });
    }
    const outcomes = (task.outcomes ?? []) as string[];
    if (task.kind === 'task' && outcomes.length > 0 && (!outcome || !outcomes.includes(outcome))) {
      throw new AppError('workflow_task.decision_invalid', WORKFLOW_MESSAGES.outcomeInvalid(outcomes), {
        fields: { outcome: WORKFLOW_MESSAGES.outcomeInvalid(outcomes) },
      });
    }
    await repo.updateTask(tx, task.id, {
      status: decision,
      outcome: task.kind === 'task' ? (outcome ?? null) : null,
      comment: comment || null,
      completedBy: ctx.actor.user.id,
      completedAt: new Date(),
    });
    await audit(tx, ctx, {
      action: `workflow_task.${decision}`,
      entityType: 'workflow_task',
      entityId: task.id,
      details: { workflow_instance_id: task.instanceId, ...(outcome ? { outcome } : {}) },
    });
    if (locked) await settleWaiting(ctx, tx, locked.instance, locked.execution);
  });
  const view = await repo.findTaskView(ctx.db, input.id);
  if (!view) throw notFound();
  return toWire(view);
}
