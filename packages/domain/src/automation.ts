import { z } from 'zod';
import { idNumber, idString, pageQuery, timestampSchema } from './common.ts';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, ENROLLMENT_STATUSES, PRIORITY_LEVELS } from './enrollments.ts';
import { isJsonLogicExpression } from './json-logic.ts';
import { ORG_ROLES } from './roles.ts';
import { cronNextRuns } from './workflows.ts';

// Automation rules (002 §2 "Automation Rules", §3, §5, §9; issue #17 item 4): a trigger, conditions as the spec's
// key/value pairs (and a JSON Logic `expression` for anything richer), and actions, each with its own checked
// configuration. Rules run in priority order, 1 first.

/** 002 §9 rule trigger types. */
export const AUTOMATION_TRIGGER_TYPES = [
  'enrollment_status_changed',
  'activity_created',
  'document_uploaded',
  'goal_completed',
  'scheduled',
] as const;
export type AutomationTriggerType = (typeof AUTOMATION_TRIGGER_TYPES)[number];

export const AUTOMATION_TRIGGER_LABELS: Record<AutomationTriggerType, string> = {
  enrollment_status_changed: 'Enrollment status changed',
  activity_created: 'Activity created',
  document_uploaded: 'Document uploaded',
  goal_completed: 'Goal completed',
  scheduled: 'Scheduled',
};

/** The domain event each event trigger listens to (`scheduled` runs from the scheduler tick). */
export const AUTOMATION_TRIGGER_EVENTS = {
  enrollment_status_changed: 'enrollment.status_changed',
  activity_created: 'activity.created',
  document_uploaded: 'document.uploaded',
  goal_completed: 'goal.completed',
} as const;

/** 002 §9 rule action types. */
export const AUTOMATION_ACTION_TYPES = [
  'send_notification',
  'create_activity',
  'start_workflow',
  'update_enrollment',
  'send_email',
] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

export const AUTOMATION_ACTION_LABELS: Record<AutomationActionType, string> = {
  send_notification: 'Send notification',
  create_activity: 'Create activity',
  start_workflow: 'Start workflow',
  update_enrollment: 'Update enrollment',
  send_email: 'Send email',
};

/** 002 §5: priority 1 to 10, default 1; 1 runs first. */
export const AUTOMATION_PRIORITY_MIN = 1;
export const AUTOMATION_PRIORITY_MAX = 10;
/**
 * The loop guard: an action's own events may trigger rules down to this depth (an action's change → a rule → its
 * action's change → a rule …); deeper, the run is logged and nothing is done.
 */
export const AUTOMATION_MAX_DEPTH = 3;
export const AUTOMATION_PAGE_SIZE = 50;
export const AUTOMATION_PAGE_SIZE_MAX = 200;
/** Recent events kept for "Test rule" (days). */
export const AUTOMATION_EVENTS_KEPT_DAYS = 30;

/** The condition keys each trigger offers, besides the ones every trigger has (COMMON_CONDITION_KEYS). */
export const AUTOMATION_CONDITION_KEYS: Record<AutomationTriggerType, readonly string[]> = {
  enrollment_status_changed: ['from_status', 'to_status'],
  activity_created: ['activity_type', 'status'],
  document_uploaded: ['document_type'],
  goal_completed: [],
  scheduled: ['cron'],
};
/** Keys about the enrollment any rule may test, and `expression` (JSON Logic over event, enrollment, program). */
export const COMMON_CONDITION_KEYS = ['enrollment_status', 'priority_level', 'expression'] as const;

const CONDITION_VALUES: Record<string, readonly string[]> = {
  from_status: ENROLLMENT_STATUSES,
  to_status: ENROLLMENT_STATUSES,
  enrollment_status: ENROLLMENT_STATUSES,
  priority_level: PRIORITY_LEVELS,
  activity_type: ACTIVITY_TYPES,
  status: ACTIVITY_STATUSES,
};

export const AUTOMATION_MESSAGES = {
  nameRequired: 'Rule name is required',
  triggerRequired: 'Trigger type is required',
  invalidJson: 'Invalid JSON in action configuration',
  priorityRange: 'Priority must be from 1 to 10',
  notFound: 'Automation rule not found',
  conditionKeyUnknown: (key: string, trigger: string) =>
    `"${key}" is not a condition of the ${trigger} trigger.`,
  conditionValueUnknown: (key: string, allowed: readonly string[]) =>
    `${key} must be one of: ${allowed.join(', ')}.`,
  expressionInvalid: 'The expression must be a JSON Logic object, written as JSON.',
  cronRequired: 'A scheduled rule needs a cron expression (condition "cron").',
  eventNotFound: 'That event is not among the recent events of this organization.',
  eventTriggerMismatch: (trigger: string) => `Choose an event of the rule's trigger (${trigger}).`,
  scheduledNotTestable: 'A scheduled rule runs on a time, not an event: it cannot be tested against one.',
} as const;

// --- Action configuration, one schema per action type ---

