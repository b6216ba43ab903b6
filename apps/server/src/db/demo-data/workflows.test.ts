import { WORKFLOW_INSTANCE_STATUSES, type WorkflowInstanceList, type WorkflowTaskList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, login, orgId, type TestApp } from '../../../test/helpers.ts';

// The demo workflows and rules (issue #17 item 5), as the demo load leaves them and as the API shows them: the
// onboarding workflow with its six steps, the time-based reassessment, three rules, instances in every status, and
// the open tasks and approvals the running ones wait on.

let t: TestApp;
let plan: number;
let manager: string;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  manager = await login(t.app, 'manager@trust.demo');
});
afterAll(async () => t?.close());

describe('demo workflows', () => {
  it('has the onboarding workflow, the reassessment and three rules', async () => {
    const templates = (await api(t)('GET', '/api/workflows/templates', manager, plan)).json();
    const byName = Object.fromEntries(templates.workflows.map((w: { name: string }) => [w.name, w]));
    expect(byName['ECM onboarding']).toMatchObject({ trigger_type: 'enrollment_created', step_count: 6 });
    expect(byName['90-day reassessment']).toMatchObject({ trigger_type: 'time_based', step_count: 2 });
    expect(byName['90-day reassessment'].next_run_at).not.toBeNull();
    const steps = (
      await api(t)('GET', `/api/workflows/templates/${byName['ECM onboarding'].id}/steps`, manager, plan)
    ).json().steps as { step_type: string }[];
    expect(steps.map((s) => s.step_type)).toEqual([
      'task',
      'wait',
      'condition',
      'form',
      'approval',
      'notification',
    ]);
    const rules = (await api(t)('GET', '/api/workflows/automation-rules', manager, plan)).json();
    expect(rules.rules.map((r: { trigger_type: string }) => r.trigger_type).sort()).toEqual([
      'enrollment_status_changed',
      'goal_completed',
      'scheduled',
    ]);
  });

  it('has instances in every status, with their history and the tasks they wait on', async () => {
    const list = (
      await api(t)('GET', '/api/workflows/instances?page_size=200', manager, plan)
    ).json() as WorkflowInstanceList;
    for (const status of WORKFLOW_INSTANCE_STATUSES) expect(list.counts[status], status).toBeGreaterThan(0);
    const failed = list.instances.find((i) => i.status === 'failed')!;
    expect(failed.error_message).toMatch(/Rejected/);
    const completed = list.instances.find((i) => i.status === 'completed' && i.current_step_order === 6)!;
    const history = (
      await api(t)('GET', `/api/workflows/instances/${completed.id}/executions`, manager, plan)
    ).json();
    expect(history.executions.map((e: { status: string }) => e.status)).toEqual(Array(6).fill('completed'));
    // Managers see the approvals running instances wait on.
    const tasks = (await api(t)('GET', '/api/workflows/tasks', manager, plan)).json() as WorkflowTaskList;
    expect(tasks.tasks.some((x) => x.kind === 'approval' && x.status === 'open')).toBe(true);
  });
});
