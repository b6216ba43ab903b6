import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { UNREAD_TEXT, UnreadNotificationsCard } from './unread-notifications-card.tsx';

const note = (id: number, read: boolean) => ({
  id,
  title: `Task ${id} assigned`,
  body: '',
  link: `/workflows/${id}`,
  source_type: 'workflow_task',
  read,
  created_ts: new Date().toISOString(),
});

afterEach(() => vi.unstubAllGlobals());

describe('Unread notifications card', () => {
  it('shows the unread count and the newest unread ones', async () => {
    mockFetch({
      'GET /api/notifications': () =>
        jsonResponse(200, {
          notifications: [note(1, false), note(2, true), note(3, false), note(4, false), note(5, false)],
          total: 5,
          unread_count: 6,
        }),
    });
    renderWithProviders(
      <MemoryRouter>
        <UnreadNotificationsCard />
      </MemoryRouter>,
    );
    expect(await screen.findByLabelText('6 unread')).toHaveTextContent('6');
    expect(screen.getByRole('link', { name: 'Task 1 assigned' })).toHaveAttribute('href', '/workflows/1');
    expect(screen.queryByText('Task 2 assigned')).not.toBeInTheDocument();
    expect(screen.queryByText('Task 5 assigned')).not.toBeInTheDocument();
    expect(screen.getByText(UNREAD_TEXT.more(3))).toBeInTheDocument();
  });

  it('says when everything is read', async () => {
    mockFetch({
      'GET /api/notifications': () =>
        jsonResponse(200, { notifications: [note(1, true)], total: 1, unread_count: 0 }),
    });
    renderWithProviders(
      <MemoryRouter>
        <UnreadNotificationsCard />
      </MemoryRouter>,
    );
    expect(await screen.findByText(UNREAD_TEXT.none)).toBeInTheDocument();
  });
});
