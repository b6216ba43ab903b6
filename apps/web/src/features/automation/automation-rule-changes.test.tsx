import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTOMATION_MESSAGES, type AutomationRule, type OrgRole } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { programList } from '../../test/enrollment-fixtures.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// Automation Rules (002 §2, §5, §8): what features/automation/automation-rules-page.test.tsx leaves out — edit,
// delete, paging, and every failure path (the server's detail shown, else the §8 fallback).

const rule: AutomationRule = {
  id: 4,
  rule_name: 'On hold: tell the case manager',
  trigger_type: 'enrollment_status_changed',
  trigger_conditions: { to_status: 'on_hold' },
  actions: [
    {
      type: 'send_notification',
      config: { recipient: 'case_manager', title: 'On hold', message: 'Call them' },
    },
  ],
  is_active: true,
  priority: 2,
  program_id: 3,
  program_name: 'Enhanced Care Management',
  next_run_at: null,
  last_run_at: null,
  created_ts: '2026-11-01T10:00:00.000Z',
};

const listPath = '/api/workflows/automation-rules';

function server(routes: Parameters<typeof mockFetch>[0] = {}, role: OrgRole = 'manager') {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/notifications': () => jsonResponse(200, { notifications: [], total: 0, unread_count: 0 }),
    'GET /api/programs/': () => jsonResponse(200, programList([{ id: 3, name: 'Enhanced Care Management' }])),
    [`GET ${listPath}`]: () => jsonResponse(200, { rules: [rule], total: 1 }),
    ...routes,
  });
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  JSON.parse(String((callsTo(fetchMock, method, path).at(-1)?.[1] as RequestInit | undefined)?.body));

