import {
  WORKFLOW_MESSAGES,
  type WorkflowExecutionList,
  type WorkflowExecutionStatus,
  type WorkflowInstance,
  type WorkflowInstanceCreate,
  type WorkflowInstanceList,
  type WorkflowInstanceListQuery,
  type WorkflowInstanceStatus,
  type WorkflowInstanceUpdate,
  type WorkflowStepType,
  workflowProgress,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext, ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findVisibleEnrollment } from '../enrollments/access.ts';
import { enterStep, requeueOpenExecution, STEP_JOB } from './engine.ts';
import * as repo from './instances-repo.ts';
import { moveInstance } from './lifecycle.ts';
import * as templatesRepo from './templates-repo.ts';
import { templateNotFound } from './templates-service.ts';

// Workflow instances (002 §2 Active Workflows, §3, §4, §7; issue #17 item 3). Staff see the instances of the
// enrollments they manage, everyone else of the organization all of them; member names make every read audited.
// Writers start a workflow by hand on an enrollment they see; managers and administrators pause, resume, cancel
// and delete (routes).

const notFound = () => new AppError('workflow_instance.not_found', WORKFLOW_MESSAGES.instanceNotFound);

function scopeOf(ctx: OrgContext): repo.Scope {
  return {
    organizationId: ctx.actor.org.id,
    staffUserId: ctx.actor.org.role === 'staff' ? ctx.actor.user.id : null,
  };
}

function toWire(row: repo.InstanceView): WorkflowInstance {
  return {
    id: row.id,
    workflow_template_id: row.templateId,
    workflow_name: row.workflowName,
    template_version: row.templateVersion,
    enrollment_id: row.enrollmentId,
    member_name: `${row.memberFirstName} ${row.memberLastName}`.trim(),
    program_name: row.programName,
    status: row.status as WorkflowInstanceStatus,
    current_step_order: row.currentStepOrder,
    current_step_name: row.currentStepName,
    step_count: Number(row.stepCount),
    progress: workflowProgress(row.currentStepOrder, row.status),
    error_message: row.errorMessage,
    started_by: row.startedBy,
    started_at: row.startedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    created_ts: row.createdTs.toISOString(),
  };
}

export type StartInput = {
  template: templatesRepo.TemplateRow;
  enrollmentId: number;
  /** 'manual', a trigger type, or 'automation_rule'. */
  startedBy: string;
  userId: number | null;
  /** What started it (an event id, a scheduled run, a request id): the same key starts it once. */
  triggerKey: string;
};

/**
 * Starts the template's current version for an enrollment, in `tx`: the instance, its first step's execution and
 * job. Null when the same trigger already started it, or the template has no steps. For triggers and rules too.
 */
export async function startInstance(
  ctx: ServiceContext,
  tx: DbOrTx,
  input: StartInput,
): Promise<repo.InstanceRow | null> {
  const first = await repo.stepAt(tx, input.template.id, input.template.currentVersion, 0, true);
  if (!first) return null;
  const instance = await repo.insertInstance(tx, {
    organizationId: input.template.organizationId,
    templateId: input.template.id,
    templateVersion: input.template.currentVersion,
    enrollmentId: input.enrollmentId,
    status: 'running',
    startedBy: input.startedBy,
    startedByUserId: input.userId,
    triggerKey: input.triggerKey,
  });
  if (!instance) return null;
  await audit(tx, ctx, {
    action: 'workflow_instance.started',
    entityType: 'workflow_instance',
    entityId: instance.id,
    organizationId: instance.organizationId,
    details: {
      workflow_template_id: instance.templateId,
      version: instance.templateVersion,
      enrollment_id: instance.enrollmentId,
      started_by: instance.startedBy,
    },
  });
  await enterStep(ctx, tx, instance, first);
  return instance;
}

