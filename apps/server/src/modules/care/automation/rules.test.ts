import type {
  AutomationRule,
  AutomationRuleBody,
  AutomationRunList,
  Enrollment,
  NotificationList,
  WorkflowInstanceList,
} from '@trust/domain';
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
import { eventually, workflowWithSteps } from '../workflows/test-support.ts';
import { runScheduledRules } from './evaluation-jobs.ts';

// 002 §2 Automation Rules, §3, §5, §9; issue #17 item 4: the rules' calls and checks; each trigger's events
// evaluated in priority order with every run logged; each action type done through its module's service; the loop
// guard; "Test rule" answering without doing anything; scheduled rules.

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;
let programId: number;

beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
  d = await signInDemo(t);
  req = call(t);
  programId = (await makeProgram(t, d.plan)).id;
  // The demo rules (a goal-completed follow-up, a weekly scheduled review) would act on these tests' enrollments
  // too: the counts below are of this file's rules alone.
  await t.database.query('UPDATE automation_rules SET is_active = false');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const base = '/api/workflows/automation-rules';

async function createRule(body: Partial<AutomationRuleBody>, token = d.manager): Promise<AutomationRule> {
  const res = await req('POST', base, token, d.plan, {
    rule_name: 'A rule',
    trigger_type: 'goal_completed',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AutomationRule;
}

async function newEnrollment(): Promise<Enrollment> {
  return enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan, { firstName: 'Rulo' })).id,
    program_id: programId,
    case_manager_user_id: d.ids.staff,
    status: 'active',
  });
}

async function runsOf(ruleId: number) {
  return ((await req('GET', `${base}/${ruleId}/runs`, d.viewer, d.plan)).json() as AutomationRunList).runs;
}

async function activitiesOf(enrollmentId: number) {
  return t.database.query<{ activity_type: string; status: string; notes: string | null }>(
    'SELECT activity_type, status, notes FROM enrollment_activities WHERE enrollment_id = $1 ORDER BY id',
    [enrollmentId],
  );
}

async function completeGoal(enrollmentId: number) {
  const goal = await req('POST', '/api/enrollments/goals', d.staff, d.plan, {
    enrollment_id: enrollmentId,
    goal_text: 'Stable housing by spring',
  });
  expect(goal.statusCode, goal.body).toBe(201);
  const done = await req('PUT', `/api/enrollments/goals/${goal.json().id}`, d.staff, d.plan, {
    status: 'completed',
  });
  expect(done.statusCode, done.body).toBe(200);
}

