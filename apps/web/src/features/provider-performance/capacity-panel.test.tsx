import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DirectoryProvider } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
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
});
