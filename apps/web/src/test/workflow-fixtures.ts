import type { WorkflowInstance, WorkflowTask } from '@trust/domain';

// Wire objects of the workflow API (002 §3) for the web tests.

export function makeInstance(overrides: Partial<WorkflowInstance> = {}): WorkflowInstance {
  return {
    id: 31,
    workflow_template_id: 1,
    workflow_name: 'ECM onboarding',
    template_version: 1,
    enrollment_id: 7,
    member_name: 'Rosa Delgado',
    program_name: 'Enhanced Care Management',
    status: 'running',
    current_step_order: 2,
    current_step_name: 'Wait 2 days',
    step_count: 6,
    progress: 40,
    error_message: null,
    started_by: 'enrollment_created',
    started_at: '2026-11-20T10:00:00.000Z',
    completed_at: null,
    created_ts: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeTask(overrides: Partial<WorkflowTask> = {}): WorkflowTask {
  return {
    id: 51,
    kind: 'task',
    title: 'Call the member',
    description: 'Within 48 hours.',
    status: 'open',
    workflow_instance_id: 31,
    workflow_name: 'ECM onboarding',
    enrollment_id: 7,
    member_name: 'Rosa Delgado',
    assignee_user_id: 5,
    assignee_name: 'Casey Coordinator',
    assignee_role: null,
    outcomes: ['reached', 'not reached'],
    outcome: null,
    comment: null,
    due_at: '2099-01-01T10:00:00.000Z',
    completed_by_name: null,
    completed_at: null,
    created_ts: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const instanceCounts = (counts: Partial<Record<WorkflowInstance['status'], number>> = {}) => ({
  running: 0,
  completed: 0,
  failed: 0,
  paused: 0,
  cancelled: 0,
  ...counts,
});
