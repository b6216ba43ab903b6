import type { Enrollment, NotificationList, WorkflowInstanceList, WorkflowTaskList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import {
  auditRows,
  call,
  type Demo,
  enroll,
  makeMember,
  makeProgram,
  signInDemo,
} from '../enrollments/test-support.ts';
import { runStepJob } from './engine.ts';
import {
  createWorkflow,
  eventually,
  executionReaches,
  executionsOf,
  instanceReaches,
  startWorkflow,
  workflowWithSteps,
} from './test-support.ts';

// 002 §2 Active Workflows, §4 (instance states: server enforcement), §7 instances; issue #17 items 2 and 3: the
// list with its counts and filters, who starts and who pauses, resumes, cancels and deletes, what a pause holds
// and a cancel ends, waits, the loop guard, and the notifications API.

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;
let programId: number;
/** Managed by the coordinator (staff); the other by the second staff member. */
let mine: Enrollment;
let theirs: Enrollment;

const approvalFlow = [
  {
    step_type: 'approval' as const,
    step_name: 'Approve the plan',
    step_config: { approver_role: 'manager' },
  },
  {
    step_type: 'notification' as const,
    step_name: 'Tell',
    step_config: {
      recipient: 'case_manager',
      title: 'Approved',
      message: 'The plan of {{member_first_name}} is approved.',
    },
  },
];

beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
  d = await signInDemo(t);
  req = call(t);
  programId = (await makeProgram(t, d.plan)).id;
  mine = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan, { firstName: 'Mina' })).id,
    program_id: programId,
    case_manager_user_id: d.ids.staff,
  });
  theirs = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan, { firstName: 'Theo' })).id,
    program_id: programId,
    case_manager_user_id: d.ids.staff2,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function openApprovalOf(instanceId: number) {
  return eventually(async () => {
    const list = (await req('GET', '/api/workflows/tasks', d.manager, d.plan)).json() as WorkflowTaskList;
    return list.tasks.find((x) => x.workflow_instance_id === instanceId);
  });
}

