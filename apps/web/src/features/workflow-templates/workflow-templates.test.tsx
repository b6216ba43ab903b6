import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgRole, WorkflowStep, WorkflowTemplate } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { programList } from '../../test/enrollment-fixtures.ts';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// 002 §2 Workflow Templates and the Workflow Designer against the routes of 002 §7 (mocked).

function makeTemplate(overrides: Partial<WorkflowTemplate> = {}): WorkflowTemplate {
  return {
    id: 1,
    name: 'ECM onboarding',
    description: 'The first two weeks.',
    trigger_type: 'enrollment_created',
    trigger_config: {},
    is_active: true,
    program_id: 3,
    program_name: 'Enhanced Care Management',
    version: 1,
    step_count: 2,
    next_run_at: null,
    created_ts: '2026-11-01T10:00:00.000Z',
    last_updated_ts: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function makeStep(overrides: Partial<WorkflowStep> = {}): WorkflowStep {
  return {
    id: 11,
    workflow_template_id: 1,
    version: 1,
    step_order: 1,
    step_type: 'task',
    step_name: 'Call the member',
    step_config: { assignee: 'case_manager', due_in_hours: 48, outcomes: ['reached', 'not_reached'] },
    required: true,
    ...overrides,
  };
}

const STEPS = [
  makeStep(),
  makeStep({
    id: 12,
    step_order: 2,
    step_type: 'condition',
    step_name: 'Reached?',
    step_config: { expression: { '==': [{ var: 'steps.1.outcome' }, 'reached'] }, on_false: 'end' },
  }),
];

function server(role: OrgRole, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/programs/': () => jsonResponse(200, programList([{ id: 3, name: 'Enhanced Care Management' }])),
    'GET /api/workflows/templates': () => jsonResponse(200, { workflows: [makeTemplate()], total: 51 }),
    'GET /api/workflows/templates/1/steps': () => jsonResponse(200, { steps: STEPS }),
    'GET /api/cbos/1/users': () => jsonResponse(200, { users: [], total: 0 }),
    'GET /api/forms/templates/': () => jsonResponse(200, { templates: [], total: 0, total_templates: 0 }),
    ...routes,
  });
}

function lastBody(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  const init = callsTo(fetchMock, method, path).at(-1)?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body));
}

describe('Workflow Templates', { timeout: 30_000 }, () => {
  it('lists templates, filters by program and status on the server and pages', async () => {
    const fetchMock = server('manager');
    renderApp({ path: '/workflows' });
    const table = await screen.findByRole('table', { name: 'Workflow templates' });
    expect(await within(table).findByText('ECM onboarding')).toBeInTheDocument();
    expect(within(table).getByText('Enrollment created')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 50 of 51 templates')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Program'), 'Enhanced Care Management');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await waitFor(() => {
      const urls = callsTo(fetchMock, 'GET', '/api/workflows/templates').map(([u]) => String(u));
      expect(urls.some((u) => u.includes('program_id=3') && u.includes('is_active=false'))).toBe(true);
    });
  });

  it('offers Create, Edit and Delete to managers only', async () => {
    server('staff');
    renderApp({ path: '/workflows' });
    expect(await screen.findByRole('button', { name: 'Design Steps of ECM onboarding' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ECM onboarding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete ECM onboarding' })).not.toBeInTheDocument();
  });

  it('checks a time-based trigger before sending and creates the template with its cron', async () => {
    const fetchMock = server('manager', {
      'GET /api/workflows/cron-preview': () =>
        jsonResponse(200, { valid: true, message: null, next_runs: ['2027-01-01T09:00:00.000Z'] }),
      'POST /api/workflows/templates': () =>
        jsonResponse(
          201,
          makeTemplate({ id: 2, name: 'Quarterly', trigger_type: 'time_based', step_count: 0 }),
        ),
      'GET /api/workflows/templates/2/steps': () => jsonResponse(200, { steps: [] }),
    });
    renderApp({ path: '/workflows' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Workflow Template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(await within(dialog).findByText('Workflow name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Workflow name/ }), 'Quarterly');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Trigger type/ }),
      'Time based',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Schedule/ }), '0 9 1 */3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(await within(dialog).findByText(/5 fields/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/workflows/templates')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Schedule/ }), ' *');
    expect(await within(dialog).findByText('Next runs (UTC)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(await screen.findByText('Workflow template created successfully')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST', '/api/workflows/templates')).toEqual({
      name: 'Quarterly',
      description: null,
      trigger_type: 'time_based',
      trigger_config: { cron: '0 9 1 */3 *' },
      is_active: true,
      program_id: null,
    });
    // A new template opens in the designer, which has no steps yet.
    expect(await screen.findByRole('dialog', { name: 'Workflow Designer: Quarterly' })).toBeInTheDocument();
  });

  it('asks before deleting a template', async () => {
    const fetchMock = server('manager', {
      'DELETE /api/workflows/templates/1': () =>
        jsonResponse(200, { message: 'Workflow template deleted successfully' }),
    });
    renderApp({ path: '/workflows' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete ECM onboarding' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/every workflow started from it/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Workflow template deleted successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/workflows/templates/1')).toHaveLength(1);
  });
});

