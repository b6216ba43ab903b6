import { canMoveForm, FORM_SERVER_MESSAGES, type FormInstanceStatus, isOrgManager } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { clearAnalyticsCache } from './analytics-cache.ts';
import * as repo from './instances-repo.ts';

// The form state machine (002 §4, FORM_TRANSITIONS in the domain): the one place a form's status changes. It
// checks the step and who takes it, and in the caller's transaction writes the status with its time and person,
// the history entry, the audit row and the domain event (published when the transaction commits).

type Move = {
  instance: repo.InstanceRow;
  to: Exclude<FormInstanceStatus, 'draft'>;
  /** The fields a submission changed (history and audit name them, never their answers). */
  changedFields?: string[];
  comment?: string | null;
  /** What else the same update writes (the answers of a submission). */
  values?: Partial<repo.InstanceInsert>;
  formType: string;
};

/** Takes one step of the state machine inside `tx`; refuses a step it does not allow or a person who may not. */
export async function moveForm(tx: DbOrTx, ctx: OrgContext, move: Move): Promise<void> {
  const from = move.instance.status as FormInstanceStatus;
  if (move.to !== 'submitted' && !isOrgManager(ctx.actor.org.role)) {
    throw new AppError('form_instance.review_forbidden', FORM_SERVER_MESSAGES.reviewForbidden);
  }
  if (!canMoveForm(from, move.to)) {
    if (from !== 'draft' && move.to === 'submitted') {
      throw new AppError('form_instance.not_editable', FORM_SERVER_MESSAGES.notEditable);
    }
    throw new AppError(
      'form_instance.review_step_invalid',
      FORM_SERVER_MESSAGES.reviewStepInvalid(from, move.to),
    );
  }
  const now = new Date();
  const who = ctx.actor.user.id;
  const stamp: Partial<repo.InstanceInsert> =
    move.to === 'submitted'
      ? { submittedAt: now }
      : move.to === 'reviewed'
        ? { reviewedAt: now, reviewedBy: who, reviewComment: move.comment ?? null }
        : {
            approvedAt: now,
            approvedBy: who,
            ...(move.comment ? { reviewComment: move.comment } : {}),
          };
  await repo.updateInstance(tx, move.instance.id, {
    ...move.values,
    ...stamp,
    status: move.to,
    revision: move.instance.revision + 1,
    lastUpdatedBy: who,
    lastUpdatedTs: now,
  });
  await repo.insertHistory(tx, {
    instanceId: move.instance.id,
    action: move.to,
    userId: who,
    changedFields: move.changedFields ?? [],
    comment: move.comment ?? null,
  });
  await audit(tx, ctx, {
    action: `form_instance.${move.to}`,
    entityType: 'form_instance',
    entityId: move.instance.id,
    details: {
      enrollment_id: move.instance.enrollmentId,
      from,
      ...(move.changedFields ? { changed_fields: move.changedFields } : {}),
    },
  });
  const ids = {
    form_instance_id: move.instance.id,
    form_template_id: move.instance.templateId,
    enrollment_id: move.instance.enrollmentId,
    organization_id: move.instance.organizationId,
  };
  if (move.to === 'submitted') {
    await ctx.deps.domainEvents.publish(tx, 'form.submitted', { ...ids, form_type: move.formType });
  } else {
    await ctx.deps.domainEvents.publish(tx, 'form.reviewed', { ...ids, status: move.to });
  }
  await clearAnalyticsCache(tx, move.instance.organizationId);
}