describe('the rules’ calls', () => {
  it('creates with the spec defaults, lists in priority order with filters, changes and deletes', async () => {
    const rule = await createRule({ rule_name: 'Follow up', priority: 4, program_id: programId });
    expect(rule).toMatchObject({ trigger_type: 'goal_completed', is_active: true, priority: 4, actions: [] });
    expect(rule.program_name).toMatch(/Enrollment Test Program/);
    const first = await createRule({ rule_name: 'First', priority: 1, is_active: false });
    const list = (await req('GET', `${base}?page_size=200`, d.staff, d.plan)).json() as {
      rules: AutomationRule[];
      total: number;
    };
    const ids = list.rules.map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(rule.id));
    const inactive = (await req('GET', `${base}?is_active=false`, d.staff, d.plan)).json() as {
      rules: AutomationRule[];
    };
    expect(inactive.rules.map((r) => r.id)).toContain(first.id);
    expect(inactive.rules.every((r) => !r.is_active)).toBe(true);
    const byProgram = (await req('GET', `${base}?program_id=${programId}`, d.staff, d.plan)).json() as {
      rules: AutomationRule[];
    };
    expect(byProgram.rules.map((r) => r.id)).toEqual([rule.id]);

    const changed = await req('PUT', `${base}/${rule.id}`, d.orgadmin, d.plan, {
      rule_name: 'Follow up later',
      trigger_type: 'activity_created',
      trigger_conditions: { activity_type: 'assessment' },
      priority: 2,
    });
    expect(changed.json()).toMatchObject({
      rule_name: 'Follow up later',
      trigger_type: 'activity_created',
      program_id: null,
    });
    expect((await req('DELETE', `${base}/${rule.id}`, d.manager, d.plan)).json()).toEqual({
      message: 'Automation rule deleted successfully',
    });
    expectEnvelope(await req('GET', `${base}/${rule.id}`, d.manager, d.plan), 404);
    expect(await auditRows(t, 'automation_rule.deleted', rule.id)).toHaveLength(1);
  });

  it('refuses bad rules with the field named, on the server', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ rule_name: '' }, 'rule_name', 'Rule name is required'],
      [{ trigger_type: undefined }, 'trigger_type', 'Trigger type is required'],
      [{ trigger_type: 'goal_reached' }, 'trigger_type'],
      [{ priority: 11 }, 'priority', 'Priority must be from 1 to 10'],
      [{ priority: 0 }, 'priority', 'Priority must be from 1 to 10'],
      [
        { trigger_conditions: { colour: 'red' } },
        'trigger_conditions.colour',
        '"colour" is not a condition of the goal_completed trigger.',
      ],
      [
        { trigger_type: 'enrollment_status_changed', trigger_conditions: { to_status: 'done' } },
        'trigger_conditions.to_status',
      ],
      [
        { trigger_conditions: { expression: '{"==": [1' } },
        'trigger_conditions.expression',
        'The expression must be a JSON Logic object, written as JSON.',
      ],
      [
        { trigger_type: 'scheduled' },
        'trigger_conditions.cron',
        'A scheduled rule needs a cron expression (condition "cron").',
      ],
      [{ trigger_type: 'scheduled', trigger_conditions: { cron: 'every day' } }, 'trigger_conditions.cron'],
      [
        { actions: [{ type: 'send_notification', config: { message: 'Hi' } }] },
        'actions.0.config.title',
        'The title is required.',
      ],
      [
        { actions: [{ type: 'create_activity', config: { activity_type: 'party' } }] },
        'actions.0.config.activity_type',
      ],
      [{ actions: [{ type: 'update_enrollment', config: {} }] }, 'actions.0.config'],
      [
        { actions: [{ type: 'send_email', config: { to: 'address', subject: 'S', body: 'B' } }] },
        'actions.0.config.address',
        'Enter the address.',
      ],
      [{ actions: [{ type: 'launch_rocket', config: {} }] }, 'actions.0.type'],
    ];
    for (const [body, field, text] of cases) {
      const res = await req('POST', base, d.manager, d.plan, {
        rule_name: 'X',
        trigger_type: 'goal_completed',
        ...body,
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const fields = res.json().fields as Record<string, string>;
      expect(Object.keys(fields), JSON.stringify(fields)).toContain(field);
      if (text) expect(fields[field]).toBe(text);
    }
  });

  it('is written by managers and administrators; another organization does not see it', async () => {
    for (const token of [d.staff, d.viewer]) {
      expectEnvelope(
        await req('POST', base, token, d.plan, { rule_name: 'X', trigger_type: 'goal_completed' }),
        403,
      );
    }
    const rule = await createRule({});
    expectEnvelope(
      await req('PUT', `${base}/${rule.id}`, d.staff, d.plan, {
        rule_name: 'Y',
        trigger_type: 'goal_completed',
      }),
      403,
    );
    expectEnvelope(await req('DELETE', `${base}/${rule.id}`, d.viewer, d.plan), 403);
    expectEnvelope(await req('GET', `${base}/${rule.id}`, d.cbo, d.harbor), 404);
    expectEnvelope(await req('GET', `${base}/${rule.id}/runs`, d.cbo, d.harbor), 404);
    expectEnvelope(await req('DELETE', `${base}/${rule.id}`, d.cbo, d.harbor), 404);
    expectEnvelope(await req('GET', base, null), 401);
    await req('DELETE', `${base}/${rule.id}`, d.manager, d.plan);
  });
});

