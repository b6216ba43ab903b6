import type { ErrorCode } from '../errors.ts';

/** Error reasons of workflows and their tasks (care area, modules/care/workflows; issue #17). */
export const WORKFLOWS_ERROR_REASONS = {
  /** Also another organization's template: 404, so ids cannot be probed. */
  'workflow_template.not_found': 'not_found',
  'workflow_template.invalid': 'validation_failed',
  'workflow_template.inactive': 'rule_broken',
  'workflow_template.no_steps': 'rule_broken',
  'workflow_step.not_found': 'not_found',
  'workflow_step.invalid': 'validation_failed',
  /** Two steps of one version cannot share an order (002 §5: ascending order). */
  'workflow_step.order_taken': 'conflict',
  /** Deleting or renumbering a step a condition or an approval goes to. */
  'workflow_step.is_target': 'conflict',
  /** Also an instance of an enrollment the caller does not see. */
  'workflow_instance.not_found': 'not_found',
  'workflow_instance.already_running': 'conflict',
  'workflow_instance.status_step_invalid': 'rule_broken',
  'workflow_task.not_found': 'not_found',
  'workflow_task.closed': 'conflict',
  'workflow_task.not_yours': 'forbidden',
  'workflow_task.decision_invalid': 'validation_failed',
} as const satisfies Record<string, ErrorCode>;

/** Error reasons of in-app notifications (modules/communications/notifications). */
export const NOTIFICATIONS_ERROR_REASONS = {
  /** Also another person's notification. */
  'notification.not_found': 'not_found',
} as const satisfies Record<string, ErrorCode>;

/** Error reasons of automation rules (modules/care/automation; issue #17 item 4). */
export const AUTOMATION_ERROR_REASONS = {
  /** Also another organization's rule. */
  'automation_rule.not_found': 'not_found',
  'automation_rule.invalid': 'validation_failed',
  'automation_event.not_found': 'not_found',
  'automation_rule.not_testable': 'rule_broken',
} as const satisfies Record<string, ErrorCode>;