describe('Workflow Designer', { timeout: 30_000 }, () => {
  async function openDesigner() {
    renderApp({ path: '/workflows' });
    await userEvent.click(await screen.findByRole('button', { name: 'Design Steps of ECM onboarding' }));
    return screen.findByRole('dialog', { name: 'Workflow Designer: ECM onboarding' });
  }

  it('shows the steps in order with what each does', async () => {
    server('manager');
    const dialog = await openDesigner();
    const steps = await within(dialog).findAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Step 1: Call the member',
      'Step 2: Reached?',
    ]);
    expect(
      within(steps[0] as HTMLElement).getByText(/Assigned to the case manager · due in 48 h/),
    ).toBeInTheDocument();
    expect(within(steps[1] as HTMLElement).getByText(/when false: the workflow ends/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Next Step' })).toBeInTheDocument();
  });

  it('adds the next step with its settings as a form, one past the last order', async () => {
    const fetchMock = server('manager', {
      'POST /api/workflows/steps': () => jsonResponse(201, makeStep({ id: 13, step_order: 3 })),
    });
    const dialog = await openDesigner();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add Next Step' }));
    const form = await screen.findByRole('dialog', { name: 'Add Step' });
    expect(within(form).getByRole('textbox', { name: /Step order/ })).toHaveValue('3');
    await userEvent.type(within(form).getByRole('textbox', { name: /Step name/ }), 'Wait for the member');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Step type/ }), 'Wait');
    const duration = within(form).getByRole('textbox', { name: /Duration/ });
    await userEvent.clear(duration);
    await userEvent.click(within(form).getByRole('button', { name: 'Add Step' }));
    expect(await within(form).findByText('Enter the duration.')).toBeInTheDocument();
    await userEvent.type(duration, '3');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Unit' }), 'hours');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Step' }));
    expect(await screen.findByText('Step added successfully')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST', '/api/workflows/steps')).toEqual({
      workflow_template_id: 1,
      step_order: 3,
      step_type: 'wait',
      step_name: 'Wait for the member',
      required: true,
      step_config: { mode: 'duration', duration: 3, unit: 'hours' },
    });
  });

  it("edits a condition's branch and shows the server's message on the field it names", async () => {
    const fetchMock = server('manager', {
      'PUT /api/workflows/steps/12': () =>
        jsonResponse(400, {
          code: 'validation_error',
          detail: 'There is no step 9 in this workflow.',
          message: 'There is no step 9 in this workflow.',
          error: 'validation_error',
          fields: { 'step_config.false_step_order': 'There is no step 9 in this workflow.' },
        }),
    });
    const dialog = await openDesigner();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Edit step Reached?' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Step' });
    const expression = within(form).getByRole('textbox', { name: /Condition/ });
    await userEvent.clear(expression);
    await userEvent.type(expression, 'not json');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Step' }));
    expect(await within(form).findByText('The expression is not valid JSON.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/workflows/steps/12')).toHaveLength(0);
    await userEvent.clear(expression);
    await userEvent.paste('{"==": [1, 1]}');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'When false' }), 'Go to a step');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: /Step when false/ }),
      '1. Call the member',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save Step' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/workflows/steps/12')).toHaveLength(1));
    expect(lastBody(fetchMock, 'PUT', '/api/workflows/steps/12').step_config).toEqual({
      expression: { '==': [1, 1] },
      on_false: 'go_to',
      false_step_order: 1,
    });
    expect(await within(form).findByText('There is no step 9 in this workflow.')).toBeInTheDocument();
  });

  it('deletes a step after confirming', async () => {
    const fetchMock = server('manager', {
      'DELETE /api/workflows/steps/11': () => jsonResponse(200, { message: 'Step deleted successfully' }),
    });
    const dialog = await openDesigner();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete step Call the member' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete step' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Step deleted successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/workflows/steps/11')).toHaveLength(1);
  });

  it('lets other roles read the steps without changing them', async () => {
    server('viewer');
    const dialog = await openDesigner();
    await within(dialog).findAllByRole('listitem');
    expect(within(dialog).queryByRole('button', { name: 'Add Step' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit step Reached?' })).not.toBeInTheDocument();
  });
});
