import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardActivityItem } from '@trust/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { RECENT_ACTIVITY_TEXT, RecentActivityCard } from './recent-activity-card.tsx';

const NOW = new Date('2026-03-10T12:00:00Z');

const item = (id: number, overrides: Partial<DashboardActivityItem> = {}): DashboardActivityItem => ({
  id,
  at: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
  type: 'created',
  summary: 'Referral Created',
  referral_id: 100 + id,
  referral_number: `REF-${id}`,
  actor_name: 'Casey Coordinator',
  from_status: null,
  to_status: null,
  ...overrides,
});

function renderCard() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<RecentActivityCard />} />
        <Route path="/queue" element={<h1>Queue page</h1>} />
        <Route path="/queue/:id" element={<h1>Referral details page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Recent Activity (003 §2.4)', () => {
  it('lists the personal view with relative times and links to each referral, then the organization view', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const fetchMock = mockFetch({
      'GET /api/dashboard/activity': (_init, url) => {
        const view = new URL(url, 'http://localhost').searchParams.get('view');
        return jsonResponse(200, {
          view,
          items:
            view === 'personal'
              ? [
                  item(1),
                  item(2, {
                    type: 'status_changed',
                    summary: 'Case Completed',
                    from_status: 'in_progress',
                    to_status: 'completed',
                    actor_name: null,
                    at: new Date(NOW.getTime() - 3 * 3_600_000).toISOString(),
                  }),
                ]
              : [
                  item(3, {
                    actor_name: 'Morgan Manager',
                    at: new Date(NOW.getTime() - 20_000).toISOString(),
                  }),
                ],
          next_before: null,
        });
      },
    });
    renderCard();
    const list = await screen.findByRole('list', { name: /Recent Activity, personal/ });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Referral Created')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Referral #REF-1' })).toHaveAttribute(
      'href',
      '/queue/101',
    );
    expect(within(rows[1]!).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/In Progress → Completed/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('By System')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('view=personal');

    await userEvent.click(screen.getByText('Organization'));
    const org = await screen.findByRole('list', { name: /Recent Activity, organization/ });
    expect(within(org).getByText('Just now')).toBeInTheDocument();
    expect(within(org).getByText('By Morgan Manager')).toBeInTheDocument();
  });

  it('opens the referral details and the queue', async () => {
    mockFetch({
      'GET /api/dashboard/activity': () =>
        jsonResponse(200, { view: 'personal', items: [item(1)], next_before: null }),
    });
    const first = renderCard();
    await userEvent.click(await screen.findByRole('link', { name: 'Referral #REF-1' }));
    expect(await screen.findByRole('heading', { name: 'Referral details page' })).toBeInTheDocument();
    first.unmount();
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: RECENT_ACTIVITY_TEXT.viewAll }));
    expect(await screen.findByRole('heading', { name: 'Queue page' })).toBeInTheDocument();
  });

  it('reads older pages with Show more, and names a deleted referral without a link', async () => {
    const fetchMock = mockFetch({
      'GET /api/dashboard/activity': (_init, url) => {
        const before = new URL(url, 'http://localhost').searchParams.get('before');
        return jsonResponse(
          200,
          before === '1'
            ? {
                view: 'personal',
                items: [item(0, { referral_id: null, type: 'deleted', summary: 'Referral Deleted' })],
                next_before: null,
              }
            : { view: 'personal', items: [item(1)], next_before: '1' },
        );
      },
    });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: RECENT_ACTIVITY_TEXT.showMore }));
    expect(await screen.findByText('Referral Deleted')).toBeInTheDocument();
    expect(screen.getByText('Referral #REF-0')).not.toHaveAttribute('href');
    expect(screen.queryByRole('button', { name: RECENT_ACTIVITY_TEXT.showMore })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/dashboard/activity')).toHaveLength(2);
  });

  it('says so when there is no activity', async () => {
    mockFetch({
      'GET /api/dashboard/activity': () =>
        jsonResponse(200, { view: 'personal', items: [], next_before: null }),
    });
    renderCard();
    expect(await screen.findByText(RECENT_ACTIVITY_TEXT.emptyPersonal)).toBeInTheDocument();
  });

  it('shows the load error with Retry', async () => {
    mockFetch({ 'GET /api/dashboard/activity': () => errorResponse(403, 'Choose an organization first.') });
    renderCard();
    expect(await screen.findByText('Choose an organization first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
