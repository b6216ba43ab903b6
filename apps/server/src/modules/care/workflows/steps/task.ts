import type { WorkflowStepConfig } from '@trust/domain';
import { notifyUsers } from '../../../communications/notifications/service.ts';
import * as repo from '../instances-repo.ts';
import { recipientsOf } from './people.ts';
import type { StepResult, StepRun } from './types.ts';

// `task` and `approval` steps (issue #17 item 2): a task for a user or a role of the organization, on their
// dashboard; the step waits until it is marked done (or approved or rejected: tasks-service.ts). The task and its
// notifications are written in the execution's transaction, once per execution.

export async function runTask(run: StepRun): Promise<StepResult> {
  const config = run.config as WorkflowStepConfig<'task'>;
  const to = await recipientsOf(run, config.assignee, config.assignee_user_id, config.assignee_role);
  if (!to.ok) return { kind: 'fail', error: to.error };
  const dueAt = config.due_in_hours ? new Date(Date.now() + config.due_in_hours * 3_600_000) : null;
  const task = await repo.insertTask(run.tx, {
    organizationId: run.instance.organizationId,
    instanceId: run.instance.id,
    executionId: run.execution.id,
    kind: 'task',
    title: run.step.stepName,
    description: config.description ?? null,
    assigneeUserId: to.userId,
    assigneeRole: to.role,
    outcomes: config.outcomes ?? [],
    dueAt,
  });
  await tell(
    run,
    to.people.map((p) => p.id),
    `New task: ${run.step.stepName}`,
  );
  return { kind: 'wait', output: { task_id: task.id, assignee_user_id: to.userId, assignee_role: to.role } };
}

export async function runApproval(run: StepRun): Promise<StepResult> {
  const config = run.config as WorkflowStepConfig<'approval'>;
  const to = await recipientsOf(run, 'role', null, config.approver_role);
  if (!to.ok) return { kind: 'fail', error: to.error };
  const task = await repo.insertTask(run.tx, {
    organizationId: run.instance.organizationId,
    instanceId: run.instance.id,
    executionId: run.execution.id,
    kind: 'approval',
    title: run.step.stepName,
    description: config.instructions ?? null,
    assigneeRole: config.approver_role,
    outcomes: [],
  });
  await tell(
    run,
    to.people.map((p) => p.id),
    `Approval needed: ${run.step.stepName}`,
  );
  return { kind: 'wait', output: { task_id: task.id, approver_role: config.approver_role } };
}

/** The in-app notification of a new task: names the workflow, not the member (the task list shows them). */
async function tell(run: StepRun, userIds: number[], title: string) {
  await notifyUsers(run.ctx, run.tx, {
    organizationId: run.instance.organizationId,
    userIds,
    title,
    body: `${run.workflowName}, enrollment #${run.facts.id}`,
    link: `/enrollments-view/${run.facts.id}`,
    sourceType: 'workflow',
    dedupeKey: `workflow-execution:${run.execution.id}`,
  });
}
