import type { WorkflowStep, WorkflowTemplate, WorkflowTemplateList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import {
  auditRows,
  call,
  type Demo,
  enroll,
  makeMember,
  makeProgram,
  signInDemo,
} from '../enrollments/test-support.ts';
import { createTemplate, intakeTemplate } from '../forms/test-support.ts';
import { addStep, createWorkflow, startWorkflow } from './test-support.ts';

// 002 §2 Workflow Templates and Designer, §5 (template and step rules), §7 "Workflows and rules"; issue #17 item 1
// and "Bad input": every step type's configuration checked on the server with the field named, a branch to a
// missing step refused, an invalid cron refused, and a version that instances run on never edited under them.

let t: TestApp;
let d: Demo;
let req: ReturnType<typeof call>;
let programId: number;

beforeAll(async () => {
  t = await buildTestApp();
  d = await signInDemo(t);
  req = call(t);
  programId = (await makeProgram(t, d.plan)).id;
});

afterAll(async () => {
  await t?.close();
});

const task = { step_type: 'task' as const, step_name: 'Call the member', step_config: {} };

describe('workflow templates', () => {
  it('creates one with the defaults and the program name, lists and filters them on the server', async () => {
    const created = await createWorkflow(t, d.manager, d.plan, { name: 'Onboarding', program_id: programId });
    expect(created).toMatchObject({
      name: 'Onboarding',
      trigger_type: 'manual',
      is_active: true,
      program_id: programId,
      version: 1,
      step_count: 0,
      next_run_at: null,
    });
    expect(created.program_name).toMatch(/Enrollment Test Program/);
    await createWorkflow(t, d.manager, d.plan, { name: 'Dormant', is_active: false });

    const byProgram = (
      await req('GET', `/api/workflows/templates?program_id=${programId}`, d.viewer, d.plan)
    ).json() as WorkflowTemplateList;
    expect(byProgram.workflows.map((w) => w.name)).toEqual(['Onboarding']);
    const inactive = (
      await req('GET', '/api/workflows/templates?is_active=false', d.staff, d.plan)
    ).json() as WorkflowTemplateList;
    expect(inactive.workflows.every((w) => !w.is_active)).toBe(true);
    expect(inactive.workflows.some((w) => w.name === 'Dormant')).toBe(true);
    const paged = (
      await req('GET', '/api/workflows/templates?page=1&page_size=1', d.staff, d.plan)
    ).json() as WorkflowTemplateList;
    expect(paged.workflows).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect(await auditRows(t, 'workflow_template.created', created.id)).toHaveLength(1);
  });

  it('refuses a missing name or trigger with the spec messages, and a bad query', async () => {
    const noName = await req('POST', '/api/workflows/templates', d.manager, d.plan, {
      name: ' ',
      trigger_type: 'manual',
    });
    expectEnvelope(noName, 400);
    expect(noName.json().fields.name).toBe('Workflow name is required');
    const noTrigger = await req('POST', '/api/workflows/templates', d.manager, d.plan, { name: 'X' });
    expect(noTrigger.json().fields.trigger_type).toBe('Trigger type is required');
    const unknown = await req('POST', '/api/workflows/templates', d.manager, d.plan, {
      name: 'X',
      trigger_type: 'hourly',
    });
    expectEnvelope(unknown, 400);
    expectEnvelope(await req('GET', '/api/workflows/templates?is_active=yes', d.manager, d.plan), 400);
  });

  it('checks each trigger configuration: status names, and a cron expression with its next run', async () => {
    const badStatus = await req('POST', '/api/workflows/templates', d.manager, d.plan, {
      name: 'X',
      trigger_type: 'enrollment_status_changed',
      trigger_config: { to_status: 'finished' },
    });
    expectEnvelope(badStatus, 400, 'validation_failed');
    expect(Object.keys(badStatus.json().fields)).toEqual(['trigger_config.to_status']);

    const badCron = await req('POST', '/api/workflows/templates', d.manager, d.plan, {
      name: 'X',
      trigger_type: 'time_based',
      trigger_config: { cron: '61 * * * *' },
    });
    expectEnvelope(badCron, 400, 'validation_failed');
    expect(badCron.json().fields['trigger_config.cron']).toMatch(/cron/i);
    const sixFields = await req('POST', '/api/workflows/templates', d.manager, d.plan, {
      name: 'X',
      trigger_type: 'time_based',
      trigger_config: { cron: '0 0 9 * * 1' },
    });
    expect(sixFields.json().fields['trigger_config.cron']).toBe(
      'A cron expression has 5 fields: minute hour day month weekday.',
    );

    const daily = await createWorkflow(t, d.manager, d.plan, {
      trigger_type: 'time_based',
      trigger_config: { cron: '0 9 * * *' },
    });
    expect(daily.next_run_at).toMatch(/T09:00:00\.000Z$/);
    const preview = (
      await req('GET', '/api/workflows/cron-preview?expression=0%209%20*%20*%201', d.staff, d.plan)
    ).json();
    expect(preview.valid).toBe(true);
    expect(preview.next_runs).toHaveLength(5);
    expect(new Date(preview.next_runs[0]).getUTCDay()).toBe(1);
    const invalid = (await req('GET', '/api/workflows/cron-preview?expression=nope', d.staff, d.plan)).json();
    expect(invalid).toMatchObject({ valid: false, next_runs: [] });
  });

  it('is managed by managers and administrators only; another organization gets 404', async () => {
    for (const token of [d.staff, d.viewer]) {
      expectEnvelope(
        await req('POST', '/api/workflows/templates', token, d.plan, { name: 'X', trigger_type: 'manual' }),
        403,
      );
    }
    const mine = await createWorkflow(t, d.orgadmin, d.plan);
    expectEnvelope(
      await req('PUT', `/api/workflows/templates/${mine.id}`, d.staff, d.plan, {
        name: 'Y',
        trigger_type: 'manual',
      }),
      403,
    );
    expectEnvelope(await req('DELETE', `/api/workflows/templates/${mine.id}`, d.viewer, d.plan), 403);
    expectEnvelope(await req('GET', `/api/workflows/templates/${mine.id}`, d.cbo, d.harbor), 404);
    expectEnvelope(
      await req('PUT', `/api/workflows/templates/${mine.id}`, d.cbo, d.harbor, {
        name: 'Y',
        trigger_type: 'manual',
      }),
      404,
    );
    expectEnvelope(await req('GET', '/api/workflows/templates', null), 401);

    const updated = await req('PUT', `/api/workflows/templates/${mine.id}`, d.manager, d.plan, {
      name: 'Renamed',
      trigger_type: 'enrollment_created',
      is_active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Renamed',
      trigger_type: 'enrollment_created',
      is_active: false,
    });
    const gone = await req('DELETE', `/api/workflows/templates/${mine.id}`, d.manager, d.plan);
    expect(gone.json()).toEqual({ message: 'Workflow template deleted successfully' });
    expectEnvelope(await req('GET', `/api/workflows/templates/${mine.id}`, d.manager, d.plan), 404);
  });

  it("refuses another organization's program", async () => {
    const theirs = await makeProgram(t, d.harbor);
    expectEnvelope(
      await req('POST', '/api/workflows/templates', d.manager, d.plan, {
        name: 'X',
        trigger_type: 'manual',
        program_id: theirs.id,
      }),
      404,
    );
  });
});

describe('workflow steps', () => {
  let template: WorkflowTemplate;
  beforeAll(async () => {
    template = await createWorkflow(t, d.manager, d.plan);
  });

  it('adds steps in order with their checked configuration and lists them', async () => {
    const first = await addStep(t, d.manager, d.plan, {
      ...task,
      workflow_template_id: template.id,
      step_order: 1,
      step_config: { due_in_hours: 48, outcomes: ['reached', 'not_reached'] },
    });
    // The schema's defaults are stored: the engine reads what the designer saved.
    expect(first.step_config).toEqual({
      assignee: 'case_manager',
      due_in_hours: 48,
      outcomes: ['reached', 'not_reached'],
    });
    expect(first).toMatchObject({ step_order: 1, required: true, version: 1 });
    await addStep(t, d.manager, d.plan, {
      workflow_template_id: template.id,
      step_order: 3,
      step_type: 'notification',
      step_name: 'Tell the manager',
      step_config: { recipient: 'role', recipient_role: 'manager', title: 'Done', message: 'Done' },
    });
    const list = (
      await req('GET', `/api/workflows/templates/${template.id}/steps`, d.viewer, d.plan)
    ).json() as {
      steps: WorkflowStep[];
    };
    expect(list.steps.map((s) => s.step_order)).toEqual([1, 3]);
    expect(
      (await req('GET', `/api/workflows/templates/${template.id}`, d.viewer, d.plan)).json().step_count,
    ).toBe(2);
  });

  it('refuses each bad step with the field named', async () => {
    const base = { workflow_template_id: template.id, step_order: 9 };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...task, step_order: 0 }, 'step_order', 'Step order must be at least 1'],
      [{ ...task, step_name: '' }, 'step_name', 'Step name is required'],
      [{ step_name: 'X' }, 'step_type', 'Step type is required'],
      [{ ...task, step_type: 'email' }, 'step_type'],
      [{ ...task, step_config: { assignee: 'user' } }, 'step_config.assignee_user_id', 'Choose the user.'],
      [{ ...task, step_config: { colour: 'red' } }, 'step_config'],
      [
        { step_type: 'notification', step_name: 'N', step_config: { title: 'T' } },
        'step_config.message',
        'The message is required.',
      ],
      [
        {
          step_type: 'notification',
          step_name: 'N',
          step_config: { recipient: 'member', title: 'T', message: 'M' },
        },
        'step_config.send_sms',
      ],
      [
        { step_type: 'condition', step_name: 'C', step_config: { expression: { nope: 1 } } },
        'step_config.expression',
      ],
      [
        {
          step_type: 'condition',
          step_name: 'C',
          step_config: { expression: { '==': [1, 1] }, on_false: 'go_to' },
        },
        'step_config.false_step_order',
      ],
      [
        { step_type: 'api_call', step_name: 'A', step_config: { url: 'ftp://example.org/x' } },
        'step_config.url',
        'Enter an http or https URL.',
      ],
      [
        {
          step_type: 'api_call',
          step_name: 'A',
          step_config: { url: 'https://example.org', timeout_seconds: 31 },
        },
        'step_config.timeout_seconds',
      ],
      [
        { step_type: 'wait', step_name: 'W', step_config: { mode: 'duration' } },
        'step_config.duration',
        'Enter the duration.',
      ],
      [
        { step_type: 'wait', step_name: 'W', step_config: { mode: 'until_date', date_field: 'birthday' } },
        'step_config.date_field',
      ],
      [{ step_type: 'form', step_name: 'F', step_config: {} }, 'step_config.form_template_id'],
      [
        { step_type: 'approval', step_name: 'A', step_config: { approver_role: 'staff' } },
        'step_config.approver_role',
      ],
    ];
    for (const [body, field, text] of cases) {
      const res = await req('POST', '/api/workflows/steps', d.manager, d.plan, { ...base, ...body });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const fields = res.json().fields as Record<string, string>;
      const key = Object.keys(fields).find(
        (k) => k === field || k.startsWith(`${field}.`) || field.startsWith(k),
      );
      expect(key, `${field} in ${JSON.stringify(fields)}`).toBeDefined();
      if (text) expect(fields[key!]).toBe(text);
    }
  });

  it('refuses a taken order, a branch to a missing step or to itself, and a form template not of the organization', async () => {
    const taken = await req('POST', '/api/workflows/steps', d.manager, d.plan, {
      ...task,
      workflow_template_id: template.id,
      step_order: 1,
    });
    expectEnvelope(taken, 409, 'conflict');
    expect(taken.json().fields.step_order).toMatch(/Step 1 already exists/);

    const missing = await req('POST', '/api/workflows/steps', d.manager, d.plan, {
      workflow_template_id: template.id,
      step_order: 2,
      step_type: 'condition',
      step_name: 'Reached?',
      step_config: {
        expression: { '==': [{ var: 'steps.1.outcome' }, 'reached'] },
        on_false: 'go_to',
        false_step_order: 7,
      },
    });
    expectEnvelope(missing, 400);
    expect(missing.json().fields['step_config.false_step_order']).toBe(
      'There is no step 7 in this workflow.',
    );
    const self = await req('POST', '/api/workflows/steps', d.manager, d.plan, {
      workflow_template_id: template.id,
      step_order: 2,
      step_type: 'approval',
      step_name: 'Approve',
      step_config: { on_reject: 'go_to', reject_step_order: 2 },
    });
    expect(self.json().fields['step_config.reject_step_order']).toBe('A step cannot go to itself.');

    const theirForm = await createTemplate(t, d.cbo, d.harbor, intakeTemplate());
    const foreign = await req('POST', '/api/workflows/steps', d.manager, d.plan, {
      workflow_template_id: template.id,
      step_order: 2,
      step_type: 'form',
      step_name: 'Assessment',
      step_config: { form_template_id: theirForm.id },
    });
    expectEnvelope(foreign, 400);
    expect(foreign.json().fields['step_config.form_template_id']).toMatch(/not an active template/);
  });

  it('refuses deleting or renumbering a step another step goes to', async () => {
    const steps = (
      await req('GET', `/api/workflows/templates/${template.id}/steps`, d.manager, d.plan)
    ).json().steps as WorkflowStep[];
    await addStep(t, d.manager, d.plan, {
      workflow_template_id: template.id,
      step_order: 2,
      step_type: 'condition',
      step_name: 'Reached?',
      step_config: { expression: { '==': [1, 1] }, on_false: 'go_to', false_step_order: 3 },
    });
    const target = steps.find((s) => s.step_order === 3)!;
    const del = await req('DELETE', `/api/workflows/steps/${target.id}`, d.manager, d.plan);
    expectEnvelope(del, 409, 'conflict');
    expect(del.json().detail).toBe('Step "Reached?" goes to this step: change or delete it first.');
    const move = await req('PUT', `/api/workflows/steps/${target.id}`, d.manager, d.plan, {
      step_order: 4,
      step_type: target.step_type,
      step_name: target.step_name,
      step_config: target.step_config,
    });
    expectEnvelope(move, 409, 'conflict');
    // Renaming it in place is fine.
    const rename = await req('PUT', `/api/workflows/steps/${target.id}`, d.manager, d.plan, {
      step_order: 3,
      step_type: target.step_type,
      step_name: 'Tell the managers',
      step_config: target.step_config,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json().step_name).toBe('Tell the managers');
  });

  it('is changed by managers only; another organization does not find it', async () => {
    const steps = (
      await req('GET', `/api/workflows/templates/${template.id}/steps`, d.manager, d.plan)
    ).json().steps as WorkflowStep[];
    const one = steps[0]!;
    expectEnvelope(
      await req('POST', '/api/workflows/steps', d.staff, d.plan, {
        ...task,
        workflow_template_id: template.id,
        step_order: 8,
      }),
      403,
    );
    expectEnvelope(await req('DELETE', `/api/workflows/steps/${one.id}`, d.staff, d.plan), 403);
    expectEnvelope(await req('DELETE', `/api/workflows/steps/${one.id}`, d.cbo, d.harbor), 404);
    expectEnvelope(
      await req('POST', '/api/workflows/steps', d.cbo, d.harbor, {
        ...task,
        workflow_template_id: template.id,
        step_order: 8,
      }),
      404,
    );
  });
});

