import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgRole } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { emitEvent } from '../../test/event-bus-mock.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { instanceCounts, makeInstance, makeTask } from '../../test/workflow-fixtures.ts';

vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

// 002 §2 Active Workflows against the routes of 002 §7 (mocked).

const running = makeInstance();
const failed = makeInstance({
  id: 32,
  member_name: 'Ana Ruiz',
  status: 'failed',
  error_message: 'Rejected: care plan incomplete',
  progress: 100,
  completed_at: '2026-11-21T12:30:00.000Z',
});
const paused = makeInstance({ id: 33, member_name: 'Li Wei', status: 'paused' });

function server(role: OrgRole, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/notifications': () => jsonResponse(200, { notifications: [], total: 0, unread_count: 0 }),
    'GET /api/workflows/templates': () =>
      jsonResponse(200, { workflows: [{ id: 1, name: 'ECM onboarding' }], total: 1 }),
    'GET /api/workflows/instances': () =>
      jsonResponse(200, {
        instances: [running, failed, paused],
        total: 60,
        counts: instanceCounts({ running: 40, failed: 5, paused: 15 }),
      }),
    ...routes,
  });
}

const urls = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, 'GET', '/api/workflows/instances').map(([u]) => String(u));

describe('Active Workflows', { timeout: 30_000 }, () => {
  it('shows the counts, the table with progress and duration, and filters by template and status on the server', async () => {
    const fetchMock = server('manager');
    renderApp({ path: '/workflow-instances' });
    const table = await screen.findByRole('table', { name: 'Workflow instances' });
    for (const header of [
      'Workflow',
      'Member',
      'Program',
      'Status',
      'Progress',
      'Started',
      'Duration',
      'Actions',
    ])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(await within(table).findByText('Rosa Delgado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Running: 40 instances' })).toBeInTheDocument();
    expect(
      within(table).getByRole('progressbar', { name: 'Progress of ECM onboarding for Rosa Delgado: 40%' }),
    ).toBeInTheDocument();
    expect(within(table).getByText('1d 2h')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 50 of 60 instances')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Template'), 'ECM onboarding');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() =>
      expect(
        urls(fetchMock).some((u) => u.includes('workflow_template_id=1') && u.includes('status=failed')),
      ).toBe(true),
    );
    // 002 §9: the template dropdown loads 100.
    expect(
      callsTo(fetchMock, 'GET', '/api/workflows/templates').some(([u]) =>
        String(u).includes('page_size=100'),
      ),
    ).toBe(true);
  });

  it('offers pause and cancel on a running instance, resume on a paused one, View Error on a failed one', async () => {
    const fetchMock = server('manager', {
      'PUT /api/workflows/instances/31': () => jsonResponse(200, { ...running, status: 'paused' }),
      'PUT /api/workflows/instances/33': () =>
        errorResponse(409, 'A cancelled workflow cannot be set to running.'),
    });
    renderApp({ path: '/workflow-instances' });
    await screen.findByText('Rosa Delgado');
    expect(screen.queryByRole('button', { name: 'Resume ECM onboarding for Rosa Delgado' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pause ECM onboarding for Rosa Delgado' }));
    expect(await screen.findByText('Workflow instance status updated to paused')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'PUT', '/api/workflows/instances/31')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'paused' });

    await userEvent.click(screen.getByRole('button', { name: 'Resume ECM onboarding for Li Wei' }));
    expect(await screen.findByText('A cancelled workflow cannot be set to running.')).toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Pause ECM onboarding for Ana Ruiz' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'View Error of ECM onboarding for Ana Ruiz' }));
    expect(await screen.findByText('Rejected: care plan incomplete')).toBeInTheDocument();
  });

  it('asks before cancelling and deleting', async () => {
    const fetchMock = server('manager', {
      'PUT /api/workflows/instances/31': () => jsonResponse(200, { ...running, status: 'cancelled' }),
      'DELETE /api/workflows/instances/32': () =>
        jsonResponse(200, { message: 'Workflow instance deleted successfully' }),
    });
    renderApp({ path: '/workflow-instances' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel ECM onboarding for Rosa Delgado' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Cancel workflow instance' });
    expect(callsTo(fetchMock, 'PUT', '/api/workflows/instances/31')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel workflow' }));
    expect(await screen.findByText('Workflow instance status updated to cancelled')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete ECM onboarding for Ana Ruiz' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete workflow instance' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Workflow instance deleted successfully')).toBeInTheDocument();
  });

  it('gives staff the history but not the status changes', async () => {
    server('staff', {
      'GET /api/workflows/instances/31/executions': () =>
        jsonResponse(200, {
          executions: [
            {
              id: 1,
              step_id: 11,
              step_order: 1,
              step_name: 'Call the member',
              step_type: 'task',
              status: 'completed',
              attempts: 1,
              input: {},
              output: { task_id: 51, outcome: 'reached' },
              error: null,
              resume_at: null,
              started_at: '2026-11-20T10:00:00.000Z',
              completed_at: '2026-11-20T11:00:00.000Z',
              created_ts: '2026-11-20T10:00:00.000Z',
            },
          ],
        }),
      'GET /api/workflows/tasks': (_init, url) =>
        jsonResponse(200, {
          tasks: url.includes('state=closed')
            ? [makeTask({ status: 'done', outcome: 'reached', completed_by_name: 'Casey Coordinator' })]
            : [],
          total: 1,
        }),
    });
    renderApp({ path: '/workflow-instances' });
    await screen.findByText('Rosa Delgado');
    expect(screen.queryByRole('button', { name: 'Pause ECM onboarding for Rosa Delgado' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete ECM onboarding for Rosa Delgado' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'History of ECM onboarding for Rosa Delgado' }));
    const history = await screen.findByRole('dialog', { name: 'History: ECM onboarding' });
    expect(await within(history).findByText('Call the member')).toBeInTheDocument();
    expect(await within(history).findByText('Done by Casey Coordinator: reached')).toBeInTheDocument();
  });

  it('says why the list is empty, and reads it again when a workflow moves', async () => {
    const fetchMock = server('manager', {
      'GET /api/workflows/instances': () =>
        jsonResponse(200, { instances: [], total: 0, counts: instanceCounts() }),
    });
    renderApp({ path: '/workflow-instances' });
    expect(await screen.findByText('No workflow instances found')).toBeInTheDocument();
    expect(
      screen.getByText('Workflow instances will appear here when workflows are triggered.'),
    ).toBeInTheDocument();
    const before = urls(fetchMock).length;
    emitEvent('workflow.instance_changed', { workflow_instance_id: 31, enrollment_id: 7, status: 'running' });
    await waitFor(() => expect(urls(fetchMock).length).toBeGreaterThan(before));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Paused');
    expect(await screen.findByText('No instances match the current filters.')).toBeInTheDocument();
  });
});
