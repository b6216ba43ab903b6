import { Cron } from 'croner';
import { z } from 'zod';
import { ENROLLMENT_STATUSES } from './enrollments.ts';
import { isJsonLogicExpression } from './json-logic.ts';
import { ORG_ROLES } from './roles.ts';

// Workflows (002 §2 "Workflows and automation", §3 workflow template/step/instance, §4, §5, §9; issue #17): the
// lists of allowed values, each step type's configuration, the instance state machine and the figures the screens
// show. The browser's designer and the server's checks use the same schemas, so a step the designer saves is
// a step the engine can run.

/** 002 §9 workflow step types. */
export const WORKFLOW_STEP_TYPES = [
  'task',
  'notification',
  'approval',
  'condition',
  'api_call',
  'wait',
  'form',
] as const;
export type WorkflowStepType = (typeof WORKFLOW_STEP_TYPES)[number];

export const WORKFLOW_STEP_TYPE_LABELS: Record<WorkflowStepType, string> = {
  task: 'Task',
  notification: 'Notification',
  approval: 'Approval',
  condition: 'Condition',
  api_call: 'API call',
  wait: 'Wait',
  form: 'Form',
};

/** 002 §9 workflow trigger types. */
export const WORKFLOW_TRIGGER_TYPES = [
  'manual',
  'enrollment_created',
  'enrollment_status_changed',
  'activity_completed',
  'time_based',
] as const;
export type WorkflowTriggerType = (typeof WORKFLOW_TRIGGER_TYPES)[number];

export const WORKFLOW_TRIGGER_LABELS: Record<WorkflowTriggerType, string> = {
  manual: 'Manual',
  enrollment_created: 'Enrollment created',
  enrollment_status_changed: 'Enrollment status changed',
  activity_completed: 'Activity completed',
  time_based: 'Time based',
};

/** 002 §4 workflow instance statuses. */
export const WORKFLOW_INSTANCE_STATUSES = ['running', 'completed', 'failed', 'paused', 'cancelled'] as const;
export type WorkflowInstanceStatus = (typeof WORKFLOW_INSTANCE_STATUSES)[number];

export const WORKFLOW_INSTANCE_STATUS_COLORS: Record<WorkflowInstanceStatus, string> = {
  running: 'blue',
  completed: 'green',
  failed: 'red',
  paused: 'yellow',
  cancelled: 'gray',
};

/**
 * 002 §4 and issue #17 item 3: who moves an instance where. People pause a running instance, resume a paused
 * one, or cancel a running one; only the engine completes or fails one.
 */
export const WORKFLOW_INSTANCE_TRANSITIONS: readonly {
  from: WorkflowInstanceStatus;
  to: WorkflowInstanceStatus;
  by: 'person' | 'engine';
}[] = [
  { from: 'running', to: 'paused', by: 'person' },
  { from: 'running', to: 'cancelled', by: 'person' },
  { from: 'paused', to: 'running', by: 'person' },
  { from: 'running', to: 'completed', by: 'engine' },
  { from: 'running', to: 'failed', by: 'engine' },
];

export function canMoveWorkflowInstance(
  from: string,
  to: string,
  by: 'person' | 'engine',
): to is WorkflowInstanceStatus {
  return WORKFLOW_INSTANCE_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by);
}

/** The statuses a person may ask for from `from` (the row actions of the instances table). */
export function personStatusesFrom(from: string): WorkflowInstanceStatus[] {
  return WORKFLOW_INSTANCE_TRANSITIONS.filter((t) => t.from === from && t.by === 'person').map((t) => t.to);
}

/** 002 §2: the progress bar is the current step order times 20 percent, capped at 100. */
export function workflowProgress(currentStepOrder: number, status?: string): number {
  if (status === 'completed') return 100;
  return Math.max(0, Math.min(100, currentStepOrder * 20));
}

