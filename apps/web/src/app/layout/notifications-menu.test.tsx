import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@trust/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { emitEvent } from '../../test/event-bus-mock.ts';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { NotificationsMenu } from './notifications-menu.tsx';

vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

// Issue #17: the bell with its unread count, live over the event stream.

const note = (id: number, read: boolean, title: string): Notification => ({
  id,
  title,
  body: 'Rosa is onboarded.',
  link: '/enrollments-view/7',
  source_type: 'workflow',
  read,
  created_ts: new Date().toISOString(),
});

function render() {
  let unread = 1;
  const fetchMock = mockFetch({
    'GET /api/notifications': () =>
      jsonResponse(200, {
        notifications: [
          ...(unread > 1 ? [note(3, false, 'Approval needed')] : []),
          note(2, unread === 0, 'Onboarding complete'),
          note(1, true, 'Older news'),
        ],
        total: 3,
        unread_count: unread,
      }),
    'PUT /api/notifications/2/read': () => {
      unread = 0;
      return jsonResponse(200, { unread_count: 0 });
    },
    'PUT /api/notifications/read-all': () => {
      unread = 0;
      return jsonResponse(200, { unread_count: 0 });
    },
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <NotificationsMenu />
      <Routes>
        <Route path="/dashboard" element={<p>Dashboard</p>} />
        <Route path="/enrollments-view/:id" element={<p>Enrollment page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { fetchMock, arrive: () => (unread = 2) };
}

describe('the notification bell', { timeout: 30_000 }, () => {
  it('counts the unread, and counts a new one as soon as the stream says it arrived', async () => {
    const { arrive } = render();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    arrive();
    emitEvent('notification.created', { unread_count: 2 });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it("opens a notification: marked read, then its enrollment's page", async () => {
    const { fetchMock } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Unread: Onboarding complete/ }));
    expect(await screen.findByText('Enrollment page')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/notifications/2/read')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const { fetchMock } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/notifications/read-all')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });
});