describe('rules at work', () => {
  it('goal completed → a follow-up activity, logged with its result', async () => {
    const rule = await createRule({
      rule_name: 'Goal met: follow up',
      trigger_type: 'goal_completed',
      program_id: programId,
      actions: [
        { type: 'create_activity', config: { activity_type: 'follow_up', days_from_now: 7 } },
        { type: 'send_notification', config: { title: 'Goal met', message: 'Plan the follow-up' } },
      ],
    });
    const enrollment = await newEnrollment();
    await completeGoal(enrollment.id);
    const [run] = await eventually(async () => {
      const runs = await runsOf(rule.id);
      return runs.length > 0 && runs[0]!.actions.every((a) => a.status !== 'pending') ? runs : undefined;
    });
    expect(run).toMatchObject({
      event_name: 'goal.completed',
      enrollment_id: enrollment.id,
      matched: true,
      depth: 0,
    });
    expect(run!.actions.map((a) => [a.type, a.status])).toEqual([
      ['create_activity', 'done'],
      ['send_notification', 'done'],
    ]);
    const activities = await activitiesOf(enrollment.id);
    expect(activities).toEqual([
      {
        activity_type: 'follow_up',
        status: 'scheduled',
        notes: 'Created by the automation rule "Goal met: follow up".',
      },
    ]);
    const bell = (await req('GET', '/api/notifications', d.staff, d.plan)).json() as NotificationList;
    expect(
      bell.notifications.some((n) => n.title === 'Goal met' && n.source_type === 'automation_rule'),
    ).toBe(true);
    await req('PUT', `${base}/${rule.id}`, d.manager, d.plan, {
      rule_name: 'off',
      trigger_type: 'goal_completed',
      is_active: false,
    });
  }, 30_000);

  it('logs a rule that does not match with the reason, and runs matched rules in priority order', async () => {
    const second = await createRule({
      rule_name: 'Priority 5',
      trigger_type: 'enrollment_status_changed',
      priority: 5,
      trigger_conditions: { to_status: 'on_hold' },
      actions: [{ type: 'update_enrollment', config: { priority_level: 'high' } }],
    });
    const first = await createRule({
      rule_name: 'Priority 1',
      trigger_type: 'enrollment_status_changed',
      priority: 1,
      trigger_conditions: {
        to_status: 'on_hold',
        expression: `{"==": [{"var": "program.id"}, ${programId}]}`,
      },
      actions: [{ type: 'update_enrollment', config: { priority_level: 'urgent' } }],
    });
    const never = await createRule({
      rule_name: 'Only completed',
      trigger_type: 'enrollment_status_changed',
      trigger_conditions: { to_status: 'completed' },
      actions: [{ type: 'send_email', config: { subject: 'S', body: 'B' } }],
    });
    const enrollment = await newEnrollment();
    expect(
      (await req('PUT', `/api/enrollments/${enrollment.id}`, d.manager, d.plan, { status: 'on_hold' }))
        .statusCode,
    ).toBe(200);
    await eventually(async () => {
      const runs = await runsOf(second.id);
      return runs[0]?.actions[0]?.status === 'done' ? true : undefined;
    });
    // Priority 1 acted first, priority 5 after it: the last word is priority 5's.
    const [row] = await t.database.query<{ priority_level: string }>(
      'SELECT priority_level FROM enrollments WHERE id = $1',
      [enrollment.id],
    );
    expect(row!.priority_level).toBe('high');
    const [firstRun] = await runsOf(first.id);
    const [secondRun] = await runsOf(second.id);
    expect(firstRun!.id).toBeLessThan(secondRun!.id);
    const [skipped] = await runsOf(never.id);
    expect(skipped).toMatchObject({
      matched: false,
      reason: 'to_status is "on_hold", not "completed".',
      actions: [],
    });
    for (const r of [first, second, never]) await req('DELETE', `${base}/${r.id}`, d.manager, d.plan);
  }, 30_000);

  it('starts a workflow and sends an email through the outbox', async () => {
    const workflow = await workflowWithSteps(t, d.manager, d.plan, [
      { step_type: 'approval', step_name: 'Review the document', step_config: { approver_role: 'manager' } },
    ]);
    const rule = await createRule({
      rule_name: 'Consent uploaded',
      trigger_type: 'document_uploaded',
      actions: [
        { type: 'start_workflow', config: { workflow_template_id: workflow.id } },
        {
          type: 'send_email',
          config: {
            to: 'address',
            address: 'intake@example.org',
            subject: 'New document',
            body: 'A document arrived.',
          },
        },
      ],
    });
    const enrollment = await newEnrollment();
    const ctx = systemContext(t.app.deps, 'test');
    const { evaluateEvent } = await import('./evaluation-jobs.ts');
    await evaluateEvent(ctx, {
      id: 'doc-event-1',
      name: 'document.uploaded',
      at: new Date().toISOString(),
      data: {
        document_id: 1,
        enrollment_id: enrollment.id,
        organization_id: d.plan,
        document_type: 'consent',
      },
    });
    await eventually(async () =>
      (await runsOf(rule.id))[0]?.actions[1]?.status === 'done' ? true : undefined,
    );
    const instances = (
      await req('GET', `/api/workflows/instances?enrollment_id=${enrollment.id}`, d.manager, d.plan)
    ).json() as WorkflowInstanceList;
    expect(instances.instances.map((i) => [i.workflow_template_id, i.started_by])).toEqual([
      [workflow.id, 'automation_rule'],
    ]);
    const emails = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbound_messages WHERE to_address = 'intake@example.org' AND category = 'automation_rule'",
    );
    expect(emails[0]!.n).toBe(1);
    // The same event evaluated again (another process heard it): nothing more.
    await evaluateEvent(ctx, {
      id: 'doc-event-1',
      name: 'document.uploaded',
      at: new Date().toISOString(),
      data: {
        document_id: 1,
        enrollment_id: enrollment.id,
        organization_id: d.plan,
        document_type: 'consent',
      },
    });
    await new Promise((r) => setTimeout(r, 800));
    expect(await runsOf(rule.id)).toHaveLength(1);
    await req('DELETE', `${base}/${rule.id}`, d.manager, d.plan);
  }, 30_000);

  it('the loop guard stops a rule that feeds itself after the set depth', async () => {
    const rule = await createRule({
      rule_name: 'Echo',
      trigger_type: 'activity_created',
      trigger_conditions: { activity_type: 'other' },
      actions: [{ type: 'create_activity', config: { activity_type: 'other' } }],
    });
    const enrollment = await newEnrollment();
    const res = await req('POST', '/api/enrollments/activities', d.staff, d.plan, {
      enrollment_id: enrollment.id,
      activity_type: 'other',
    });
    expect(res.statusCode, res.body).toBe(201);
    const runs = await eventually(async () => {
      const list = await runsOf(rule.id);
      return list.length === 4 ? list : undefined;
    });
    // Depths 0, 1, 2 acted; depth 3 was logged and left alone.
    expect(runs.map((r) => [r.depth, r.matched]).reverse()).toEqual([
      [0, true],
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(runs[0]!.reason).toMatch(/^Not acted on: this event came from 3 automation actions in a row/);
    await new Promise((r) => setTimeout(r, 800));
    expect(await activitiesOf(enrollment.id)).toHaveLength(4);
    await req('DELETE', `${base}/${rule.id}`, d.manager, d.plan);
  }, 30_000);
});

describe('Test rule', () => {
  it('answers for a recent event whether the rule would fire and what it would do, without doing it', async () => {
    const enrollment = await newEnrollment();
    await completeGoal(enrollment.id);
    const events = await eventually(async () => {
      const res = await req('GET', `${base}/recent-events?trigger_type=goal_completed`, d.manager, d.plan);
      const list = res.json().events as { id: string; enrollment_id: number; summary: string }[];
      return list.some((e) => e.enrollment_id === enrollment.id) ? list : undefined;
    });
    const event = events.find((e) => e.enrollment_id === enrollment.id)!;
    expect(event.summary).toBe(`enrollment #${enrollment.id}: goal completed`);
    const rule = await createRule({
      rule_name: 'Test me',
      is_active: false,
      actions: [{ type: 'create_activity', config: { activity_type: 'follow_up', days_from_now: 3 } }],
    });
    const before = (await activitiesOf(enrollment.id)).length;
    const tested = await req('POST', `${base}/${rule.id}/test`, d.manager, d.plan, { event_id: event.id });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json()).toEqual({
      matched: true,
      reason: null,
      actions: [{ type: 'create_activity', would: 'Create activity: follow_up, scheduled, in 3 days.' }],
    });
    expect((await activitiesOf(enrollment.id)).length).toBe(before);
    expect(await runsOf(rule.id)).toEqual([]);

    const picky = await createRule({
      rule_name: 'Urgent only',
      is_active: false,
      trigger_conditions: { priority_level: 'urgent' },
    });
    const no = (
      await req('POST', `${base}/${picky.id}/test`, d.manager, d.plan, { event_id: event.id })
    ).json();
    expect(no).toMatchObject({ matched: false, actions: [] });
    expectEnvelope(
      await req('POST', `${base}/${rule.id}/test`, d.manager, d.plan, { event_id: 'nope' }),
      404,
    );
    expectEnvelope(
      await req('POST', `${base}/${rule.id}/test`, d.staff, d.plan, { event_id: event.id }),
      403,
    );
    expectEnvelope(
      await req('POST', `${base}/${rule.id}/test`, d.cbo, d.harbor, { event_id: event.id }),
      404,
    );
    const other = await createRule({
      rule_name: 'Docs',
      trigger_type: 'document_uploaded',
      is_active: false,
    });
    expectEnvelope(
      await req('POST', `${base}/${other.id}/test`, d.manager, d.plan, { event_id: event.id }),
      400,
    );
  }, 30_000);
});