/** 002 §9: duration from start to completion (or to now) in minutes, hours and days: "2d 3h", "4h 12m", "7m". */
export function workflowDuration(startedAt: string | Date, endedAt: string | Date | null, now = new Date()) {
  const start = new Date(startedAt).getTime();
  const end = endedAt ? new Date(endedAt).getTime() : now.getTime();
  const minutes = Math.max(0, Math.floor((end - start) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${mins}m`;
  return `${mins}m`;
}

// --- Step configuration, one schema per step type (issue #17 item 1: a proper form, not free pairs) ---

/** Who a task, a notification or an approval goes to inside the organization. */
export const WORKFLOW_ASSIGNEE_KINDS = ['case_manager', 'user', 'role'] as const;
export type WorkflowAssigneeKind = (typeof WORKFLOW_ASSIGNEE_KINDS)[number];

const assignableRoles = ORG_ROLES.filter((r) => r !== 'super_admin' && r !== 'viewer') as [
  string,
  ...string[],
];
const positiveInt = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(max, `${label} must be at most ${max}.`);
const stepOrderRef = (label: string) => positiveInt(label, 1000);
const shortText = (label: string, max = 500) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`);

const assigneeShape = {
  assignee: z.enum(WORKFLOW_ASSIGNEE_KINDS, { error: 'Choose who it goes to.' }).default('case_manager'),
  assignee_user_id: positiveInt('The user', 2_147_483_647).optional(),
  assignee_role: z.enum(assignableRoles, { error: 'Choose a role.' }).optional(),
};
type AssigneeShape = { assignee: WorkflowAssigneeKind; assignee_user_id?: number; assignee_role?: string };
function checkAssignee(value: AssigneeShape, ctx: z.RefinementCtx) {
  if (value.assignee === 'user' && value.assignee_user_id === undefined)
    ctx.addIssue({ code: 'custom', path: ['assignee_user_id'], message: 'Choose the user.' });
  if (value.assignee === 'role' && value.assignee_role === undefined)
    ctx.addIssue({ code: 'custom', path: ['assignee_role'], message: 'Choose the role.' });
}

export const taskStepConfigSchema = z
  .strictObject({
    ...assigneeShape,
    description: shortText('The description', 2000).optional(),
    /** Hours from the step's start to the task's due time. */
    due_in_hours: positiveInt('Due in hours', 24 * 365).optional(),
    /** Outcomes the person picks from when marking it done ("reached", "not reached"); a condition reads it. */
    outcomes: z.array(shortText('An outcome', 60).min(1, 'An outcome cannot be empty.')).max(10).optional(),
  })
  .superRefine(checkAssignee);

export const WORKFLOW_NOTIFY_RECIPIENTS = ['case_manager', 'user', 'role', 'member'] as const;
export const notificationStepConfigSchema = z
  .strictObject({
    recipient: z
      .enum(WORKFLOW_NOTIFY_RECIPIENTS, { error: 'Choose who is notified.' })
      .default('case_manager'),
    recipient_user_id: positiveInt('The user', 2_147_483_647).optional(),
    recipient_role: z.enum(assignableRoles, { error: 'Choose a role.' }).optional(),
    title: shortText('The title', 200).min(1, 'The title is required.'),
    /** The text; {{member_first_name}}, {{program_name}}, {{workflow_name}} and {{step_name}} are filled in. */
    message: shortText('The message', 2000).min(1, 'The message is required.'),
    send_email: z.boolean().default(false),
    send_sms: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.recipient === 'user' && value.recipient_user_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['recipient_user_id'], message: 'Choose the user.' });
    if (value.recipient === 'role' && value.recipient_role === undefined)
      ctx.addIssue({ code: 'custom', path: ['recipient_role'], message: 'Choose the role.' });
    if (value.recipient === 'member' && !value.send_email && !value.send_sms)
      ctx.addIssue({
        code: 'custom',
        path: ['send_sms'],
        message: 'A member is reached by email or text message: choose at least one.',
      });
  });

export const WORKFLOW_APPROVER_ROLES = ['manager', 'org_admin'] as const;
export const approvalStepConfigSchema = z
  .strictObject({
    approver_role: z.enum(WORKFLOW_APPROVER_ROLES, { error: 'Choose who approves.' }).default('manager'),
    instructions: shortText('The instructions', 2000).optional(),
    on_reject: z.enum(['fail', 'go_to'], { error: 'Choose what a rejection does.' }).default('fail'),
    reject_step_order: stepOrderRef('The step after a rejection').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.on_reject === 'go_to' && value.reject_step_order === undefined)
      ctx.addIssue({ code: 'custom', path: ['reject_step_order'], message: 'Choose the step to go to.' });
  });

export const conditionStepConfigSchema = z
  .strictObject({
    /** A JSON Logic expression over enrollment, member, program and steps (json-logic.ts). */
    expression: z.unknown().refine(isJsonLogicExpression, 'The expression must be a JSON Logic object.'),
    on_false: z.enum(['end', 'go_to'], { error: 'Choose what a false condition does.' }).default('end'),
    false_step_order: stepOrderRef('The step when false').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.on_false === 'go_to' && value.false_step_order === undefined)
      ctx.addIssue({ code: 'custom', path: ['false_step_order'], message: 'Choose the step to go to.' });
  });

