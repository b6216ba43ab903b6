import { z } from 'zod';
import { idNumber, idString, pageQuery, timestampSchema } from './common.ts';
import {
  WORKFLOW_INSTANCE_STATUSES,
  WORKFLOW_PAGE_SIZE,
  WORKFLOW_PAGE_SIZE_MAX,
  WORKFLOW_STEP_TYPES,
  WORKFLOW_TRIGGER_TYPES,
} from './workflows.ts';

// The wire of 002 §7 "Workflows and rules" (issue #17): templates, steps, instances and their executions, and the
// tasks and approvals steps hand to people. Field names are the spec's (002 §3).

const booleanQuery = z.enum(['true', 'false'], { error: 'Must be true or false.' });
const configObject = z.record(z.string(), z.unknown());

export const workflowTemplateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    trigger_type: z.enum(WORKFLOW_TRIGGER_TYPES),
    trigger_config: configObject,
    is_active: z.boolean(),
    program_id: z.number().int().nullable(),
    program_name: z.string().nullable(),
    /** Editing the steps of a version that instances run on makes the next version (issue #17 item 1). */
    version: z.number().int(),
    step_count: z.number().int(),
    /** For a time-based trigger: when the scheduler starts it next. */
    next_run_at: timestampSchema.nullable(),
    created_ts: timestampSchema,
    last_updated_ts: timestampSchema,
  })
  .meta({ id: 'WorkflowTemplate' });
export type WorkflowTemplate = z.infer<typeof workflowTemplateSchema>;

/** POST and PUT /api/workflows/templates (002 §5: name and trigger type required). */
export const workflowTemplateBodySchema = z.strictObject({
  name: z
    .string({ error: 'Workflow name is required' })
    .trim()
    .min(1, 'Workflow name is required')
    .max(200, 'The name must be at most 200 characters.'),
  description: z.string().trim().max(2000).nullish(),
  trigger_type: z.enum(WORKFLOW_TRIGGER_TYPES, { error: 'Trigger type is required' }),
  trigger_config: configObject.default({}),
  is_active: z.boolean().default(true),
  program_id: idNumber('program_id must be the id of a program.').nullish(),
});
export type WorkflowTemplateBody = z.input<typeof workflowTemplateBodySchema>;

export const workflowTemplateListQuerySchema = z.strictObject({
  ...pageQuery(WORKFLOW_PAGE_SIZE, WORKFLOW_PAGE_SIZE_MAX),
  program_id: idString('program_id must be the id of a program.').optional(),
  is_active: booleanQuery.optional(),
});
export type WorkflowTemplateListQuery = z.output<typeof workflowTemplateListQuerySchema>;

export const workflowTemplateListSchema = z.object({
  workflows: z.array(workflowTemplateSchema),
  total: z.number().int(),
});
export type WorkflowTemplateList = z.infer<typeof workflowTemplateListSchema>;

export const workflowStepSchema = z
  .object({
    id: z.number().int(),
    workflow_template_id: z.number().int(),
    version: z.number().int(),
    step_order: z.number().int(),
    step_type: z.enum(WORKFLOW_STEP_TYPES),
    step_name: z.string(),
    step_config: configObject,
    required: z.boolean(),
  })
  .meta({ id: 'WorkflowStep' });
export type WorkflowStep = z.infer<typeof workflowStepSchema>;

export const workflowStepListSchema = z.object({ steps: z.array(workflowStepSchema) });

const stepFields = {
  step_order: z
    .number({ error: 'Step order must be at least 1' })
    .int('Step order must be at least 1')
    .min(1, 'Step order must be at least 1')
    .max(1000, 'Step order must be at most 1000.'),
  step_type: z.enum(WORKFLOW_STEP_TYPES, { error: 'Step type is required' }),
  step_name: z
    .string({ error: 'Step name is required' })
    .trim()
    .min(1, 'Step name is required')
    .max(200, 'The step name must be at most 200 characters.'),
  step_config: configObject.default({}),
  required: z.boolean().default(true),
};

/** POST /api/workflows/steps. */
export const workflowStepCreateSchema = z.strictObject({
  workflow_template_id: idNumber('workflow_template_id must be the id of a workflow template.'),
  ...stepFields,
});
export type WorkflowStepCreate = z.input<typeof workflowStepCreateSchema>;

/** PUT /api/workflows/steps/{id}. */
export const workflowStepUpdateSchema = z.strictObject(stepFields);
export type WorkflowStepUpdate = z.input<typeof workflowStepUpdateSchema>;

export const workflowInstanceSchema = z
  .object({
    id: z.number().int(),
    workflow_template_id: z.number().int(),
    workflow_name: z.string(),
    template_version: z.number().int(),
    enrollment_id: z.number().int(),
    member_name: z.string(),
    program_name: z.string().nullable(),
    status: z.enum(WORKFLOW_INSTANCE_STATUSES),
    current_step_order: z.number().int(),
    current_step_name: z.string().nullable(),
    step_count: z.number().int(),
    /** 002 §2: current step order × 20 %, capped at 100 (100 once completed). */
    progress: z.number().int(),
    error_message: z.string().nullable(),
    /** What started it: manual, or the trigger type. */
    started_by: z.string(),
    started_at: timestampSchema,
    completed_at: timestampSchema.nullable(),
    created_ts: timestampSchema,
  })
  .meta({ id: 'WorkflowInstance' });
export type WorkflowInstance = z.infer<typeof workflowInstanceSchema>;