const text = (label: string, max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
const roles = ORG_ROLES.filter((r) => r !== 'super_admin' && r !== 'viewer') as [string, ...string[]];

export const automationActionSchemas = {
  send_notification: z
    .strictObject({
      recipient: z
        .enum(['case_manager', 'user', 'role'], { error: 'Choose who is notified.' })
        .default('case_manager'),
      user_id: idNumber('Choose the user.').optional(),
      role: z.enum(roles, { error: 'Choose a role.' }).optional(),
      title: text('The title', 200),
      message: text('The message', 2000),
    })
    .superRefine((v, ctx) => {
      if (v.recipient === 'user' && v.user_id === undefined)
        ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'Choose the user.' });
      if (v.recipient === 'role' && v.role === undefined)
        ctx.addIssue({ code: 'custom', path: ['role'], message: 'Choose the role.' });
    }),
  create_activity: z.strictObject({
    activity_type: z.enum(ACTIVITY_TYPES, {
      error: `Choose an activity type: ${ACTIVITY_TYPES.join(', ')}.`,
    }),
    status: z.enum(ACTIVITY_STATUSES, { error: 'Choose an activity status.' }).default('scheduled'),
    /** The activity's date: this many days after the event (0: the same day). */
    days_from_now: z.number().int().min(0).max(365).default(0),
    notes: z.string().trim().max(2000).optional(),
  }),
  start_workflow: z.strictObject({
    workflow_template_id: idNumber('Choose the workflow to start.'),
  }),
  update_enrollment: z
    .strictObject({
      status: z.enum(ENROLLMENT_STATUSES, { error: 'Choose an enrollment status.' }).optional(),
      priority_level: z.enum(PRIORITY_LEVELS, { error: 'Choose a priority level.' }).optional(),
    })
    .refine((v) => v.status !== undefined || v.priority_level !== undefined, {
      message: 'Say what changes: a status, a priority level or both.',
    }),
  send_email: z
    .strictObject({
      to: z
        .enum(['case_manager', 'member', 'address'], { error: 'Choose who receives it.' })
        .default('case_manager'),
      address: z.email('Enter a valid email address.').optional(),
      subject: text('The subject', 200),
      body: text('The body', 10_000),
    })
    .superRefine((v, ctx) => {
      if (v.to === 'address' && !v.address)
        ctx.addIssue({ code: 'custom', path: ['address'], message: 'Enter the address.' });
    }),
} as const;
export type AutomationActionConfig<T extends AutomationActionType> = z.output<
  (typeof automationActionSchemas)[T]
>;

// --- The wire of 002 §7 "Workflows and rules" automation-rules ---

const actionSchema = z.object({
  type: z.enum(AUTOMATION_ACTION_TYPES, {
    error: `Choose an action type: ${AUTOMATION_ACTION_TYPES.join(', ')}.`,
  }),
  config: z.record(z.string(), z.unknown()).default({}),
});

export const automationRuleSchema = z
  .object({
    id: z.number().int(),
    rule_name: z.string(),
    trigger_type: z.enum(AUTOMATION_TRIGGER_TYPES),
    trigger_conditions: z.record(z.string(), z.string()),
    actions: z.array(
      z.object({ type: z.enum(AUTOMATION_ACTION_TYPES), config: z.record(z.string(), z.unknown()) }),
    ),
    is_active: z.boolean(),
    priority: z.number().int(),
    program_id: z.number().int().nullable(),
    program_name: z.string().nullable(),
    /** For a scheduled rule: when the tick runs it next. */
    next_run_at: timestampSchema.nullable(),
    last_run_at: timestampSchema.nullable(),
    created_ts: timestampSchema,
  })
  .meta({ id: 'AutomationRule' });
export type AutomationRule = z.infer<typeof automationRuleSchema>;

/** POST and PUT /api/workflows/automation-rules (002 §5). */
export const automationRuleBodySchema = z.strictObject({
  rule_name: z
    .string({ error: AUTOMATION_MESSAGES.nameRequired })
    .trim()
    .min(1, AUTOMATION_MESSAGES.nameRequired)
    .max(200, 'The rule name must be at most 200 characters.'),
  trigger_type: z.enum(AUTOMATION_TRIGGER_TYPES, { error: AUTOMATION_MESSAGES.triggerRequired }),
  trigger_conditions: z
    .record(z.string().trim().min(1).max(60), z.string().trim().min(1).max(4000))
    .default({}),
  actions: z.array(actionSchema).max(10, 'A rule has at most 10 actions.').default([]),
  is_active: z.boolean().default(true),
  priority: z
    .number({ error: AUTOMATION_MESSAGES.priorityRange })
    .int(AUTOMATION_MESSAGES.priorityRange)
    .min(AUTOMATION_PRIORITY_MIN, AUTOMATION_MESSAGES.priorityRange)
    .max(AUTOMATION_PRIORITY_MAX, AUTOMATION_MESSAGES.priorityRange)
    .default(1),
  program_id: idNumber('program_id must be the id of a program.').nullish(),
});
export type AutomationRuleBody = z.input<typeof automationRuleBodySchema>;