export const WORKFLOW_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const WORKFLOW_API_TIMEOUT_MAX_SECONDS = 30;
export const WORKFLOW_API_RETRIES_MAX = 5;
export const apiCallStepConfigSchema = z.strictObject({
  method: z.enum(WORKFLOW_HTTP_METHODS, { error: 'Choose a method.' }).default('POST'),
  url: z
    .string({ error: 'The URL is required.' })
    .trim()
    .max(2000)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), 'Enter an http or https URL.'),
  headers: z
    .record(
      z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'A header name is letters, digits and dashes.'),
      shortText('A header value', 1000),
    )
    .default({}),
  /** The body; {{placeholders}} as for notifications, plus {{enrollment_id}} and {{instance_id}}. */
  body: shortText('The body', 20_000).optional(),
  timeout_seconds: positiveInt('The timeout', WORKFLOW_API_TIMEOUT_MAX_SECONDS).default(10),
  retries: z
    .number({ error: 'Retries must be a number.' })
    .int()
    .min(0, 'Retries must be at least 0.')
    .max(WORKFLOW_API_RETRIES_MAX, `Retries must be at most ${WORKFLOW_API_RETRIES_MAX}.`)
    .default(2),
});

export const WORKFLOW_WAIT_UNITS = ['minutes', 'hours', 'days'] as const;
export const WORKFLOW_WAIT_DATE_FIELDS = ['enrollment_date', 'start_date', 'end_date'] as const;
export const waitStepConfigSchema = z
  .strictObject({
    mode: z.enum(['duration', 'until_date'], { error: 'Choose how long to wait.' }).default('duration'),
    duration: positiveInt('The duration', 100_000).optional(),
    unit: z.enum(WORKFLOW_WAIT_UNITS, { error: 'Choose a unit.' }).default('days'),
    date_field: z.enum(WORKFLOW_WAIT_DATE_FIELDS, { error: 'Choose a date of the enrollment.' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'duration' && value.duration === undefined)
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'Enter the duration.' });
    if (value.mode === 'until_date' && value.date_field === undefined)
      ctx.addIssue({ code: 'custom', path: ['date_field'], message: 'Choose a date of the enrollment.' });
  });

export const formStepConfigSchema = z.strictObject({
  form_template_id: positiveInt('The form template', 2_147_483_647),
  due_in_days: positiveInt('Due in days', 365).optional(),
});

export const WORKFLOW_STEP_CONFIG_SCHEMAS = {
  task: taskStepConfigSchema,
  notification: notificationStepConfigSchema,
  approval: approvalStepConfigSchema,
  condition: conditionStepConfigSchema,
  api_call: apiCallStepConfigSchema,
  wait: waitStepConfigSchema,
  form: formStepConfigSchema,
} as const;
export type WorkflowStepConfig<T extends WorkflowStepType> = z.output<
  (typeof WORKFLOW_STEP_CONFIG_SCHEMAS)[T]
>;

/** The step order another step jumps to (a condition's false branch, an approval's rejection), if any. */
export function stepJumpTarget(stepType: string, config: Record<string, unknown>): number | null {
  if (stepType === 'condition' && config.on_false === 'go_to') return Number(config.false_step_order);
  if (stepType === 'approval' && config.on_reject === 'go_to') return Number(config.reject_step_order);
  return null;
}

// --- Trigger configuration ---

export const WORKFLOW_CRON_NEXT_RUNS = 5;

/** A cron expression (5 fields, UTC) and its next runs, or why it is not one. */
export function cronNextRuns(
  expression: string,
  count = WORKFLOW_CRON_NEXT_RUNS,
  from = new Date(),
): { ok: true; runs: Date[] } | { ok: false; message: string } {
  const trimmed = expression.trim();
  if (trimmed.split(/\s+/).length !== 5)
    return { ok: false, message: 'A cron expression has 5 fields: minute hour day month weekday.' };
  try {
    const cron = new Cron(trimmed, { timezone: 'UTC', paused: true });
    const runs = cron.nextRuns(count, from);
    if (runs.length === 0) return { ok: false, message: 'This cron expression never runs.' };
    return { ok: true, runs };
  } catch (err) {
    return { ok: false, message: `Invalid cron expression: ${(err as Error).message}` };
  }
}

