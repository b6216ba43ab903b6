import type { AutomationActionType } from '@trust/domain';

// 002 §8 texts of Automation Rules, and an example configuration per action type (shown as the hint and filled in
// when a type is chosen; the keys are those of `automationActionSchemas`).
export const RULE_TEXTS = {
  created: 'Automation rule created successfully',
  updated: 'Automation rule updated successfully',
  deleted: 'Automation rule deleted successfully',
  fetchFailed: 'Failed to fetch automation rules',
  createFailed: 'Failed to create automation rule',
  updateFailed: 'Failed to update automation rule',
  deleteFailed: 'Failed to delete automation rule',
  empty: 'No automation rules found',
} as const;

export const ACTION_EXAMPLES: Record<AutomationActionType, Record<string, unknown>> = {
  send_notification: { recipient: 'case_manager', title: 'Goal met', message: 'A goal was completed.' },
  create_activity: { activity_type: 'follow_up', days_from_now: 7, notes: 'Follow up with the member.' },
  start_workflow: { workflow_template_id: 1 },
  update_enrollment: { priority_level: 'high' },
  send_email: { to: 'case_manager', subject: 'Enrollment update', body: 'Please review this enrollment.' },
};
