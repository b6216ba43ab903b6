import { canMoveWorkflowInstance, WORKFLOW_MESSAGES, type WorkflowInstanceStatus } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './instances-repo.ts';

// The workflow instance state machine (002 §4, WORKFLOW_INSTANCE_TRANSITIONS in the domain): the one place an
// instance's status changes. In the caller's transaction it writes the status (and its end time), the audit row
// and the domain event, and tells the organization's open screens; a failure is also told to whoever started it.

export const INSTANCE_EVENT = 'workflow.instance_changed';

type Move = {
  instance: repo.InstanceRow;
  to: WorkflowInstanceStatus;
  by: 'person' | 'engine';
  error?: string | null;
  /** The step order the instance is at after the move (an engine move may also advance it). */
  currentStepOrder?: number;
};

export async function moveInstance(tx: DbOrTx, ctx: ServiceContext, move: Move): Promise<repo.InstanceRow> {
  const from = move.instance.status;
  if (!canMoveWorkflowInstance(from, move.to, move.by)) {
    throw new AppError(
      'workflow_instance.status_step_invalid',
      WORKFLOW_MESSAGES.statusStepInvalid(from, move.to),
    );
  }
  const ended = move.to === 'completed' || move.to === 'failed' || move.to === 'cancelled';
  const values: Partial<repo.InstanceInsert> = {
    status: move.to,
    ...(ended ? { completedAt: new Date() } : {}),
    ...(move.to === 'failed' ? { errorMessage: move.error ?? 'The workflow failed.' } : {}),
    ...(move.currentStepOrder === undefined ? {} : { currentStepOrder: move.currentStepOrder }),
  };
  await repo.updateInstance(tx, move.instance.id, values);
  const after = { ...move.instance, ...values } as repo.InstanceRow;
  await audit(tx, ctx, {
    action: `workflow_instance.${move.to}`,
    entityType: 'workflow_instance',
    entityId: move.instance.id,
    organizationId: move.instance.organizationId,
    details: {
      enrollment_id: move.instance.enrollmentId,
      from,
      step_order: after.currentStepOrder,
      ...(move.to === 'failed' ? { error: after.errorMessage } : {}),
    },
  });
  await announceInstance(tx, ctx, after);
  return after;
}

/** The domain event and the organization's live screens, for a start, a step or a status change. */
export async function announceInstance(tx: DbOrTx, ctx: ServiceContext, instance: repo.InstanceRow) {
  const data = {
    workflow_instance_id: instance.id,
    workflow_template_id: instance.templateId,
    enrollment_id: instance.enrollmentId,
    organization_id: instance.organizationId,
    status: instance.status,
    current_step_order: instance.currentStepOrder,
  };
  await ctx.deps.domainEvents.publish(tx, 'workflow.instance_changed', data);
  await ctx.deps.events.publish(INSTANCE_EVENT, { kind: 'org', org_id: instance.organizationId }, data, tx);
}