export const triggerConfigSchemas = {
  manual: z.strictObject({}),
  enrollment_created: z.strictObject({}),
  enrollment_status_changed: z.strictObject({
    from_status: z.enum(ENROLLMENT_STATUSES, { error: 'Choose an enrollment status.' }).optional(),
    to_status: z.enum(ENROLLMENT_STATUSES, { error: 'Choose an enrollment status.' }).optional(),
  }),
  activity_completed: z.strictObject({
    activity_type: z.string().trim().max(60).optional(),
  }),
  time_based: z.strictObject({
    cron: z
      .string({ error: 'A cron expression is required.' })
      .trim()
      .min(1, 'A cron expression is required.')
      .max(120)
      .superRefine((value, ctx) => {
        const result = cronNextRuns(value, 1);
        if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
      }),
  }),
} as const;

/** Checks a trigger's configuration; returns the parsed one or the messages per key. */
export function parseTriggerConfig(
  triggerType: WorkflowTriggerType,
  config: unknown,
): { ok: true; config: Record<string, unknown> } | { ok: false; fields: Record<string, string> } {
  const result = triggerConfigSchemas[triggerType].safeParse(config ?? {});
  if (result.success) return { ok: true, config: result.data as Record<string, unknown> };
  return { ok: false, fields: issuesToFields(result.error.issues, 'trigger_config') };
}

/** Checks a step's configuration against its type's schema. */
export function parseStepConfig(
  stepType: WorkflowStepType,
  config: unknown,
): { ok: true; config: Record<string, unknown> } | { ok: false; fields: Record<string, string> } {
  const result = WORKFLOW_STEP_CONFIG_SCHEMAS[stepType].safeParse(config ?? {});
  if (result.success) return { ok: true, config: result.data as Record<string, unknown> };
  return { ok: false, fields: issuesToFields(result.error.issues, 'step_config') };
}

function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** 002 §5 messages of templates and steps, and the server's own. */
export const WORKFLOW_MESSAGES = {
  templateNameRequired: 'Workflow name is required',
  triggerRequired: 'Trigger type is required',
  stepNameRequired: 'Step name is required',
  stepTypeRequired: 'Step type is required',
  stepOrderMin: 'Step order must be at least 1',
  stepOrderTaken: (order: number) =>
    `Step ${order} already exists in this workflow: choose the next free number.`,
  jumpTargetMissing: (order: number) => `There is no step ${order} in this workflow.`,
  jumpTargetSelf: 'A step cannot go to itself.',
  stepIsTarget: (name: string) => `Step "${name}" goes to this step: change or delete it first.`,
  templateNotFound: 'Workflow template not found',
  stepNotFound: 'Workflow step not found',
  instanceNotFound: 'Workflow instance not found',
  taskNotFound: 'Task not found',
  templateInactive: 'This workflow template is inactive: activate it before starting it.',
  templateHasNoSteps: 'This workflow has no steps yet: design its steps first.',
  alreadyRunning: 'This workflow is already running for this enrollment.',
  statusStepInvalid: (from: string, to: string) => `A ${from} workflow cannot be set to ${to}.`,
  taskClosed: 'This task is already closed.',
  taskNotYours: 'This task is assigned to someone else.',
  decisionInvalid: (kind: string) =>
    kind === 'approval' ? 'Approve or reject this approval.' : 'Mark this task done.',
  outcomeInvalid: (outcomes: readonly string[]) => `Choose one of: ${outcomes.join(', ')}.`,
  writeForbidden: 'Only managers and administrators change workflows.',
  formTemplateMissing: 'The form template of this step is not an active template of this organization.',
  rejected: (comment: string | null) => (comment ? `Rejected: ${comment}` : 'Rejected by the approver.'),
  tooManySteps: (n: number) => `The workflow took ${n} steps without ending: it is stopped (a loop?).`,
} as const;

/** Steps one instance may take in all (a loop between a condition and an earlier step ends here). */
export const WORKFLOW_MAX_STEPS_PER_INSTANCE = 200;
/** 002 §9 list sizes: templates 50 a page; the instances screen's template dropdown loads 100. */
export const WORKFLOW_PAGE_SIZE = 50;
export const WORKFLOW_PAGE_SIZE_MAX = 200;
export const WORKFLOW_TEMPLATE_DROPDOWN_SIZE = 100;
