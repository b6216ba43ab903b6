import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DirectoryProvider } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { CapacityPanel } from './capacity-panel.tsx';
import { metrics } from './performance-fixtures.ts';

const listing: DirectoryProvider = {
  ...metrics().provider,
  id: 41,
  provider_id: 41,
  organization_name: 'Harbor Community Services',
  organization_id: 3,
  capacity_status: 'accepting',
  capacity_confirmed_at: '2026-11-20T15:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('the "Our capacity" panel', () => {
  it('sets Waitlist with the expected wait through PUT /api/providers/{id}/capacity', async () => {
    let current = listing;
    const fetchMock = mockFetch({
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [current] }),
      'PUT /api/providers/41/capacity': (init) => {
        const body = JSON.parse(String(init.body));
        current = {
          ...listing,
          capacity_status: body.capacity_status,
          capacity_wait_days: body.capacity_wait_days,
          capacity_confirmed_at: '2026-11-24T10:00:00.000Z',
        };
        return jsonResponse(200, current);
      },
    });
    renderWithProviders(<CapacityPanel />);
    expect(await screen.findByText('Our capacity')).toBeInTheDocument();
    expect(screen.getByText(/Last confirmed/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Waitlist' }));
    // A waitlist needs the expected wait, in the browser as on the server.
    await userEvent.click(screen.getByRole('button', { name: 'Confirm capacity' }));
    expect(await screen.findByText('Enter the expected wait in days.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/providers/41/capacity')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Expected wait (days)'), '14');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm capacity' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/providers/41/capacity')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'PUT', '/api/providers/41/capacity');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      capacity_status: 'waitlist',
      capacity_wait_days: 14,
    });
    // The listing is read again, with the new confirmation time.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/provider-performance/own-listings')).toHaveLength(2),
    );
  });

  it("shows the server's field message", async () => {
    mockFetch({
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [listing] }),
      'PUT /api/providers/41/capacity': () =>
        jsonResponse(403, {
          code: 'forbidden',
          detail: 'Only the users of Harbor Community Services can set its capacity.',
          message: 'Only the users of Harbor Community Services can set its capacity.',
          error: 'Only the users of Harbor Community Services can set its capacity.',
        }),
    });
    renderWithProviders(<CapacityPanel />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Full' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm capacity' }));
    expect(
      await screen.findByText('Only the users of Harbor Community Services can set its capacity.'),
    ).toBeInTheDocument();
  });

  it('is not shown to organizations without provider listings', async () => {
    const fetchMock = mockFetch({
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
    });
    renderWithProviders(<CapacityPanel />);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/provider-performance/own-listings')).toHaveLength(1),
    );
    expect(screen.queryByText('Our capacity')).not.toBeInTheDocument();
  });

  it('shows whether the directory listing may be out of date, and its administrator confirms it in one click (issue #18 item 7)', async () => {
    let current: DirectoryProvider = {
      ...listing,
      organization_id: 3,
      may_be_out_of_date: true,
      last_verified_at: '2025-04-02T09:00:00.000Z',
    };
    storeSession();
    localStorage.setItem('active_cbo_id', '3');
    const fetchMock = mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 3, org_role: 'org_admin' })),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
      'GET /api/provider-performance': () =>
        jsonResponse(200, {
          providers: [],
          summary: { providers: 0, avgQuality: null, avgRating: null, totalReferrals: 0 },
          total: 0,
          page: 1,
          page_size: 12,
          range: 'all',
          ratings_configured: false,
        }),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [current] }),
      'POST /api/providers/41/confirm-listing': () => {
        current = { ...current, may_be_out_of_date: false, last_verified_at: new Date().toISOString() };
        return jsonResponse(200, current);
      },
    });
    renderApp({ path: '/capacity' });
    expect(await screen.findByText('Our capacity')).toBeInTheDocument();
    expect(screen.getByText('may be out of date')).toBeInTheDocument();
    expect(
      screen.getByText(`Last verified ${new Date('2025-04-02T09:00:00.000Z').toLocaleDateString()}`),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm listing: Harbor Community Services' }));
    expect(
      await screen.findByText(
        'Listing of Harbor Community Services confirmed: it is marked current as of now.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/providers/41/confirm-listing')).toHaveLength(1);
    // The listing is read again: current now, verified today.
    await waitFor(() => expect(screen.queryByText('may be out of date')).not.toBeInTheDocument());
    expect(screen.getByText(`Last verified ${new Date().toLocaleDateString()}`)).toBeInTheDocument();
  });
});
