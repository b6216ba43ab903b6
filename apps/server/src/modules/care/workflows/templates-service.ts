import {
  cronNextRuns,
  parseStepConfig,
  parseTriggerConfig,
  stepJumpTarget,
  WORKFLOW_MESSAGES,
  type WorkflowStep,
  type WorkflowStepCreate,
  type WorkflowStepType,
  type WorkflowStepUpdate,
  type WorkflowTemplate,
  type WorkflowTemplateBody,
  type WorkflowTemplateList,
  type WorkflowTemplateListQuery,
  type WorkflowTriggerType,
  workflowStepCreateSchema,
  workflowStepUpdateSchema,
  workflowTemplateBodySchema,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { formTemplateUsable } from '../forms/workflow-forms.ts';
import { findProgramForOrg } from '../programs/service.ts';
import * as repo from './templates-repo.ts';

// Workflow templates and their steps (002 §2 Workflow Templates and Designer, §3, §5, §7; issue #17 item 1). Every
// member of the organization reads them; managers and administrators change them (routes). A version instances
// started on is frozen: the first step edit after that copies the steps to the next version, which new instances
// start on, while running ones finish on theirs.

export const templateNotFound = () =>
  new AppError('workflow_template.not_found', WORKFLOW_MESSAGES.templateNotFound);
const stepNotFound = () => new AppError('workflow_step.not_found', WORKFLOW_MESSAGES.stepNotFound);

export function toTemplateWire(row: repo.TemplateView): WorkflowTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    trigger_type: row.triggerType as WorkflowTriggerType,
    trigger_config: (row.triggerConfig ?? {}) as Record<string, unknown>,
    is_active: row.isActive,
    program_id: row.programId,
    program_name: row.programName,
    version: row.currentVersion,
    step_count: Number(row.stepCount),
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    created_ts: row.createdTs.toISOString(),
    last_updated_ts: row.lastUpdatedTs.toISOString(),
  };
}

export function toStepWire(row: repo.StepRow): WorkflowStep {
  return {
    id: row.id,
    workflow_template_id: row.templateId,
    version: row.version,
    step_order: row.stepOrder,
    step_type: row.stepType as WorkflowStepType,
    step_name: row.stepName,
    step_config: (row.stepConfig ?? {}) as Record<string, unknown>,
    required: row.required,
  };
}

export async function listTemplates(
  ctx: OrgContext,
  query: WorkflowTemplateListQuery,
): Promise<WorkflowTemplateList> {
  const { rows, total } = await repo.listTemplates(ctx.db, ctx.actor.org.id, {
    ...(query.program_id === undefined ? {} : { programId: query.program_id }),
    ...(query.is_active === undefined ? {} : { isActive: query.is_active === 'true' }),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { workflows: rows.map(toTemplateWire), total };
}

export async function findTemplateView(ctx: OrgContext, id: number): Promise<repo.TemplateView> {
  const row = await repo.findTemplate(ctx.db, ctx.actor.org.id, id);
  if (!row) throw templateNotFound();
  return row;
}

export async function getTemplate(ctx: OrgContext, input: { id: number }): Promise<WorkflowTemplate> {
  return toTemplateWire(await findTemplateView(ctx, input.id));
}

/** The checked content of a template body: its program is the organization's, its trigger configuration valid. */
async function checkedTemplate(ctx: OrgContext, raw: WorkflowTemplateBody) {
  const body = workflowTemplateBodySchema.parse(raw);
  const trigger = parseTriggerConfig(body.trigger_type, body.trigger_config);
  if (!trigger.ok) {
    throw new AppError('workflow_template.invalid', Object.values(trigger.fields)[0]!, {
      fields: trigger.fields,
    });
  }
  const programId =
    body.program_id === undefined || body.program_id === null
      ? null
      : (await findProgramForOrg(ctx, body.program_id)).id;
  const nextRunAt = nextRunOf(body.trigger_type, trigger.config, body.is_active);
  return {
    name: body.name,
    description: body.description ?? null,
    triggerType: body.trigger_type,
    triggerConfig: trigger.config,
    isActive: body.is_active,
    programId,
    nextRunAt,
  };
}

/** When the scheduler starts a time-based template next (null for other triggers, or inactive). */
export function nextRunOf(
  triggerType: string,
  config: Record<string, unknown>,
  active: boolean,
  from = new Date(),
) {
  if (triggerType !== 'time_based' || !active) return null;
  const runs = cronNextRuns(String(config.cron ?? ''), 1, from);
  return runs.ok ? runs.runs[0]! : null;
}

export async function createTemplate(ctx: OrgContext, body: WorkflowTemplateBody): Promise<WorkflowTemplate> {
  const content = await checkedTemplate(ctx, body);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertTemplate(tx, {
      ...content,
      organizationId: ctx.actor.org.id,
      createdBy: ctx.actor.user.id,
    });
    await audit(tx, ctx, {
      action: 'workflow_template.created',
      entityType: 'workflow_template',
      entityId: row.id,
      details: { name: row.name, trigger_type: row.triggerType },
    });
    return row.id;
  });
  return getTemplate(ctx, { id });
}