export const workflowInstanceListQuerySchema = z.strictObject({
  ...pageQuery(WORKFLOW_PAGE_SIZE, WORKFLOW_PAGE_SIZE_MAX),
  workflow_template_id: idString('workflow_template_id must be the id of a workflow template.').optional(),
  enrollment_id: idString('enrollment_id must be the id of an enrollment.').optional(),
  status: z
    .enum(WORKFLOW_INSTANCE_STATUSES, {
      error: `Choose a status: ${WORKFLOW_INSTANCE_STATUSES.join(', ')}.`,
    })
    .optional(),
});
export type WorkflowInstanceListQuery = z.output<typeof workflowInstanceListQuerySchema>;

export const workflowInstanceListSchema = z.object({
  instances: z.array(workflowInstanceSchema),
  total: z.number().int(),
  /** 002 §2: counts per status (over the template and enrollment filters, not the status filter). */
  counts: z.record(z.enum(WORKFLOW_INSTANCE_STATUSES), z.number().int()),
});
export type WorkflowInstanceList = z.infer<typeof workflowInstanceListSchema>;

/** POST /api/workflows/instances: start a workflow for an enrollment by hand (the manual trigger). */
export const workflowInstanceCreateSchema = z.strictObject({
  workflow_template_id: idNumber('workflow_template_id must be the id of a workflow template.'),
  enrollment_id: idNumber('enrollment_id must be the id of an enrollment.'),
});
export type WorkflowInstanceCreate = z.input<typeof workflowInstanceCreateSchema>;

/** PUT /api/workflows/instances/{id}: "status change is a PUT of the status" (002 §7). */
export const workflowInstanceUpdateSchema = z.strictObject({
  status: z.enum(['running', 'paused', 'cancelled'], {
    error: 'Choose a status: running (resume), paused or cancelled.',
  }),
});
export type WorkflowInstanceUpdate = z.input<typeof workflowInstanceUpdateSchema>;

export const WORKFLOW_EXECUTION_STATUSES = [
  'pending',
  'running',
  'waiting',
  'completed',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type WorkflowExecutionStatus = (typeof WORKFLOW_EXECUTION_STATUSES)[number];

export const workflowExecutionSchema = z.object({
  id: z.number().int(),
  step_id: z.number().int().nullable(),
  step_order: z.number().int(),
  step_name: z.string(),
  step_type: z.enum(WORKFLOW_STEP_TYPES),
  status: z.enum(WORKFLOW_EXECUTION_STATUSES),
  attempts: z.number().int(),
  input: configObject.nullable(),
  output: configObject.nullable(),
  error: z.string().nullable(),
  /** A wait step's (or a retry's) time to go on. */
  resume_at: timestampSchema.nullable(),
  started_at: timestampSchema.nullable(),
  completed_at: timestampSchema.nullable(),
  created_ts: timestampSchema,
});
export type WorkflowExecution = z.infer<typeof workflowExecutionSchema>;

export const workflowExecutionListSchema = z.object({ executions: z.array(workflowExecutionSchema) });
export type WorkflowExecutionList = z.infer<typeof workflowExecutionListSchema>;

// --- Tasks and approvals that steps hand to people ---

export const WORKFLOW_TASK_KINDS = ['task', 'approval'] as const;
export const WORKFLOW_TASK_STATUSES = ['open', 'done', 'approved', 'rejected', 'cancelled'] as const;

export const workflowTaskSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(WORKFLOW_TASK_KINDS),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(WORKFLOW_TASK_STATUSES),
    workflow_instance_id: z.number().int(),
    workflow_name: z.string(),
    enrollment_id: z.number().int(),
    member_name: z.string(),
    assignee_user_id: z.number().int().nullable(),
    assignee_name: z.string().nullable(),
    assignee_role: z.string().nullable(),
    outcomes: z.array(z.string()),
    outcome: z.string().nullable(),
    comment: z.string().nullable(),
    due_at: timestampSchema.nullable(),
    completed_by_name: z.string().nullable(),
    completed_at: timestampSchema.nullable(),
    created_ts: timestampSchema,
  })
  .meta({ id: 'WorkflowTask' });
export type WorkflowTask = z.infer<typeof workflowTaskSchema>;

export const workflowTaskListQuerySchema = z.strictObject({
  ...pageQuery(WORKFLOW_PAGE_SIZE, WORKFLOW_PAGE_SIZE_MAX),
  /** open (default) or closed. */
  state: z.enum(['open', 'closed'], { error: 'Choose open or closed.' }).default('open'),
  workflow_instance_id: idString('workflow_instance_id must be the id of a workflow instance.').optional(),
});
export type WorkflowTaskListQuery = z.output<typeof workflowTaskListQuerySchema>;

export const workflowTaskListSchema = z.object({
  tasks: z.array(workflowTaskSchema),
  total: z.number().int(),
});
export type WorkflowTaskList = z.infer<typeof workflowTaskListSchema>;

/** PUT /api/workflows/tasks/{id}: a task is marked done (with an outcome); an approval approved or rejected. */
export const workflowTaskDecisionSchema = z.strictObject({
  decision: z.enum(['done', 'approved', 'rejected'], { error: 'Choose done, approved or rejected.' }),
  outcome: z.string().trim().max(60).optional(),
  comment: z.string().trim().max(2000).optional(),
});
export type WorkflowTaskDecision = z.input<typeof workflowTaskDecisionSchema>;

/** GET /api/workflows/cron-preview?expression=: the next runs of a time-based trigger, or why it is invalid. */
export const workflowCronPreviewQuerySchema = z.strictObject({
  expression: z.string().max(120),
});
export const workflowCronPreviewSchema = z.object({
  valid: z.boolean(),
  message: z.string().nullable(),
  next_runs: z.array(timestampSchema),
});
