import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceGaps } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { queueLink } from './service-gaps-page.tsx';

// Issue #20 item 5: the Service Gaps screen against GET /api/service-gaps (mocked).

const kinds = (declined = 0, expired = 0, cancelled = 0, not_served = 0, unmatched = 0) => ({
  declined,
  expired,
  cancelled,
  not_served,
  unmatched,
  unmet: declined + expired + cancelled + not_served + unmatched,
});

const GAPS: ServiceGaps = {
  scope: 'organization',
  period: { from: '2025-03-01', to: '2026-02-28' },
  totals: { total: 40, ...kinds(6, 2, 1, 1, 0) },
  by_need: [
    { need: 'Food', total: 25, ...kinds(5, 1, 0, 0, 0) },
    { need: 'Housing', total: 15, ...kinds(1, 1, 1, 1, 0) },
  ],
  by_county: [
    {
      county_fips: '06037',
      county: 'Los Angeles',
      state: 'CA',
      latitude: 34.32,
      longitude: -118.22,
      total: 30,
      ...kinds(5, 2, 0, 0, 0),
    },
    {
      county_fips: null,
      county: 'Unknown',
      state: null,
      latitude: null,
      longitude: null,
      total: 10,
      ...kinds(1, 0, 1, 1, 0),
    },
  ],
  reasons: [
    { kind: 'declined', reason: 'At capacity', count: 4 },
    { kind: 'cancelled', reason: 'Member moved', count: 1 },
  ],
  trend: [
    { month: '2026-01', total: 12, unmet: 3 },
    { month: '2026-02', total: 8, unmet: 2 },
  ],
};

function server(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: 'org_admin', active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/client-config': () => jsonResponse(200, { map: { tile_url: '', tile_attribution: '' } }),
    'GET /api/service-gaps': () => jsonResponse(200, GAPS),
    ...routes,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('Service Gaps', { timeout: 30_000 }, () => {
  it('shows the totals, the need and county tables linked to the queue, the reasons and the trend', async () => {
    server();
    renderApp({ path: '/service-gaps' });
    expect(await screen.findByRole('heading', { name: 'Service Gaps', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Unmet' })).toHaveTextContent('10');
    expect(screen.getByRole('group', { name: 'Declined by every provider' })).toHaveTextContent('6');

    const needs = screen.getByRole('table', { name: 'Service gaps by need' });
    for (const header of [
      'Need',
      'Total',
      'Unmet',
      'Declined by every provider',
      'No provider within 50 miles',
    ])
      expect(within(needs).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const food = within(needs).getByRole('link', { name: '5 referrals declined by every provider for Food' });
    const url = new URL(food.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/queue');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      need: 'Food',
      gap: 'declined',
      from: '2025-03-01',
      to: '2026-02-28',
    });

    const counties = screen.getByRole('table', { name: 'Service gaps by county' });
    const la = within(counties).getByRole('link', { name: '7 unmet referrals in Los Angeles, CA' });
    expect(Object.fromEntries(new URL(la.getAttribute('href') ?? '', 'http://x').searchParams)).toEqual({
      county_fips: '06037',
      gap: 'unmet',
      from: '2025-03-01',
      to: '2026-02-28',
    });
    // A county without a FIPS code has nothing to filter by: its figures are plain.
    const unknown = within(counties).getByText('Unknown').closest('tr') as HTMLElement;
    expect(within(unknown).queryAllByRole('link')).toEqual([]);

    const reasons = screen.getByRole('table', { name: 'Top reasons' });
    expect(within(reasons).getByText('At capacity')).toBeInTheDocument();
    const trend = screen.getByRole('table', { name: 'Referrals and unmet referrals by month' });
    expect(
      within(trend)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MonthReferralsUnmet', 'Jan 2026123', 'Feb 202682']);
    expect(
      screen.getByRole('region', { name: 'Map of counties shaded by unmet referrals' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/1 without a known location are not on the map/)).toBeInTheDocument();
  });

  it('exports the CSV of the current filter through the session', async () => {
    const fetchMock = server({
      'GET /api/service-gaps/csv': () =>
        new Response('need,total\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="service-gaps-2026-01-01-to-2026-02-28.csv"',
          },
        }),
    });
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:gaps';
    URL.revokeObjectURL = () => {};
    // jsdom does not navigate: the download link's click is recorded instead.
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      renderApp({ path: '/service-gaps' });
      await screen.findByRole('table', { name: 'Service gaps by need' });
      await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
      await userEvent.type(screen.getByLabelText('To'), '2026-02-28');
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(names).toEqual(['service-gaps-2026-01-01-to-2026-02-28.csv']));
      const [call] = callsTo(fetchMock, 'GET', '/api/service-gaps/csv');
      expect(Object.fromEntries(new URL(String(call?.[0]), 'http://x').searchParams)).toEqual({
        from: '2026-01-01',
        to: '2026-02-28',
      });
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it("opens no list from the whole network's figures (the queue lists one organization's referrals)", async () => {
    server({ 'GET /api/service-gaps': () => jsonResponse(200, { ...GAPS, scope: 'network' }) });
    renderApp({ path: '/service-gaps' });
    const needs = await screen.findByRole('table', { name: 'Service gaps by need' });
    expect(within(needs).getByText('Food')).toBeInTheDocument();
    expect(within(needs).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText(/choose Organization to open the referrals behind a figure/)).toBeInTheDocument();
  });

  it('says when every referral was served', async () => {
    server({
      'GET /api/service-gaps': () =>
        jsonResponse(200, {
          ...GAPS,
          totals: { total: 3, ...kinds() },
          by_need: [],
          by_county: [],
          reasons: [],
        }),
    });
    renderApp({ path: '/service-gaps' });
    expect(
      await screen.findByText('Every referral in this period was served or is still open.'),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });
});

describe('queueLink', () => {
  it('opens the referrals of a county, of a kind of gap, in the period', () => {
    expect(
      queueLink({
        countyFips: '06037',
        measure: 'declined',
        period: { from: '2026-01-01', to: '2026-01-31' },
        scope: 'organization',
      }),
    ).toBe('/queue?county_fips=06037&gap=declined&from=2026-01-01&to=2026-01-31');
  });
});