describe('scheduled rules', () => {
  it('run at their time over the open enrollments of their program that match', async () => {
    const program = (await makeProgram(t, d.plan)).id;
    const urgent = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program,
      case_manager_user_id: d.ids.staff,
      priority_level: 'urgent',
    });
    await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program,
      case_manager_user_id: d.ids.staff,
      priority_level: 'low',
    });
    const rule = await createRule({
      rule_name: 'Weekly urgent check',
      trigger_type: 'scheduled',
      program_id: program,
      trigger_conditions: { cron: '0 8 * * 1', priority_level: 'urgent' },
      actions: [{ type: 'create_activity', config: { activity_type: 'case_management' } }],
    });
    expect(new Date(rule.next_run_at!).getUTCDay()).toBe(1);
    const ctx = systemContext(t.app.deps, 'test');
    const due = new Date(rule.next_run_at!);
    expect(await runScheduledRules(ctx, new Date(due.getTime() - 1000))).toBe(0);
    expect(await runScheduledRules(ctx, due)).toBe(1);
    await eventually(async () => ((await activitiesOf(urgent.id)).length === 1 ? true : undefined));
    const runs = await runsOf(rule.id);
    expect(runs.filter((r) => r.matched).map((r) => r.enrollment_id)).toEqual([urgent.id]);
    const after = (await req('GET', `${base}/${rule.id}`, d.manager, d.plan)).json() as AutomationRule;
    expect(new Date(after.next_run_at!).getTime() - due.getTime()).toBe(7 * 86_400_000);
  }, 30_000);
});
