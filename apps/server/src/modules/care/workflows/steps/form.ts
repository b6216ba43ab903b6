import { addDaysIso, todayIsoDate, type WorkflowStepConfig } from '@trust/domain';
import { startFormForWorkflow } from '../../forms/workflow-forms.ts';
import type { StepResult, StepRun } from './types.ts';

// `form` steps (issue #17 item 2): assigns a smart form to the enrollment's case manager and waits until it is
// submitted (the forms module's form.submitted event; triggers.ts).

export async function runForm(run: StepRun): Promise<StepResult> {
  const config = run.config as WorkflowStepConfig<'form'>;
  const form = await startFormForWorkflow(run.ctx, run.tx, {
    organizationId: run.instance.organizationId,
    templateId: config.form_template_id,
    enrollmentId: run.facts.id,
    assigneeUserId: run.facts.caseManagerUserId,
    dueDate: config.due_in_days ? addDaysIso(todayIsoDate(), config.due_in_days) : null,
  });
  if (!form) {
    return { kind: 'fail', error: 'The form template of this step is no longer an active template.' };
  }
  return { kind: 'wait', output: { form_instance_id: form.id, form_name: form.name } };
}