export async function updateTemplate(
  ctx: OrgContext,
  input: { id: number; body: WorkflowTemplateBody },
): Promise<WorkflowTemplate> {
  const content = await checkedTemplate(ctx, input.body);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockTemplate(tx, ctx.actor.org.id, input.id);
    if (!row) throw templateNotFound();
    await repo.updateTemplate(tx, row.id, { ...content, lastUpdatedTs: new Date() });
    await audit(tx, ctx, {
      action: 'workflow_template.updated',
      entityType: 'workflow_template',
      entityId: row.id,
      details: { trigger_type: content.triggerType, is_active: content.isActive },
    });
  });
  return getTemplate(ctx, { id: input.id });
}

/** DELETE: the template, its versions' steps and its instances with their history (002 §5: after confirmation). */
export async function deleteTemplate(ctx: OrgContext, input: { id: number }) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockTemplate(tx, ctx.actor.org.id, input.id);
    if (!row) throw templateNotFound();
    await repo.deleteTemplate(tx, row.id);
    await audit(tx, ctx, {
      action: 'workflow_template.deleted',
      entityType: 'workflow_template',
      entityId: row.id,
      details: { name: row.name },
    });
  });
  return { message: 'Workflow template deleted successfully' };
}

/** GET /api/workflows/templates/{id}/steps: the current version's steps, in order. */
export async function listTemplateSteps(ctx: OrgContext, input: { id: number }) {
  const template = await findTemplateView(ctx, input.id);
  const steps = await repo.listSteps(ctx.db, template.id, template.currentVersion);
  return { steps: steps.map(toStepWire) };
}

// --- Steps ---

/**
 * The version a step edit applies to, inside `tx` with the template locked: the current one, or — when instances
 * started on it — a copy as the next version, which becomes current. Returns the version and the id map of a copy.
 */
async function editableVersion(tx: DbOrTx, ctx: OrgContext, template: repo.TemplateRow) {
  const current = template.currentVersion;
  if (!(await repo.versionInUse(tx, template.id, current))) return { version: current, ids: null };
  const next = current + 1;
  const ids = await repo.copySteps(tx, template.id, current, next);
  await repo.updateTemplate(tx, template.id, { currentVersion: next, lastUpdatedTs: new Date() });
  await audit(tx, ctx, {
    action: 'workflow_template.versioned',
    entityType: 'workflow_template',
    entityId: template.id,
    details: { from_version: current, to_version: next },
  });
  return { version: next, ids };
}

function invalidStep(fields: Record<string, string>): AppError {
  return new AppError('workflow_step.invalid', Object.values(fields)[0]!, { fields });
}

/**
 * A step's content checked against its type (issue #17: the step types' own forms) and its place among the other
 * steps of its version: its order free, the step its branch goes to present and not itself.
 */
function checkedStep(
  body: { step_order: number; step_type: WorkflowStepType; step_config: Record<string, unknown> },
  others: repo.StepRow[],
) {
  const config = parseStepConfig(body.step_type, body.step_config);
  if (!config.ok) throw invalidStep(config.fields);
  if (others.some((s) => s.stepOrder === body.step_order)) {
    throw new AppError('workflow_step.order_taken', WORKFLOW_MESSAGES.stepOrderTaken(body.step_order), {
      fields: { step_order: WORKFLOW_MESSAGES.stepOrderTaken(body.step_order) },
    });
  }
  const target = stepJumpTarget(body.step_type, config.config);
  if (target !== null) {
    const field = body.step_type === 'condition' ? 'false_step_order' : 'reject_step_order';
    if (target === body.step_order)
      throw invalidStep({ [`step_config.${field}`]: WORKFLOW_MESSAGES.jumpTargetSelf });
    if (!others.some((s) => s.stepOrder === target))
      throw invalidStep({ [`step_config.${field}`]: WORKFLOW_MESSAGES.jumpTargetMissing(target) });
  }
  return config.config;
}

/** A step of `others` whose branch goes to `order` (it cannot lose its target). */
function stepTargeting(others: repo.StepRow[], order: number) {
  return others.find(
    (s) => stepJumpTarget(s.stepType, (s.stepConfig ?? {}) as Record<string, unknown>) === order,
  );
}

