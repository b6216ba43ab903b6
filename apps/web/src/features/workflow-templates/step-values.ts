import {
  parseStepConfig,
  WORKFLOW_STEP_TYPES,
  type WorkflowStep,
  type WorkflowStepType,
} from '@trust/domain';

// The Workflow Designer's step form keeps each step type's configuration as inputs (issue #17 item 1: "each step
// type's configuration as a proper form, not free key/value pairs"). These helpers turn a step into the form's
// values and back into the wire's `step_config`, checked by the same schema the server uses.

export type HeaderRow = { name: string; value: string };

export type StepValues = {
  step_order: number | string;
  step_name: string;
  step_type: WorkflowStepType | '';
  required: boolean;
  /** The chosen type's settings: selects hold strings, number inputs numbers or '' (blank). */
  step_config: Record<string, unknown>;
  /** A condition's JSON Logic expression as typed. */
  expression_text: string;
  /** An api_call's headers, one row each. */
  header_rows: HeaderRow[];
};

export const EXAMPLE_EXPRESSION = '{"==": [{"var": "steps.1.outcome"}, "reached"]}';

/** What a new step of each type starts with. */
export const DEFAULT_CONFIGS: Record<WorkflowStepType, Record<string, unknown>> = {
  task: {
    assignee: 'case_manager',
    assignee_user_id: '',
    assignee_role: '',
    description: '',
    due_in_hours: '',
    outcomes: [],
  },
  notification: {
    recipient: 'case_manager',
    recipient_user_id: '',
    recipient_role: '',
    title: '',
    message: '',
    send_email: false,
    send_sms: false,
  },
  approval: { approver_role: 'manager', instructions: '', on_reject: 'fail', reject_step_order: '' },
  condition: { on_false: 'end', false_step_order: '' },
  api_call: { method: 'POST', url: '', body: '', timeout_seconds: 10, retries: 2 },
  wait: { mode: 'duration', duration: 2, unit: 'days', date_field: '' },
  form: { form_template_id: '', due_in_days: '' },
};

/** Keys whose value is a number on the wire (a select or a number input holds it as text or blank). */
const NUMBER_KEYS = new Set([
  'assignee_user_id',
  'recipient_user_id',
  'due_in_hours',
  'reject_step_order',
  'false_step_order',
  'timeout_seconds',
  'retries',
  'duration',
  'form_template_id',
  'due_in_days',
]);

/** Number keys chosen from a list (a user, a step, a form template): a select holds them as text. */
const SELECT_KEYS = new Set([
  'assignee_user_id',
  'recipient_user_id',
  'reject_step_order',
  'false_step_order',
  'form_template_id',
]);

/** Keys that only count with a given choice (a user id only when the assignee is a user …). */
const ONLY_WHEN: Record<string, [string, string]> = {
  assignee_user_id: ['assignee', 'user'],
  assignee_role: ['assignee', 'role'],
  recipient_user_id: ['recipient', 'user'],
  recipient_role: ['recipient', 'role'],
  reject_step_order: ['on_reject', 'go_to'],
  false_step_order: ['on_false', 'go_to'],
  duration: ['mode', 'duration'],
  unit: ['mode', 'duration'],
  date_field: ['mode', 'until_date'],
};

export function isStepType(value: string): value is WorkflowStepType {
  return (WORKFLOW_STEP_TYPES as readonly string[]).includes(value);
}

export function stepValues(step: WorkflowStep | null, nextOrder: number): StepValues {
  const type = step?.step_type ?? 'task';
  const config: Record<string, unknown> = { ...DEFAULT_CONFIGS[type] };
  for (const [key, value] of Object.entries(step?.step_config ?? {})) {
    if (key === 'expression' || key === 'headers') continue;
    config[key] = SELECT_KEYS.has(key) ? String(value) : value;
  }
  const stored = step?.step_config ?? {};
  return {
    step_order: step?.step_order ?? nextOrder,
    step_name: step?.step_name ?? '',
    step_type: type,
    required: step?.required ?? true,
    step_config: config,
    expression_text: stored.expression ? JSON.stringify(stored.expression) : EXAMPLE_EXPRESSION,
    header_rows: Object.entries((stored.headers ?? {}) as Record<string, string>).map(([name, value]) => ({
      name,
      value,
    })),
  };
}

/** Undefined when the text is not JSON, so the schema names the field. */
function parsedExpression(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The form's values as the wire's step_config: blanks and keys of other choices left out, numbers as numbers. */
export function wireConfig(v: StepValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v.step_config)) {
    const gate = ONLY_WHEN[key];
    if (gate && v.step_config[gate[0]] !== gate[1]) continue;
    if (value === '' || value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = NUMBER_KEYS.has(key) && typeof value === 'string' ? Number(value) : value;
  }
  if (v.step_type === 'condition') out.expression = parsedExpression(v.expression_text);
  if (v.step_type === 'api_call')
    out.headers = Object.fromEntries(
      v.header_rows.filter((r) => r.name.trim() !== '').map((r) => [r.name.trim(), r.value]),
    );
  return out;
}

/** Where the server's (or the schema's) `step_config.x` message shows in the form. */
export function stepFieldOf(field: string): string {
  if (field === 'step_config.expression') return 'expression_text';
  if (field.startsWith('step_config.headers')) return 'header_rows';
  return field;
}

/** The type's own rules, as the server checks them (messages keyed by the form's paths). */
export function stepConfigErrors(v: StepValues): Record<string, string> {
  if (!v.step_type) return {};
  if (v.step_type === 'condition' && parsedExpression(v.expression_text) === undefined)
    return { expression_text: 'The expression is not valid JSON.' };
  const checked = parseStepConfig(v.step_type, wireConfig(v));
  if (checked.ok) return {};
  return Object.fromEntries(Object.entries(checked.fields).map(([k, m]) => [stepFieldOf(k), m]));
}