export const automationRuleListQuerySchema = z.strictObject({
  ...pageQuery(AUTOMATION_PAGE_SIZE, AUTOMATION_PAGE_SIZE_MAX),
  program_id: idString('program_id must be the id of a program.').optional(),
  is_active: z.enum(['true', 'false'], { error: 'Must be true or false.' }).optional(),
});
export type AutomationRuleListQuery = z.output<typeof automationRuleListQuerySchema>;

export const automationRuleListSchema = z.object({
  rules: z.array(automationRuleSchema),
  total: z.number().int(),
});
export type AutomationRuleList = z.infer<typeof automationRuleListSchema>;

export const AUTOMATION_ACTION_RESULT_STATUSES = ['pending', 'done', 'failed', 'skipped'] as const;

export const automationRunSchema = z.object({
  id: z.number().int(),
  event_name: z.string(),
  event_id: z.string(),
  enrollment_id: z.number().int().nullable(),
  matched: z.boolean(),
  /** Why it did not match, or why it was not acted on (the loop guard). */
  reason: z.string().nullable(),
  depth: z.number().int(),
  actions: z.array(
    z.object({
      type: z.enum(AUTOMATION_ACTION_TYPES),
      status: z.enum(AUTOMATION_ACTION_RESULT_STATUSES),
      result: z.string().nullable(),
    }),
  ),
  created_ts: timestampSchema,
});
export type AutomationRun = z.infer<typeof automationRunSchema>;

export const automationRunListSchema = z.object({
  runs: z.array(automationRunSchema),
  total: z.number().int(),
});
export type AutomationRunList = z.infer<typeof automationRunListSchema>;

export const automationRunListQuerySchema = z.strictObject({
  ...pageQuery(20, 100),
});

/** A recent event of the organization a rule can be tested against. */
export const automationEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  trigger_type: z.enum(AUTOMATION_TRIGGER_TYPES),
  enrollment_id: z.number().int().nullable(),
  summary: z.string(),
  at: timestampSchema,
});
export type AutomationEvent = z.infer<typeof automationEventSchema>;

export const automationEventListQuerySchema = z.strictObject({
  trigger_type: z.enum(AUTOMATION_TRIGGER_TYPES, { error: 'Choose a trigger type.' }).optional(),
});
export const automationEventListSchema = z.object({ events: z.array(automationEventSchema) });

export const automationTestBodySchema = z.strictObject({
  event_id: z.string({ error: 'Choose an event.' }).min(1, 'Choose an event.').max(100),
});
export const automationTestResultSchema = z.object({
  matched: z.boolean(),
  reason: z.string().nullable(),
  /** What each action would do, in words; nothing was done. */
  actions: z.array(z.object({ type: z.enum(AUTOMATION_ACTION_TYPES), would: z.string() })),
});
export type AutomationTestResult = z.infer<typeof automationTestResultSchema>;

// --- Rules of a rule: both sides check them ---

export type RuleCheck =
  | { ok: true; actions: { type: AutomationActionType; config: Record<string, unknown> }[] }
  | {
      ok: false;
      fields: Record<string, string>;
    };

/**
 * Checks a rule's conditions against its trigger (known keys, known values, a valid expression, a cron for a
 * scheduled rule) and each action's configuration against its type. Field keys name the place:
 * `trigger_conditions.to_status`, `actions.1.config.title`.
 */
export function checkRule(body: {
  trigger_type: AutomationTriggerType;
  trigger_conditions: Record<string, string>;
  actions: { type: AutomationActionType; config: Record<string, unknown> }[];
}): RuleCheck {
  const fields: Record<string, string> = {};
  const allowed = new Set<string>([
    ...AUTOMATION_CONDITION_KEYS[body.trigger_type],
    ...COMMON_CONDITION_KEYS,
  ]);
  for (const [key, value] of Object.entries(body.trigger_conditions)) {
    const at = `trigger_conditions.${key}`;
    if (!allowed.has(key)) {
      fields[at] = AUTOMATION_MESSAGES.conditionKeyUnknown(key, body.trigger_type);
    } else if (key === 'expression') {
      if (!isJsonLogicExpression(parseJson(value))) fields[at] = AUTOMATION_MESSAGES.expressionInvalid;
    } else if (key === 'cron') {
      const runs = cronNextRuns(value, 1);
      if (!runs.ok) fields[at] = runs.message;
    } else if (CONDITION_VALUES[key] && !CONDITION_VALUES[key].includes(value)) {
      fields[at] = AUTOMATION_MESSAGES.conditionValueUnknown(key, CONDITION_VALUES[key]);
    }
  }
  if (body.trigger_type === 'scheduled' && !body.trigger_conditions.cron) {
    fields['trigger_conditions.cron'] = AUTOMATION_MESSAGES.cronRequired;
  }
  const actions: { type: AutomationActionType; config: Record<string, unknown> }[] = [];
  body.actions.forEach((action, i) => {
    const parsed = automationActionSchemas[action.type].safeParse(action.config ?? {});
    if (parsed.success) {
      actions.push({ type: action.type, config: parsed.data as Record<string, unknown> });
      return;
    }
    for (const issue of parsed.error.issues) {
      const key = ['actions', String(i), 'config', ...issue.path.map(String)].join('.');
      fields[key] ??= issue.message;
    }
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, actions };
}

export function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