async function lockedTemplateOfStep(tx: DbOrTx, ctx: OrgContext, stepId: number) {
  const step = await repo.findStep(tx, stepId);
  if (!step) throw stepNotFound();
  const template = await repo.lockTemplate(tx, ctx.actor.org.id, step.templateId);
  // Another organization's step, or one of an older version (the designer shows the current one only).
  if (!template) throw stepNotFound();
  if (step.version !== template.currentVersion) throw stepNotFound();
  return { step, template };
}

export async function createStep(ctx: OrgContext, raw: WorkflowStepCreate): Promise<WorkflowStep> {
  const body = workflowStepCreateSchema.parse(raw);
  // Outside the transaction: PGlite has one connection, and a read beside an open transaction would wait for it.
  await checkFormTemplate(ctx, body.step_type, body.step_config);
  const row = await ctx.db.transaction(async (tx) => {
    const template = await repo.lockTemplate(tx, ctx.actor.org.id, body.workflow_template_id);
    if (!template) throw templateNotFound();
    const { version } = await editableVersion(tx, ctx, template);
    const others = await repo.listSteps(tx, template.id, version);
    const config = checkedStep(body, others);
    const step = await repo.insertStep(tx, {
      templateId: template.id,
      version,
      stepOrder: body.step_order,
      stepType: body.step_type,
      stepName: body.step_name,
      stepConfig: config,
      required: body.required,
    });
    await audit(tx, ctx, {
      action: 'workflow_step.created',
      entityType: 'workflow_template',
      entityId: template.id,
      details: { step_id: step.id, step_type: step.stepType, step_order: step.stepOrder, version },
    });
    return step;
  });
  return toStepWire(row);
}

export async function updateStep(
  ctx: OrgContext,
  input: { id: number; body: WorkflowStepUpdate },
): Promise<WorkflowStep> {
  const body = workflowStepUpdateSchema.parse(input.body);
  await checkFormTemplate(ctx, body.step_type, body.step_config);
  const row = await ctx.db.transaction(async (tx) => {
    const { step, template } = await lockedTemplateOfStep(tx, ctx, input.id);
    const { version, ids } = await editableVersion(tx, ctx, template);
    const id = ids?.get(step.id) ?? step.id;
    const others = (await repo.listSteps(tx, template.id, version)).filter((s) => s.id !== id);
    const config = checkedStep(body, others);
    if (body.step_order !== step.stepOrder) {
      const source = stepTargeting(others, step.stepOrder);
      if (source)
        throw new AppError('workflow_step.is_target', WORKFLOW_MESSAGES.stepIsTarget(source.stepName));
    }
    const updated = await repo.updateStep(tx, id, {
      stepOrder: body.step_order,
      stepType: body.step_type,
      stepName: body.step_name,
      stepConfig: config,
      required: body.required,
    });
    await audit(tx, ctx, {
      action: 'workflow_step.updated',
      entityType: 'workflow_template',
      entityId: template.id,
      details: { step_id: id, step_type: updated.stepType, step_order: updated.stepOrder, version },
    });
    return updated;
  });
  return toStepWire(row);
}

export async function deleteStep(ctx: OrgContext, input: { id: number }) {
  await ctx.db.transaction(async (tx) => {
    const { step, template } = await lockedTemplateOfStep(tx, ctx, input.id);
    const { version, ids } = await editableVersion(tx, ctx, template);
    const id = ids?.get(step.id) ?? step.id;
    const others = (await repo.listSteps(tx, template.id, version)).filter((s) => s.id !== id);
    const source = stepTargeting(others, step.stepOrder);
    if (source)
      throw new AppError('workflow_step.is_target', WORKFLOW_MESSAGES.stepIsTarget(source.stepName));
    await repo.deleteStep(tx, id);
    await audit(tx, ctx, {
      action: 'workflow_step.deleted',
      entityType: 'workflow_template',
      entityId: template.id,
      details: { step_id: id, step_order: step.stepOrder, version },
    });
  });
  return { message: 'Step deleted successfully' };
}

/** A form step names an active form template of the organization (checked through the forms module). */
async function checkFormTemplate(ctx: OrgContext, stepType: string, config: Record<string, unknown>) {
  if (stepType !== 'form' || typeof config.form_template_id !== 'number') return;
  const ok = await formTemplateUsable(ctx, ctx.actor.org.id, config.form_template_id);
  if (!ok) throw invalidStep({ 'step_config.form_template_id': WORKFLOW_MESSAGES.formTemplateMissing });
}
