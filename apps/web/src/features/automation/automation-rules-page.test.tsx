import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutomationRule, OrgRole } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { programList } from '../../test/enrollment-fixtures.ts';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// 002 §2 Automation Rules against the routes of 002 §7 (mocked).

const rule: AutomationRule = {
  id: 4,
  rule_name: 'Goal met: schedule a follow-up',
  trigger_type: 'goal_completed',
  trigger_conditions: {},
  actions: [{ type: 'create_activity', config: { activity_type: 'follow_up' } }],
  is_active: true,
  priority: 1,
  program_id: null,
  program_name: null,
  next_run_at: null,
  last_run_at: null,
  created_ts: '2026-11-01T10:00:00.000Z',
};

function server(role: OrgRole, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/notifications': () => jsonResponse(200, { notifications: [], total: 0, unread_count: 0 }),
    'GET /api/programs/': () => jsonResponse(200, programList([{ id: 3, name: 'Enhanced Care Management' }])),
    'GET /api/workflows/automation-rules': () => jsonResponse(200, { rules: [rule], total: 1 }),
    ...routes,
  });
}

const lastBody = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  JSON.parse(String((callsTo(fetchMock, method, path).at(-1)?.[1] as RequestInit | undefined)?.body));

describe('Automation Rules', { timeout: 30_000 }, () => {
  it('lists rules with their counts and program, and filters on the server', async () => {
    const fetchMock = server('manager');
    renderApp({ path: '/automation-rules' });
    const table = await screen.findByRole('table', { name: 'Automation rules' });
    for (const header of ['Rule Name', 'Trigger', 'Conditions', 'Actions', 'Program', 'Priority', 'Status'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const row = (await within(table).findByText(rule.rule_name)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Goal completed')).toBeInTheDocument();
    expect(within(row).getByText('All Programs')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 rules')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Program'), 'Enhanced Care Management');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await waitFor(() => {
      const urls = callsTo(fetchMock, 'GET', '/api/workflows/automation-rules').map(([u]) => String(u));
      expect(urls.some((u) => u.includes('program_id=3') && u.includes('is_active=false'))).toBe(true);
    });
  });

  it('shows the empty state with Create First Rule', async () => {
    server('manager', {
      'GET /api/workflows/automation-rules': () => jsonResponse(200, { rules: [], total: 0 }),
    });
    renderApp({ path: '/automation-rules' });
    expect(await screen.findByText('No automation rules found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create First Rule' }));
    expect(await screen.findByRole('dialog', { name: 'Create Automation Rule' })).toBeInTheDocument();
  });

  it('creates a rule: blank conditions left out, invalid JSON refused, each action checked, then sent', async () => {
    const fetchMock = server('manager', {
      'POST /api/workflows/automation-rules': () => jsonResponse(201, { ...rule, id: 5 }),
    });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Automation Rule' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Rule' }));
    expect(await within(dialog).findByText('Rule name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Rule name/ }), 'On hold: tell me');
    // 002 §9: a new rule's trigger is enrollment status changed.
    expect(within(dialog).getByRole('combobox', { name: /Trigger type/ })).toHaveValue(
      'enrollment_status_changed',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Condition 1 key' }),
      'to_status',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Condition 1 value' }), 'on_hold');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Action' }));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Action 1 type' }),
      'Send notification',
    );
    const config = within(dialog).getByRole('textbox', { name: 'Action 1 configuration (JSON)' });
    expect(JSON.parse((config as HTMLTextAreaElement).value)).toMatchObject({ recipient: 'case_manager' });
    await userEvent.clear(config);
    await userEvent.type(config, 'not json');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Rule' }));
    expect(await within(dialog).findByText('Invalid JSON in action configuration')).toBeInTheDocument();
    await userEvent.clear(config);
    await userEvent.paste('{"recipient": "case_manager", "title": "On hold"}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Rule' }));
    expect(await within(dialog).findByText(/message: The message is required/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/workflows/automation-rules')).toHaveLength(0);
    await userEvent.clear(config);
    await userEvent.paste('{"recipient": "case_manager", "title": "On hold", "message": "Call them"}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Rule' }));
    expect(await screen.findByText('Automation rule created successfully')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST', '/api/workflows/automation-rules')).toEqual({
      rule_name: 'On hold: tell me',
      trigger_type: 'enrollment_status_changed',
      trigger_conditions: { to_status: 'on_hold' },
      actions: [
        {
          type: 'send_notification',
          config: { recipient: 'case_manager', title: 'On hold', message: 'Call them' },
        },
      ],
      is_active: true,
      priority: 1,
      program_id: null,
    });
  });

  it('shows a rule’s runs and tests it against a recent event without doing anything', async () => {
    const fetchMock = server('manager', {
      'GET /api/workflows/automation-rules/4/runs': () =>
        jsonResponse(200, {
          runs: [
            {
              id: 1,
              event_name: 'goal.completed',
              event_id: 'e1',
              enrollment_id: 7,
              matched: true,
              reason: null,
              depth: 0,
              actions: [{ type: 'create_activity', status: 'done', result: 'Activity 88 created' }],
              created_ts: '2026-11-20T10:00:00.000Z',
            },
          ],
          total: 1,
        }),
      'GET /api/workflows/automation-rules/recent-events': () =>
        jsonResponse(200, {
          events: [
            {
              id: 'e1',
              name: 'goal.completed',
              trigger_type: 'goal_completed',
              enrollment_id: 7,
              summary: 'Goal completed on enrollment 7',
              at: '2026-11-20T10:00:00.000Z',
            },
          ],
        }),
      'POST /api/workflows/automation-rules/4/test': () =>
        jsonResponse(200, {
          matched: true,
          reason: null,
          actions: [{ type: 'create_activity', would: 'Create a follow_up activity today' }],
        }),
    });
    renderApp({ path: '/automation-rules' });
    await userEvent.click(await screen.findByRole('button', { name: `Runs of ${rule.rule_name}` }));
    const runs = await screen.findByRole('dialog', { name: `Runs: ${rule.rule_name}` });
    expect(await within(runs).findByText(/Activity 88 created/)).toBeInTheDocument();
    await userEvent.click(within(runs).getByRole('button', { name: /close/i }));

    await userEvent.click(screen.getByRole('button', { name: `Test rule ${rule.rule_name}` }));
    const test = await screen.findByRole('dialog', { name: `Test rule: ${rule.rule_name}` });
    await within(test).findByRole('option', { name: /Goal completed on enrollment 7/ });
    await userEvent.selectOptions(within(test).getByRole('combobox', { name: 'Recent event' }), 'e1');
    await userEvent.click(within(test).getByRole('button', { name: 'Test' }));
    expect(await within(test).findByText('It would fire')).toBeInTheDocument();
    expect(within(test).getByText('Create a follow_up activity today')).toBeInTheDocument();
    expect(within(test).getByText('This was a test: nothing was done.')).toBeInTheDocument();
    expect(lastBody(fetchMock, 'POST', '/api/workflows/automation-rules/4/test')).toEqual({ event_id: 'e1' });
    expect(
      callsTo(fetchMock, 'GET', '/api/workflows/automation-rules/recent-events').some(([u]) =>
        String(u).includes('trigger_type=goal_completed'),
      ),
    ).toBe(true);
  });

  it('lets staff read the runs but not change or test rules', async () => {
    server('staff');
    renderApp({ path: '/automation-rules' });
    expect(await screen.findByRole('button', { name: `Runs of ${rule.rule_name}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Edit ${rule.rule_name}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Test rule ${rule.rule_name}` })).toBeNull();
  });
});