async function openDelete() {
  renderApp({ path: '/automation-rules' });
  await userEvent.click(await screen.findByRole('button', { name: `Delete ${rule.rule_name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete automation rule' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('Automation Rules: edit, delete, paging and failures', { timeout: 30_000 }, () => {
  it('edits a rule: the modal starts from the rule and PUTs the whole rule back', async () => {
    const fetchMock = server({
      [`PUT ${listPath}/4`]: () => jsonResponse(200, { ...rule, priority: 5 }),
    });
    renderApp({ path: '/automation-rules' });
    const row = (await screen.findByText(rule.rule_name)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Enhanced Care Management')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: `Edit ${rule.rule_name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Automation Rule' });
    expect(within(dialog).getByRole('textbox', { name: /Rule name/ })).toHaveValue(rule.rule_name);
    expect(within(dialog).getByRole('combobox', { name: 'Condition 1 key' })).toHaveValue('to_status');
    expect(within(dialog).getByRole('textbox', { name: 'Condition 1 value' })).toHaveValue('on_hold');
    const priority = within(dialog).getByRole('textbox', { name: /Priority/ });
    await userEvent.clear(priority);
    await userEvent.type(priority, '5');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Rule' }));
    expect(await screen.findByText('Automation rule updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', listPath)).toHaveLength(0);
    expect(bodyOf(fetchMock, 'PUT', `${listPath}/4`)).toEqual({
      rule_name: rule.rule_name,
      trigger_type: 'enrollment_status_changed',
      trigger_conditions: { to_status: 'on_hold' },
      actions: rule.actions,
      is_active: false,
      priority: 5,
      program_id: 3,
    });
  });

  it('refuses a priority outside 1 to 10 before sending anything', async () => {
    const fetchMock = server();
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${rule.rule_name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Automation Rule' });
    const priority = within(dialog).getByRole('textbox', { name: /Priority/ });
    await userEvent.clear(priority);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Rule' }));
    expect(await within(dialog).findByText(AUTOMATION_MESSAGES.priorityRange)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', `${listPath}/4`)).toHaveLength(0);
  });

  it('shows the server’s 400 detail on create, at the form and at the action it names', async () => {
    const detail = 'Workflow template 1 was not found in this organization.';
    server({
      [`POST ${listPath}`]: () =>
        jsonResponse(400, {
          code: 'automation_rule.invalid',
          detail,
          fields: { 'actions.0.config.workflow_template_id': detail },
        }),
    });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Automation Rule' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Rule name/ }), 'Start intake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Action' }));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Action 1 type' }),
      'start_workflow',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Rule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(detail);
    expect(within(dialog).getByText(`workflow_template_id: ${detail}`)).toBeInTheDocument();
    // The modal stays open with what was typed.
    expect(within(dialog).getByRole('textbox', { name: /Rule name/ })).toHaveValue('Start intake');
  });

  it('falls back to ‘Failed to create automation rule’ when the server gives no detail', async () => {
    server({ [`POST ${listPath}`]: () => jsonResponse(500, {}) });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Automation Rule' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Rule name/ }), 'Anything');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Rule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create automation rule');
  });

  it('deletes a rule after confirming: DELETE sent, success shown', async () => {
    const fetchMock = server({
      [`DELETE ${listPath}/4`]: () => jsonResponse(200, { message: 'Automation rule deleted' }),
    });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${rule.rule_name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete automation rule' });
    expect(within(dialog).getByText(new RegExp(rule.rule_name))).toBeInTheDocument();
    // Cancel first: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', `${listPath}/4`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: `Delete ${rule.rule_name}` }));
    const again = await screen.findByRole('dialog', { name: 'Delete automation rule' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Automation rule deleted successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `${listPath}/4`)).toHaveLength(1);
    // The list is asked for again.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', listPath).length).toBeGreaterThan(1));
  });

  it('shows the server’s detail when a delete is refused', async () => {
    server({ [`DELETE ${listPath}/4`]: () => errorResponse(403, 'Only managers delete rules.') });
    await openDelete();
    expect(await screen.findByText('Only managers delete rules.')).toBeInTheDocument();
  });

  it('says ‘Failed to delete automation rule’ when a delete fails without a detail', async () => {
    server({ [`DELETE ${listPath}/4`]: () => jsonResponse(500, {}) });
    await openDelete();
    expect(await screen.findByText('Failed to delete automation rule')).toBeInTheDocument();
  });

  it('shows the server’s detail when the list cannot be fetched', async () => {
    server({ [`GET ${listPath}`]: () => errorResponse(400, 'program_id must be the id of a program.') });
    renderApp({ path: '/automation-rules' });
    expect(await screen.findByText('program_id must be the id of a program.')).toBeInTheDocument();
  });

  it('says ‘Failed to fetch automation rules’ when the list fails without a detail', async () => {
    server({ [`GET ${listPath}`]: () => jsonResponse(500, {}) });
    renderApp({ path: '/automation-rules' });
    expect(await screen.findByText('Failed to fetch automation rules')).toBeInTheDocument();
  });

  it('pages on the server: 50 a page, Showing a to b of n rules, Next asks for page 2', async () => {
    const fetchMock = server({
      [`GET ${listPath}`]: (_init, url) => {
        const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
        return jsonResponse(200, { rules: [{ ...rule, id: page }], total: 120 });
      },
    });
    renderApp({ path: '/automation-rules' });
    expect(await screen.findByText('Showing 1 to 50 of 120 rules')).toBeInTheDocument();
    const first = String(callsTo(fetchMock, 'GET', listPath)[0]?.[0]);
    expect(first).toContain('page=1');
    expect(first).toContain('page_size=50');
    expect(first).not.toContain('is_active');
    expect(first).not.toContain('program_id');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 51 to 100 of 120 rules')).toBeInTheDocument();
    expect(String(callsTo(fetchMock, 'GET', listPath).at(-1)?.[0])).toContain('page=2');
  });

  it('goes back a page when the last rule of the last page is deleted', async () => {
    let total = 51;
    const fetchMock = server({
      [`GET ${listPath}`]: (_init, url) => {
        const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
        return jsonResponse(200, { rules: page <= Math.ceil(total / 50) ? [rule] : [], total });
      },
      [`DELETE ${listPath}/4`]: () => {
        total = 50;
        return jsonResponse(200, { message: 'Automation rule deleted successfully' });
      },
    });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: 'Last' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Delete ${rule.rule_name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete automation rule' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(String(callsTo(fetchMock, 'GET', listPath).at(-1)?.[0])).toContain('page=1');
  });

  it('filters on Active as is_active=true', async () => {
    const fetchMock = server();
    renderApp({ path: '/automation-rules' });
    await screen.findByText(rule.rule_name);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Active');
    await waitFor(() =>
      expect(String(callsTo(fetchMock, 'GET', listPath).at(-1)?.[0])).toContain('is_active=true'),
    );
  });

  it('says so when a rule has no run yet', async () => {
    server({ [`GET ${listPath}/4/runs`]: () => jsonResponse(200, { runs: [], total: 0 }) });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: `Runs of ${rule.rule_name}` }));
    const runs = await screen.findByRole('dialog', { name: `Runs: ${rule.rule_name}` });
    expect(await within(runs).findByText(/No run yet/)).toBeInTheDocument();
  });

  it('shows a run that did not match, with its reason and a failed action', async () => {
    server({
      [`GET ${listPath}/4/runs`]: () =>
        jsonResponse(200, {
          runs: [
            {
              id: 2,
              event_name: 'enrollment.status_changed',
              event_id: 'e2',
              enrollment_id: 9,
              matched: false,
              reason: 'to_status is active, not on_hold',
              depth: 0,
              actions: [],
              created_ts: '2026-11-21T10:00:00.000Z',
            },
            {
              id: 1,
              event_name: 'enrollment.status_changed',
              event_id: 'e1',
              enrollment_id: 7,
              matched: true,
              reason: null,
              depth: 0,
              actions: [{ type: 'send_notification', status: 'failed', result: 'No case manager assigned' }],
              created_ts: '2026-11-20T10:00:00.000Z',
            },
          ],
          total: 2,
        }),
    });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: `Runs of ${rule.rule_name}` }));
    const runs = await screen.findByRole('dialog', { name: `Runs: ${rule.rule_name}` });
    expect(await within(runs).findByText('to_status is active, not on_hold')).toBeInTheDocument();
    expect(within(runs).getByText(/No case manager assigned/)).toBeInTheDocument();
    expect(within(runs).getByText('failed')).toBeInTheDocument();
  });

  it('tests a rule that would not fire, and shows the server’s refusal of a test', async () => {
    let refuse = false;
    server({
      [`GET ${listPath}/recent-events`]: () =>
        jsonResponse(200, {
          events: [
            {
              id: 'e9',
              name: 'enrollment.status_changed',
              trigger_type: 'enrollment_status_changed',
              enrollment_id: 9,
              summary: 'Enrollment 9: pending to active',
              at: '2026-11-20T10:00:00.000Z',
            },
          ],
        }),
      [`POST ${listPath}/4/test`]: () =>
        refuse
          ? errorResponse(422, 'That event is gone.')
          : jsonResponse(200, { matched: false, reason: 'to_status is active, not on_hold', actions: [] }),
    });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: `Test rule ${rule.rule_name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Test rule: ${rule.rule_name}` });
    await within(dialog).findByRole('option', { name: /Enrollment 9: pending to active/ });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Recent event' }), 'e9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    expect(await within(dialog).findByText('It would not fire')).toBeInTheDocument();
    expect(within(dialog).getByText('to_status is active, not on_hold')).toBeInTheDocument();
    expect(within(dialog).getByText('This was a test: nothing was done.')).toBeInTheDocument();
    refuse = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    expect(await within(dialog).findByText('That event is gone.')).toBeInTheDocument();
  });

  it('does not offer events for a scheduled rule: it cannot be tested against one', async () => {
    const fetchMock = server({
      [`GET ${listPath}`]: () =>
        jsonResponse(200, {
          rules: [{ ...rule, trigger_type: 'scheduled', trigger_conditions: { cron: '0 9 * * 1' } }],
          total: 1,
        }),
    });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: `Test rule ${rule.rule_name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Test rule: ${rule.rule_name}` });
    expect(within(dialog).getByText(AUTOMATION_MESSAGES.scheduledNotTestable)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `${listPath}/recent-events`)).toHaveLength(0);
  });

  it('hides Create, Edit, Delete and Test from a viewer', async () => {
    server({}, 'viewer');
    renderApp({ path: '/automation-rules' });
    expect(await screen.findByRole('button', { name: `Runs of ${rule.rule_name}` })).toBeInTheDocument();
    for (const name of ['Create Rule', `Edit ${rule.rule_name}`, `Delete ${rule.rule_name}`])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
