import type {
  WorkflowExecution,
  WorkflowInstance,
  WorkflowStep,
  WorkflowStepCreate,
  WorkflowTemplate,
  WorkflowTemplateBody,
} from '@trust/domain';
import { expect } from 'vitest';
import { api, type TestApp } from '../../../../test/helpers.ts';

// Factories for the workflow tests: templates and steps through the API's own shapes, and waits for the engine
// (which runs on the job queue: a test waits for what a user would see, never for a fixed time).

let seq = 0;

export async function createWorkflow(
  t: TestApp,
  token: string,
  org: number,
  body: Partial<WorkflowTemplateBody> = {},
): Promise<WorkflowTemplate> {
  const res = await api(t)('POST', '/api/workflows/templates', token, org, {
    name: `Workflow ${++seq}`,
    trigger_type: 'manual',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WorkflowTemplate;
}

export async function addStep(
  t: TestApp,
  token: string,
  org: number,
  body: WorkflowStepCreate,
): Promise<WorkflowStep> {
  const res = await api(t)('POST', '/api/workflows/steps', token, org, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WorkflowStep;
}

/** A workflow with the given steps in order (orders 1, 2, 3…). */
export async function workflowWithSteps(
  t: TestApp,
  token: string,
  org: number,
  steps: Omit<WorkflowStepCreate, 'workflow_template_id' | 'step_order'>[],
  body: Partial<WorkflowTemplateBody> = {},
): Promise<WorkflowTemplate> {
  const template = await createWorkflow(t, token, org, body);
  for (const [i, step] of steps.entries()) {
    await addStep(t, token, org, { ...step, workflow_template_id: template.id, step_order: i + 1 });
  }
  return template;
}

export async function startWorkflow(
  t: TestApp,
  token: string,
  org: number,
  templateId: number,
  enrollmentId: number,
): Promise<WorkflowInstance> {
  const res = await api(t)('POST', '/api/workflows/instances', token, org, {
    workflow_template_id: templateId,
    enrollment_id: enrollmentId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WorkflowInstance;
}

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting for the workflow engine');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the instance is in one of the statuses (and, if given, at a step order). */
export async function instanceReaches(
  t: TestApp,
  token: string,
  org: number,
  id: number,
  status: string,
  stepOrder?: number,
): Promise<WorkflowInstance> {
  return eventually(async () => {
    const res = await api(t)('GET', `/api/workflows/instances/${id}`, token, org);
    const instance = res.json() as WorkflowInstance;
    return instance.status === status &&
      (stepOrder === undefined || instance.current_step_order === stepOrder)
      ? instance
      : undefined;
  });
}

/** Waits until the instance's execution at `order` is in `status`. */
export async function executionReaches(
  t: TestApp,
  token: string,
  org: number,
  id: number,
  order: number,
  status: string,
): Promise<WorkflowExecution> {
  return eventually(async () => {
    const res = await api(t)('GET', `/api/workflows/instances/${id}/executions`, token, org);
    const list = (res.json() as { executions: WorkflowExecution[] }).executions;
    return list.filter((e) => e.step_order === order).find((e) => e.status === status);
  });
}

export async function executionsOf(t: TestApp, token: string, org: number, id: number) {
  const res = await api(t)('GET', `/api/workflows/instances/${id}/executions`, token, org);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { executions: WorkflowExecution[] }).executions;
}