describe('versions: running instances finish on the version they started with', () => {
  it('copies the steps to the next version on the first edit after an instance started', async () => {
    const template = await createWorkflow(t, d.manager, d.plan);
    const step = await addStep(t, d.manager, d.plan, {
      ...task,
      workflow_template_id: template.id,
      step_order: 1,
    });
    // Before any instance: edits stay on version 1.
    const edited = await req('PUT', `/api/workflows/steps/${step.id}`, d.manager, d.plan, {
      ...task,
      step_order: 1,
      step_name: 'Call soon',
    });
    expect(edited.json()).toMatchObject({ id: step.id, version: 1 });

    const enrollment = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: programId,
      case_manager_user_id: d.ids.staff,
    });
    const instance = await startWorkflow(t, d.manager, d.plan, template.id, enrollment.id);
    expect(instance.template_version).toBe(1);

    const added = await addStep(t, d.manager, d.plan, {
      workflow_template_id: template.id,
      step_order: 2,
      step_type: 'notification',
      step_name: 'Tell',
      step_config: { title: 'T', message: 'M' },
    });
    expect(added.version).toBe(2);
    const current = (
      await req('GET', `/api/workflows/templates/${template.id}`, d.manager, d.plan)
    ).json() as WorkflowTemplate;
    expect(current).toMatchObject({ version: 2, step_count: 2 });
    // The running instance still has one step; its version's rows are unchanged.
    const pinned = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM workflow_steps WHERE template_id = $1 AND version = 1',
      [template.id],
    );
    expect(pinned[0]!.n).toBe(1);
    expect(
      (await req('GET', `/api/workflows/instances/${instance.id}`, d.manager, d.plan)).json().step_count,
    ).toBe(1);
    // The old version's step id is no longer the designer's.
    expectEnvelope(await req('DELETE', `/api/workflows/steps/${step.id}`, d.manager, d.plan), 404);
    expect(await auditRows(t, 'workflow_template.versioned', template.id)).toHaveLength(1);
  });
});
