import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { emitEvent } from '../../test/event-bus-mock.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { makeTask } from '../../test/workflow-fixtures.ts';
import { MyTasksCard } from './my-tasks-card.tsx';

vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

// Issue #17 item 2: a workflow's task is on its assignee's dashboard and is decided there.

const task = makeTask();
const approval = makeTask({
  id: 52,
  kind: 'approval',
  title: 'Supervisor approves',
  outcomes: [],
  member_name: 'Ana Ruiz',
});

function render(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/workflows/tasks': () => jsonResponse(200, { tasks: [task, approval], total: 12 }),
    ...routes,
  });
  renderWithProviders(
    <MemoryRouter>
      <MyTasksCard />
    </MemoryRouter>,
  );
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  JSON.parse(String((callsTo(fetchMock, 'PUT', path).at(-1)?.[1] as RequestInit | undefined)?.body));

describe('My workflow tasks', { timeout: 30_000 }, () => {
  it('lists the open tasks and approvals with their member, and counts the rest', async () => {
    render();
    const card = await screen.findByRole('region', { name: 'My workflow tasks' });
    expect(await within(card).findByText('Call the member')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Rosa Delgado' })).toHaveAttribute(
      'href',
      '/enrollments-view/7',
    );
    expect(within(card).getByText('12 open')).toBeInTheDocument();
    expect(within(card).getByText('And 10 more.')).toBeInTheDocument();
  });

  it('marks a task done with one of its outcomes, which is required', async () => {
    const fetchMock = render({
      'PUT /api/workflows/tasks/51': () => jsonResponse(200, { ...task, status: 'done' }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark done Call the member for Rosa Delgado' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark done: Call the member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    expect(await within(dialog).findByText('Choose the outcome.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/workflows/tasks/51')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'not reached' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/workflows/tasks/51')).toHaveLength(1));
    expect(bodyOf(fetchMock, '/api/workflows/tasks/51')).toEqual({
      decision: 'done',
      outcome: 'not reached',
    });
  });

  it('rejects an approval only with a comment, and shows the server refusal', async () => {
    const fetchMock = render({
      'PUT /api/workflows/tasks/52': () => errorResponse(409, 'This task is already closed.'),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject Supervisor approves for Ana Ruiz' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject: Supervisor approves' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why it is rejected.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Plan incomplete');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This task is already closed.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/workflows/tasks/52')).toEqual({
      decision: 'rejected',
      comment: 'Plan incomplete',
    });
  });

  it('reads the list again when a workflow moves', async () => {
    const fetchMock = render();
    await screen.findByText('Call the member');
    const before = callsTo(fetchMock, 'GET', '/api/workflows/tasks').length;
    emitEvent('workflow.instance_changed', { workflow_instance_id: 31 });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/workflows/tasks').length).toBeGreaterThan(before),
    );
  });
});