describe('starting a workflow by hand', () => {
  it('is for writers on an enrollment they see, once at a time, of an active template with steps', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, approvalFlow);
    expectEnvelope(
      await req('POST', '/api/workflows/instances', d.viewer, d.plan, {
        workflow_template_id: template.id,
        enrollment_id: mine.id,
      }),
      403,
    );
    // Staff start workflows only on the enrollments they manage.
    expectEnvelope(
      await req('POST', '/api/workflows/instances', d.staff, d.plan, {
        workflow_template_id: template.id,
        enrollment_id: theirs.id,
      }),
      404,
    );
    expectEnvelope(
      await req('POST', '/api/workflows/instances', d.cbo, d.harbor, {
        workflow_template_id: template.id,
        enrollment_id: mine.id,
      }),
      404,
    );
    const started = await startWorkflow(t, d.staff, d.plan, template.id, mine.id);
    expect(started).toMatchObject({
      member_name: expect.stringContaining('Mina'),
      status: 'running',
      step_count: 2,
    });
    const again = await req('POST', '/api/workflows/instances', d.staff, d.plan, {
      workflow_template_id: template.id,
      enrollment_id: mine.id,
    });
    expectEnvelope(again, 409, 'conflict');
    expect(again.json().detail).toBe('This workflow is already running for this enrollment.');
    expect(await auditRows(t, 'workflow_instance.started', started.id)).toHaveLength(1);

    // Two starts at once: the database keeps one open instance per template and enrollment.
    const racing = await workflowWithSteps(t, d.manager, d.plan, approvalFlow);
    const both = await Promise.all(
      [d.manager, d.orgadmin].map((token) =>
        req('POST', '/api/workflows/instances', token, d.plan, {
          workflow_template_id: racing.id,
          enrollment_id: theirs.id,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const inactive = await createWorkflow(t, d.manager, d.plan, { is_active: false });
    expectEnvelope(
      await req('POST', '/api/workflows/instances', d.manager, d.plan, {
        workflow_template_id: inactive.id,
        enrollment_id: mine.id,
      }),
      422,
    );
    const empty = await createWorkflow(t, d.manager, d.plan);
    const none = await req('POST', '/api/workflows/instances', d.manager, d.plan, {
      workflow_template_id: empty.id,
      enrollment_id: mine.id,
    });
    expectEnvelope(none, 422);
    expect(none.json().detail).toBe('This workflow has no steps yet: design its steps first.');
  });
});

describe('the instances list', () => {
  it('pages newest first with counts per status; staff see their enrollments only; reads are audited', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, approvalFlow);
    const a = await startWorkflow(t, d.manager, d.plan, template.id, mine.id);
    const b = await startWorkflow(t, d.manager, d.plan, template.id, theirs.id);
    await req('PUT', `/api/workflows/instances/${b.id}`, d.manager, d.plan, { status: 'paused' });

    const all = (
      await req('GET', `/api/workflows/instances?workflow_template_id=${template.id}`, d.manager, d.plan)
    ).json() as WorkflowInstanceList;
    expect(all.instances.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(all.counts).toMatchObject({ running: 1, paused: 1, completed: 0 });
    expect(all.total).toBe(2);
    const paused = (
      await req(
        'GET',
        `/api/workflows/instances?workflow_template_id=${template.id}&status=paused`,
        d.viewer,
        d.plan,
      )
    ).json() as WorkflowInstanceList;
    expect(paused.instances.map((i) => i.id)).toEqual([b.id]);
    // Counts stay over the template filter, not the status filter (the screen's cards).
    expect(paused.counts.running).toBe(1);
    expect(paused.total).toBe(1);

    const staff = (
      await req('GET', `/api/workflows/instances?workflow_template_id=${template.id}`, d.staff, d.plan)
    ).json() as WorkflowInstanceList;
    expect(staff.instances.map((i) => i.id)).toEqual([a.id]);
    expectEnvelope(await req('GET', `/api/workflows/instances/${b.id}`, d.staff, d.plan), 404);
    expectEnvelope(await req('GET', `/api/workflows/instances/${b.id}/executions`, d.staff, d.plan), 404);
    expectEnvelope(await req('GET', `/api/workflows/instances/${a.id}`, d.cbo, d.harbor), 404);
    const byEnrollment = (
      await req('GET', `/api/workflows/instances?enrollment_id=${theirs.id}`, d.manager, d.plan)
    ).json() as WorkflowInstanceList;
    expect(byEnrollment.instances.every((i) => i.enrollment_id === theirs.id)).toBe(true);
    expectEnvelope(await req('GET', '/api/workflows/instances?status=stuck', d.manager, d.plan), 400);

    const reads = await t.database.query<{ details: { ids: number[] } }>(
      "SELECT details FROM audit_log WHERE action = 'workflow_instance.list_read' ORDER BY id DESC LIMIT 1",
    );
    expect(reads[0]!.details.ids).toContain(b.id);
  });
});

describe('pause, resume, cancel and delete (002 §4, on the server)', () => {
  it('holds a paused instance at its step: a decision taken meanwhile applies on resume', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, approvalFlow);
    const started = await startWorkflow(t, d.manager, d.plan, template.id, mine.id);
    const approval = await openApprovalOf(started.id);
    expectEnvelope(
      await req('PUT', `/api/workflows/instances/${started.id}`, d.staff, d.plan, { status: 'paused' }),
      403,
    );
    const paused = await req('PUT', `/api/workflows/instances/${started.id}`, d.manager, d.plan, {
      status: 'paused',
    });
    expect(paused.json().status).toBe('paused');
    const twice = await req('PUT', `/api/workflows/instances/${started.id}`, d.manager, d.plan, {
      status: 'paused',
    });
    expectEnvelope(twice, 422, 'rule_broken');
    expect(twice.json().detail).toBe('A paused workflow cannot be set to paused.');
    expectEnvelope(
      await req('PUT', `/api/workflows/instances/${started.id}`, d.manager, d.plan, { status: 'cancelled' }),
      422,
    );
    expectEnvelope(
      await req('PUT', `/api/workflows/instances/${started.id}`, d.manager, d.plan, { status: 'completed' }),
      400,
    );

    await req('PUT', `/api/workflows/tasks/${approval.id}`, d.manager, d.plan, { decision: 'approved' });
    // Paused: the approval is recorded, the notification step does not start.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await executionsOf(t, d.manager, d.plan, started.id)).map((e) => e.step_order)).toEqual([1]);

    const resumed = await req('PUT', `/api/workflows/instances/${started.id}`, d.manager, d.plan, {
      status: 'running',
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const done = await instanceReaches(t, d.manager, d.plan, started.id, 'completed');
    expect(done.progress).toBe(100);
    expect(await auditRows(t, 'workflow_instance.paused', started.id)).toHaveLength(1);
    expect(await auditRows(t, 'workflow_instance.running', started.id)).toHaveLength(1);
    expect(await auditRows(t, 'workflow_instance.completed', started.id)).toHaveLength(1);
    expectEnvelope(
      await req('PUT', `/api/workflows/instances/${started.id}`, d.manager, d.plan, { status: 'running' }),
      422,
    );
  }, 30_000);

  it('cancelling closes the open approval and ends the step; delete removes the instance', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, approvalFlow);
    const started = await startWorkflow(t, d.manager, d.plan, template.id, mine.id);
    const approval = await openApprovalOf(started.id);
    const cancelled = await req('PUT', `/api/workflows/instances/${started.id}`, d.orgadmin, d.plan, {
      status: 'cancelled',
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json().completed_at).not.toBeNull();
    const closed = await req('PUT', `/api/workflows/tasks/${approval.id}`, d.manager, d.plan, {
      decision: 'approved',
    });
    expectEnvelope(closed, 409);
    expect((await executionsOf(t, d.manager, d.plan, started.id))[0]!.status).toBe('cancelled');

    expectEnvelope(await req('DELETE', `/api/workflows/instances/${started.id}`, d.staff, d.plan), 403);
    const gone = await req('DELETE', `/api/workflows/instances/${started.id}`, d.manager, d.plan);
    expect(gone.json()).toEqual({ message: 'Workflow instance deleted successfully' });
    expectEnvelope(await req('GET', `/api/workflows/instances/${started.id}`, d.manager, d.plan), 404);
    expect(await auditRows(t, 'workflow_instance.deleted', started.id)).toHaveLength(1);
  }, 30_000);
});

