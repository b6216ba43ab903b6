import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Enrollment, NotificationList, WorkflowTaskList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers.ts';
import { call, type Demo, enroll, makeMember, makeProgram, signInDemo } from '../enrollments/test-support.ts';
import { createTemplate, intakeTemplate, SIGNATURE_PNG } from '../forms/test-support.ts';
import {
  eventually,
  executionReaches,
  executionsOf,
  instanceReaches,
  startWorkflow,
  workflowWithSteps,
} from './test-support.ts';

// Issue #17 item 2: the engine on the real job queue. The onboarding workflow of the issue runs end to end —
// a task with an outcome, a wait, a condition on that outcome, a form that must be submitted, a manager's
// approval, a notification — with each side effect written once, and the instance completing with its history.

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;
let enrollment: Enrollment;
let formTemplateId: number;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-workflows-'));
  t = await buildTestApp({ jobs: true, env: { DATA_DIR: dataDir } });
  d = await signInDemo(t);
  req = call(t);
  const program = await makeProgram(t, d.plan);
  enrollment = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan, { firstName: 'Wren', lastName: 'Flow' })).id,
    program_id: program.id,
    case_manager_user_id: d.ids.staff,
    start_date: '2026-01-05',
  });
  formTemplateId = (await createTemplate(t, d.manager, d.plan, intakeTemplate({ name: 'ECM assessment' })))
    .id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function openTasks(token: string) {
  const res = await req('GET', '/api/workflows/tasks', token, d.plan);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as WorkflowTaskList).tasks;
}