/** POST /api/workflows/instances: the manual trigger, from an enrollment. */
export async function createInstance(
  ctx: OrgContext,
  input: WorkflowInstanceCreate,
): Promise<WorkflowInstance> {
  const enrollment = await findVisibleEnrollment(ctx, input.enrollment_id);
  const id = await ctx.db.transaction(async (tx) => {
    const template = await templatesRepo.shareTemplate(tx, ctx.actor.org.id, input.workflow_template_id);
    if (!template) throw templateNotFound();
    if (!template.isActive)
      throw new AppError('workflow_template.inactive', WORKFLOW_MESSAGES.templateInactive);
    if (await repo.hasOpenInstance(tx, template.id, enrollment.id)) {
      throw new AppError('workflow_instance.already_running', WORKFLOW_MESSAGES.alreadyRunning);
    }
    const instance = await startInstance(ctx, tx, {
      template,
      enrollmentId: enrollment.id,
      startedBy: 'manual',
      userId: ctx.actor.user.id,
      triggerKey: `manual:${crypto.randomUUID()}`,
    });
    if (!instance) {
      // Another start for this enrollment won the race (the open-instance unique index), or there are no steps.
      const hasSteps = await repo.stepAt(tx, template.id, template.currentVersion, 0, true);
      if (hasSteps) throw new AppError('workflow_instance.already_running', WORKFLOW_MESSAGES.alreadyRunning);
      throw new AppError('workflow_template.no_steps', WORKFLOW_MESSAGES.templateHasNoSteps);
    }
    return instance.id;
  });
  return current(ctx, id);
}