describe('waits and the loop guard', () => {
  it('a wait of a duration holds the step until its time, then goes on', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, [
      {
        step_type: 'wait',
        step_name: 'Two days',
        step_config: { mode: 'duration', duration: 2, unit: 'days' },
      },
      {
        step_type: 'notification',
        step_name: 'Follow up',
        step_config: { title: 'Follow up', message: 'Call again' },
      },
    ]);
    const started = await startWorkflow(t, d.manager, d.plan, template.id, mine.id);
    const waiting = await executionReaches(t, d.manager, d.plan, started.id, 1, 'waiting');
    const due = new Date(waiting.resume_at!).getTime() - Date.now();
    expect(due).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(due).toBeLessThanOrEqual(2 * 86_400_000);
    // Its delayed job waits in the queue for that time.
    const jobs = await t.database.query<{ start_after: Date }>(
      "SELECT start_after FROM pgboss.job WHERE name = 'workflows.step' AND data->>'executionId' = $1 AND state = 'created'",
      [String(waiting.id)],
    );
    expect(jobs).toHaveLength(1);
    expect(
      Math.abs(new Date(jobs[0]!.start_after).getTime() - new Date(waiting.resume_at!).getTime()),
    ).toBeLessThan(1000);

    // Two days later (moved back here), the job runs and the workflow goes on.
    await t.database.query(
      "UPDATE workflow_step_executions SET resume_at = now() - interval '1 second' WHERE id = $1",
      [waiting.id],
    );
    await runStepJob(systemContext(t.app.deps, 'test'), { executionId: waiting.id });
    await instanceReaches(t, d.manager, d.plan, started.id, 'completed');
  }, 30_000);

  it('fails an instance that loops without end, with the reason', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, [
      { step_type: 'notification', step_name: 'Ping', step_config: { title: 'Ping', message: 'Ping' } },
      {
        step_type: 'condition',
        step_name: 'Never true',
        step_config: { expression: { '==': [1, 2] }, on_false: 'go_to', false_step_order: 1 },
      },
    ]);
    const started = await startWorkflow(t, d.manager, d.plan, template.id, mine.id);
    // Close to the guard already (the loop itself would take 200 hops of the queue).
    await t.database.query('UPDATE workflow_instances SET steps_taken = 196 WHERE id = $1', [started.id]);
    const failed = await instanceReaches(t, d.manager, d.plan, started.id, 'failed');
    expect(failed.error_message).toBe('The workflow took 200 steps without ending: it is stopped (a loop?).');
    const history = await executionsOf(t, d.manager, d.plan, started.id);
    expect(history.filter((e) => e.step_order === 1).map((e) => e.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  }, 30_000);
});

describe('the notifications API', () => {
  it('lists the caller’s own with the unread count, marks one or all read; another person’s is not found', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, [
      {
        step_type: 'notification',
        step_name: 'Tell',
        step_config: { title: 'Hello there', message: 'A message' },
      },
    ]);
    const started = await startWorkflow(t, d.manager, d.plan, template.id, mine.id);
    await instanceReaches(t, d.manager, d.plan, started.id, 'completed');
    const list = (
      await req('GET', '/api/notifications?unread_only=true', d.staff, d.plan)
    ).json() as NotificationList;
    const hello = list.notifications.find((n) => n.title === 'Hello there')!;
    expect(hello).toMatchObject({
      read: false,
      body: 'A message',
      link: `/enrollments-view/${mine.id}`,
      source_type: 'workflow',
    });
    expect(list.unread_count).toBeGreaterThan(0);

    expectEnvelope(await req('PUT', `/api/notifications/${hello.id}/read`, d.manager, d.plan), 404);
    expectEnvelope(await req('PUT', `/api/notifications/${hello.id}/read`, d.cbo, d.harbor), 404);
    const read = await req('PUT', `/api/notifications/${hello.id}/read`, d.staff, d.plan);
    expect(read.json().unread_count).toBe(list.unread_count - 1);
    const all = await req('PUT', '/api/notifications/read-all', d.staff, d.plan);
    expect(all.json()).toEqual({ unread_count: 0 });
    expect(
      ((await req('GET', '/api/notifications', d.staff, d.plan)).json() as NotificationList).unread_count,
    ).toBe(0);
    expectEnvelope(await req('GET', '/api/notifications', null), 401);
    expectEnvelope(await req('GET', '/api/notifications?page_size=1000', d.staff, d.plan), 400);
  }, 30_000);
});
