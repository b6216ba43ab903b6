import type { Enrollment, WorkflowInstanceList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import { call, type Demo, enroll, makeMember, makeProgram, signInDemo } from '../enrollments/test-support.ts';
import { eventually, workflowWithSteps } from './test-support.ts';
import { runScheduledTemplates, runTrigger } from './triggers.ts';

// 002 §9 trigger types; issue #17 item 2: enrollment_created, enrollment_status_changed (optionally from/to),
// activity_completed and time_based, fed by the domain events of the enrollments module; a trigger heard twice
// starts one instance; a template scoped to a program starts only for its enrollments.

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;
let programId: number;
let otherProgramId: number;

const oneStep = [
  { step_type: 'approval' as const, step_name: 'Look at it', step_config: { approver_role: 'manager' } },
];

beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
  d = await signInDemo(t);
  req = call(t);
  programId = (await makeProgram(t, d.plan)).id;
  otherProgramId = (await makeProgram(t, d.plan)).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function instancesOf(templateId: number) {
  const res = await req(
    'GET',
    `/api/workflows/instances?workflow_template_id=${templateId}`,
    d.manager,
    d.plan,
  );
  return (res.json() as WorkflowInstanceList).instances;
}

async function newEnrollment(
  program = programId,
  status: 'pending' | 'active' = 'pending',
): Promise<Enrollment> {
  return enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan)).id,
    program_id: program,
    case_manager_user_id: d.ids.staff,
    status,
  });
}

describe('event triggers', () => {
  it('enrollment_created starts the program’s template for a new enrollment, not another program’s', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, oneStep, {
      trigger_type: 'enrollment_created',
      program_id: programId,
    });
    const enrollment = await newEnrollment();
    const other = await newEnrollment(otherProgramId);
    const [instance] = await eventually(async () => {
      const list = await instancesOf(template.id);
      return list.length > 0 ? list : undefined;
    });
    expect(instance).toMatchObject({
      enrollment_id: enrollment.id,
      started_by: 'enrollment_created',
      status: 'running',
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await instancesOf(template.id)).some((i) => i.enrollment_id === other.id)).toBe(false);
  }, 30_000);

  it('enrollment_status_changed honours from and to', async () => {
    const toActive = await workflowWithSteps(t, d.manager, d.plan, oneStep, {
      trigger_type: 'enrollment_status_changed',
      trigger_config: { from_status: 'pending', to_status: 'active' },
    });
    const toHold = await workflowWithSteps(t, d.manager, d.plan, oneStep, {
      trigger_type: 'enrollment_status_changed',
      trigger_config: { to_status: 'on_hold' },
    });
    const enrollment = await newEnrollment();
    const changed = await req('PUT', `/api/enrollments/${enrollment.id}`, d.manager, d.plan, {
      status: 'active',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await eventually(async () => ((await instancesOf(toActive.id)).length === 1 ? true : undefined));
    expect(await instancesOf(toHold.id)).toHaveLength(0);
  }, 30_000);

  it('activity_completed matches the activity type when one is set', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, oneStep, {
      trigger_type: 'activity_completed',
      trigger_config: { activity_type: 'assessment' },
    });
    const enrollment = await newEnrollment(programId, 'active');
    const today = new Date().toISOString().slice(0, 10);
    for (const activity_type of ['outreach', 'assessment']) {
      const res = await req('POST', '/api/enrollments/activities', d.manager, d.plan, {
        enrollment_id: enrollment.id,
        activity_type,
        activity_date: today,
        status: 'completed',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [instance] = await eventually(async () => {
      const list = await instancesOf(template.id);
      return list.length > 0 ? list : undefined;
    });
    expect(instance!.started_by).toBe('activity_completed');
    await new Promise((r) => setTimeout(r, 800));
    expect(await instancesOf(template.id)).toHaveLength(1);
  }, 30_000);

  it('the same event heard twice (two processes) starts one instance', async () => {
    const template = await workflowWithSteps(t, d.manager, d.plan, oneStep, {
      trigger_type: 'enrollment_created',
    });
    const enrollment = await newEnrollment();
    await eventually(async () =>
      (await instancesOf(template.id)).some((i) => i.enrollment_id === enrollment.id) ? true : undefined,
    );
    const ctx = systemContext(t.app.deps, 'test');
    const data = {
      eventId: 'same-event',
      trigger: 'enrollment_created' as const,
      organizationId: d.plan,
      enrollmentId: enrollment.id,
    };
    // The instance the real event started is still open: a replay starts nothing.
    expect(await runTrigger(ctx, data)).toBe(0);
    await t.database.query("UPDATE workflow_instances SET status = 'completed' WHERE template_id = $1", [
      template.id,
    ]);
    const [a, b] = await Promise.all([runTrigger(ctx, data), runTrigger(ctx, data)]);
    expect(a + b).toBe(1);
  }, 30_000);
});

describe('time-based triggers', () => {
  it('the tick starts a due template on the open enrollments of its program, once per run, and sets the next run', async () => {
    const program = (await makeProgram(t, d.plan)).id;
    const a = await newEnrollment(program, 'active');
    const b = await newEnrollment(program);
    const template = await workflowWithSteps(t, d.manager, d.plan, oneStep, {
      trigger_type: 'time_based',
      trigger_config: { cron: '0 6 * * *' },
      program_id: program,
    });
    const due = new Date(template.next_run_at!);
    const ctx = systemContext(t.app.deps, 'test');
    // Before its time: nothing.
    expect(await runScheduledTemplates(ctx, new Date(due.getTime() - 60_000))).toBe(0);
    // At its time, two ticks at once (two processes): the enrollments are started once.
    const [x, y] = await Promise.all([runScheduledTemplates(ctx, due), runScheduledTemplates(ctx, due)]);
    expect(x + y).toBe(2);
    const list = await instancesOf(template.id);
    expect(list.map((i) => i.enrollment_id).sort()).toEqual([a.id, b.id].sort());
    expect(list.every((i) => i.started_by === 'time_based')).toBe(true);
    const after = (await req('GET', `/api/workflows/templates/${template.id}`, d.manager, d.plan)).json();
    expect(new Date(after.next_run_at).getTime() - due.getTime()).toBe(86_400_000);
    // The next day, the enrollments still running it are not started again.
    expect(await runScheduledTemplates(ctx, new Date(after.next_run_at))).toBe(0);
  }, 30_000);
});