export async function listInstances(
  ctx: OrgContext,
  query: WorkflowInstanceListQuery,
): Promise<WorkflowInstanceList> {
  const { rows, total, counts } = await repo.listInstances(ctx.db, scopeOf(ctx), {
    ...(query.workflow_template_id === undefined ? {} : { templateId: query.workflow_template_id }),
    ...(query.enrollment_id === undefined ? {} : { enrollmentId: query.enrollment_id }),
    ...(query.status === undefined ? {} : { status: query.status }),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  await auditPhiRead(ctx.db, ctx, {
    action: 'workflow_instance.list_read',
    entityType: 'workflow_instance',
    ids: rows.map((r) => r.id),
  });
  return {
    instances: rows.map(toWire),
    total,
    counts: {
      running: counts.running ?? 0,
      completed: counts.completed ?? 0,
      failed: counts.failed ?? 0,
      paused: counts.paused ?? 0,
      cancelled: counts.cancelled ?? 0,
    },
  };
}

async function findVisible(ctx: OrgContext, id: number): Promise<repo.InstanceView> {
  const row = await repo.findInstance(ctx.db, scopeOf(ctx), id);
  if (!row) throw notFound();
  return row;
}

/** The instance as a change left it: the change's own audit row names it, no read row is added. */
async function current(ctx: OrgContext, id: number): Promise<WorkflowInstance> {
  return toWire(await findVisible(ctx, id));
}

export async function getInstance(ctx: OrgContext, input: { id: number }): Promise<WorkflowInstance> {
  const row = await findVisible(ctx, input.id);
  await audit(ctx.db, ctx, {
    action: 'workflow_instance.read',
    entityType: 'workflow_instance',
    entityId: row.id,
    details: { enrollment_id: row.enrollmentId },
  });
  return toWire(row);
}

/** PUT /api/workflows/instances/{id}: pause, resume or cancel (002 §4, enforced here). */
export async function updateInstanceStatus(
  ctx: OrgContext,
  input: { id: number; body: WorkflowInstanceUpdate },
): Promise<WorkflowInstance> {
  await findVisible(ctx, input.id);
  const jobToCancel = await ctx.db.transaction(async (tx) => {
    const instance = await repo.lockInstance(tx, input.id);
    if (!instance) throw notFound();
    const to = input.body.status;
    await moveInstance(tx, ctx, { instance, to, by: 'person' });
    if (to === 'running') {
      await requeueOpenExecution(ctx, tx, instance.id);
      return null;
    }
    if (to !== 'cancelled') return null;
    // Cancelling: the open step ends, its open tasks and approvals close, its queued job is cancelled.
    const open = await repo.lockOpenExecution(tx, instance.id);
    if (open) await repo.updateExecution(tx, open.id, { status: 'cancelled', completedAt: new Date() });
    await repo.cancelOpenTasks(tx, instance.id);
    return open?.jobId ?? null;
  });
  if (jobToCancel) await ctx.deps.jobs?.cancel(STEP_JOB, jobToCancel).catch(() => undefined);
  return current(ctx, input.id);
}

/** DELETE: the instance with its executions and tasks (002 §4: any instance, after confirmation). */
export async function deleteInstance(ctx: OrgContext, input: { id: number }) {
  await findVisible(ctx, input.id);
  const jobId = await ctx.db.transaction(async (tx) => {
    const instance = await repo.lockInstance(tx, input.id);
    if (!instance) throw notFound();
    const open = await repo.lockOpenExecution(tx, instance.id);
    await repo.deleteInstance(tx, instance.id);
    await audit(tx, ctx, {
      action: 'workflow_instance.deleted',
      entityType: 'workflow_instance',
      entityId: instance.id,
      details: { enrollment_id: instance.enrollmentId, status: instance.status },
    });
    return open?.jobId ?? null;
  });
  if (jobId) await ctx.deps.jobs?.cancel(STEP_JOB, jobId).catch(() => undefined);
  return { message: 'Workflow instance deleted successfully' };
}

/** GET /api/workflows/instances/{id}/executions: the instance's history, every step execution in order. */
export async function listExecutions(ctx: OrgContext, input: { id: number }): Promise<WorkflowExecutionList> {
  const instance = await findVisible(ctx, input.id);
  const rows = await repo.listExecutions(ctx.db, instance.id);
  await audit(ctx.db, ctx, {
    action: 'workflow_instance.read',
    entityType: 'workflow_instance',
    entityId: instance.id,
    details: { enrollment_id: instance.enrollmentId, executions: rows.length },
  });
  return {
    executions: rows.map((r) => ({
      id: r.id,
      step_id: r.stepId,
      step_order: r.stepOrder,
      step_name: r.stepName,
      step_type: r.stepType as WorkflowStepType,
      status: r.status as WorkflowExecutionStatus,
      attempts: r.attempts,
      input: (r.input ?? null) as Record<string, unknown> | null,
      output: (r.output ?? null) as Record<string, unknown> | null,
      error: r.error,
      resume_at: r.resumeAt?.toISOString() ?? null,
      started_at: r.startedAt?.toISOString() ?? null,
      completed_at: r.completedAt?.toISOString() ?? null,
      created_ts: r.createdTs.toISOString(),
    })),
  };
}

/**
 * For automation rules' `start_workflow` action, in the caller's transaction: starts the template for the
 * enrollment once per `triggerKey`. Returns the instance id, or why it was not started.
 */
export async function startWorkflowForAutomation(
  ctx: ServiceContext,
  tx: DbOrTx,
  input: { organizationId: number; templateId: number; enrollmentId: number; triggerKey: string },
): Promise<{ id: number } | { refused: string }> {
  const template = await templatesRepo.shareTemplate(tx, input.organizationId, input.templateId);
  if (!template) return { refused: WORKFLOW_MESSAGES.templateNotFound };
  if (!template.isActive) return { refused: WORKFLOW_MESSAGES.templateInactive };
  if (await repo.hasOpenInstance(tx, template.id, input.enrollmentId)) {
    return { refused: WORKFLOW_MESSAGES.alreadyRunning };
  }
  const instance = await startInstance(ctx, tx, {
    template,
    enrollmentId: input.enrollmentId,
    startedBy: 'automation_rule',
    userId: null,
    triggerKey: input.triggerKey,
  });
  return instance ? { id: instance.id } : { refused: WORKFLOW_MESSAGES.templateHasNoSteps };
}