describe('the onboarding workflow, end to end on the job queue', () => {
  it('runs task → wait → condition → form → approval → notification and completes with its history', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, [
      {
        step_type: 'task',
        step_name: 'Call the member within 48 hours',
        step_config: { assignee: 'case_manager', due_in_hours: 48, outcomes: ['reached', 'not_reached'] },
      },
      // The enrollment started long ago: the wait is over at once.
      {
        step_type: 'wait',
        step_name: 'Until the start date',
        step_config: { mode: 'until_date', date_field: 'start_date' },
      },
      {
        step_type: 'condition',
        step_name: 'Reached?',
        step_config: { expression: { '==': [{ var: 'steps.1.outcome' }, 'reached'] }, on_false: 'end' },
      },
      {
        step_type: 'form',
        step_name: 'Assessment',
        step_config: { form_template_id: formTemplateId, due_in_days: 7 },
      },
      {
        step_type: 'approval',
        step_name: 'Supervisor approves the care plan',
        step_config: { approver_role: 'manager' },
      },
      {
        step_type: 'notification',
        step_name: 'Tell the case manager',
        step_config: {
          recipient: 'case_manager',
          title: 'Onboarding complete',
          message: '{{workflow_name}} is complete for {{member_first_name}} ({{program_name}}).',
          send_email: true,
        },
      },
    ]);
    const started = await startWorkflow(t, d.staff, d.plan, template.id, enrollment.id);
    expect(started).toMatchObject({
      status: 'running',
      current_step_order: 1,
      progress: 20,
      started_by: 'manual',
    });

    // 1. The task reaches the case manager's list and their bell.
    const task = await eventually(async () =>
      (await openTasks(d.staff)).find((x) => x.workflow_instance_id === started.id),
    );
    expect(task).toMatchObject({
      kind: 'task',
      title: 'Call the member within 48 hours',
      outcomes: ['reached', 'not_reached'],
    });
    const bell = (await req('GET', '/api/notifications', d.staff, d.plan)).json() as NotificationList;
    expect(bell.notifications.some((n) => n.title === 'New task: Call the member within 48 hours')).toBe(
      true,
    );

    // An outcome outside the task's list is refused; another staff member cannot close it.
    expect(
      (
        await req('PUT', `/api/workflows/tasks/${task.id}`, d.staff, d.plan, {
          decision: 'done',
          outcome: 'maybe',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await req('PUT', `/api/workflows/tasks/${task.id}`, d.staff2, d.plan, {
          decision: 'done',
          outcome: 'reached',
        })
      ).statusCode,
    ).toBe(403);
    const done = await req('PUT', `/api/workflows/tasks/${task.id}`, d.staff, d.plan, {
      decision: 'done',
      outcome: 'reached',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(
      (
        await req('PUT', `/api/workflows/tasks/${task.id}`, d.staff, d.plan, {
          decision: 'done',
          outcome: 'reached',
        })
      ).statusCode,
    ).toBe(409);

    // 2–4. The wait is over, the condition is true, and the form is assigned to the case manager.
    const formStep = await executionReaches(t, d.manager, d.plan, started.id, 4, 'waiting');
    const formId = Number(formStep.output?.form_instance_id);
    const form = (await req('GET', `/api/forms/instances/${formId}`, d.staff, d.plan)).json() as {
      status: string;
      assigned_to_user_id: number;
      revision: number;
    };
    expect(form).toMatchObject({ status: 'draft', assigned_to_user_id: d.ids.staff });
    const submitted = await req('PUT', `/api/forms/instances/${formId}/submit`, d.staff, d.plan, {
      field_data: {
        field_age: 40,
        field_housing: 'Own home',
        field_signature: { image: SIGNATURE_PNG, typed_name: 'Wren Flow', signed_at: '2026-11-20T10:00:00Z' },
      },
      status: 'submitted',
      revision: form.revision,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // 5. The approval reaches the managers; staff cannot give it.
    const approval = await eventually(async () =>
      (await openTasks(d.manager)).find(
        (x) => x.workflow_instance_id === started.id && x.kind === 'approval',
      ),
    );
    expect(
      (await req('PUT', `/api/workflows/tasks/${approval.id}`, d.staff, d.plan, { decision: 'approved' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('PUT', `/api/workflows/tasks/${approval.id}`, d.manager, d.plan, { decision: 'done' }))
        .statusCode,
    ).toBe(400);
    const approved = await req('PUT', `/api/workflows/tasks/${approval.id}`, d.manager, d.plan, {
      decision: 'approved',
      comment: 'Care plan looks right',
    });
    expect(approved.statusCode, approved.body).toBe(200);

    // 6. The notification, then the end.
    const finished = await instanceReaches(t, d.manager, d.plan, started.id, 'completed');
    expect(finished.progress).toBe(100);
    expect(finished.completed_at).not.toBeNull();
    const history = await executionsOf(t, d.manager, d.plan, started.id);
    expect(history.map((e) => [e.step_order, e.status])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
      [3, 'completed'],
      [4, 'completed'],
      [5, 'completed'],
      [6, 'completed'],
    ]);
    expect(history[0]!.output).toMatchObject({ decision: 'done', outcome: 'reached' });
    expect(history[2]!.output).toMatchObject({ result: true });
    expect(history[4]!.output).toMatchObject({ decision: 'approved', comment: 'Care plan looks right' });
    expect(history[5]!.output).toMatchObject({ recipients: 1, in_app: 1, emails: 1 });

    const notices = (await req('GET', '/api/notifications', d.staff, d.plan)).json() as NotificationList;
    const complete = notices.notifications.filter((n) => n.title === 'Onboarding complete');
    expect(complete).toHaveLength(1);
    expect(complete[0]!.body).toContain('is complete for Wren');
    const emails = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbound_messages WHERE category = 'workflow_notification' AND subject = 'Onboarding complete'",
    );
    expect(emails[0]!.n).toBe(1);
  }, 60_000);

  it('ends at a false condition without running the steps after it', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, [
      { step_type: 'task', step_name: 'Call', step_config: { outcomes: ['reached', 'not_reached'] } },
      {
        step_type: 'condition',
        step_name: 'Reached?',
        step_config: { expression: { '==': [{ var: 'steps.1.outcome' }, 'reached'] } },
      },
      { step_type: 'notification', step_name: 'Never', step_config: { title: 'Never', message: 'Never' } },
    ]);
    const started = await startWorkflow(t, d.staff, d.plan, template.id, enrollment.id);
    const task = await eventually(async () =>
      (await openTasks(d.staff)).find((x) => x.workflow_instance_id === started.id),
    );
    await req('PUT', `/api/workflows/tasks/${task.id}`, d.staff, d.plan, {
      decision: 'done',
      outcome: 'not_reached',
    });
    await instanceReaches(t, d.manager, d.plan, started.id, 'completed');
    const history = await executionsOf(t, d.manager, d.plan, started.id);
    expect(history.map((e) => e.step_order)).toEqual([1, 2]);
    expect(history[1]!.output).toMatchObject({ result: false });
  }, 30_000);

  it('fails the instance when an approval is rejected, with the comment as its error', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, [
      { step_type: 'approval', step_name: 'Approve', step_config: { approver_role: 'manager' } },
      { step_type: 'notification', step_name: 'Never', step_config: { title: 'Never', message: 'Never' } },
    ]);
    const started = await startWorkflow(t, d.manager, d.plan, template.id, enrollment.id);
    const approval = await eventually(async () =>
      (await openTasks(d.manager)).find((x) => x.workflow_instance_id === started.id),
    );
    await req('PUT', `/api/workflows/tasks/${approval.id}`, d.manager, d.plan, {
      decision: 'rejected',
      comment: 'Missing income proof',
    });
    const failed = await instanceReaches(t, d.manager, d.plan, started.id, 'failed');
    expect(failed.error_message).toBe('Approve: Rejected: Missing income proof');
  }, 30_000);
});
