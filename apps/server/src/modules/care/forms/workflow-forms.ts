import { completionPercentage, type FormSection } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { clearAnalyticsCache } from './analytics-cache.ts';
import { defaultAnswers } from './answers.ts';
import * as instancesRepo from './instances-repo.ts';
import * as templatesRepo from './templates-repo.ts';

// For the workflow engine (issue #17 `form` step): it assigns a form to an enrollment inside the transaction of the
// step, so the form exists exactly when the step's execution says it does, and waits for form.submitted. The
// engine acts as the system, not as a person: the audit row names the job.

/** Whether a form template is an active template of the organization (a form step may name it). */
export async function formTemplateUsable(
  ctx: Pick<ServiceContext, 'db'>,
  organizationId: number,
  templateId: number,
): Promise<boolean> {
  const view = await templatesRepo.findTemplate(ctx.db, organizationId, templateId);
  return view?.template.isActive === true;
}

export type WorkflowFormInput = {
  organizationId: number;
  templateId: number;
  enrollmentId: number;
  assigneeUserId: number | null;
  dueDate: string | null;
};

/**
 * Starts a draft of the template's current version for the enrollment, in `tx`. Returns its id, or null when the
 * template is no longer an active template of the organization (the step then fails with that reason).
 */
export async function startFormForWorkflow(
  ctx: ServiceContext,
  tx: DbOrTx,
  input: WorkflowFormInput,
): Promise<{ id: number; name: string } | null> {
  const view = await templatesRepo.findTemplate(tx, input.organizationId, input.templateId);
  if (!view?.template.isActive) return null;
  const sections = view.version.sections as FormSection[];
  const answers = defaultAnswers(sections);
  const row = await instancesRepo.insertInstance(tx, {
    organizationId: input.organizationId,
    templateId: view.template.id,
    templateVersion: view.version.version,
    enrollmentId: input.enrollmentId,
    fieldData: answers,
    completionPercentage: completionPercentage({ sections }, answers),
    assignedToUserId: input.assigneeUserId,
    dueDate: input.dueDate,
  });
  await instancesRepo.insertHistory(tx, { instanceId: row.id, action: 'created', userId: null });
  await audit(tx, ctx, {
    action: 'form_instance.created',
    entityType: 'form_instance',
    entityId: row.id,
    organizationId: input.organizationId,
    details: {
      enrollment_id: input.enrollmentId,
      form_template_id: view.template.id,
      version: view.version.version,
      by: 'workflow',
    },
  });
  await clearAnalyticsCache(tx, input.organizationId);
  return { id: row.id, name: view.version.name };
}
