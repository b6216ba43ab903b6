import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProviderPerformanceList } from '@trust/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { metrics } from './performance-fixtures.ts';
import { ProviderPerformancePage } from './provider-performance-page.tsx';

const harbor = metrics(
  {
    googleReviews: [
      {
        author_name: 'Ana',
        rating: 5,
        text: 'Kind staff.',
        relative_time_description: 'a week ago',
        time: 1,
      },
    ],
  },
  { id: 11, provider_id: 11, organization_name: 'Harbor Pantry' },
);
const lakeside = metrics(
  {
    referralsMatched: 1,
    referralsAccepted: 0,
    acceptanceRate: 0,
    memberConfirmed: 0,
    memberAnswers: 0,
    memberConfirmedRate: null,
    services: ['Food Assistance'],
  },
  { id: 12, provider_id: 12, organization_name: 'Lakeside, "Food" Bank', latitude: null, longitude: null },
);

function list(providers = [harbor, lakeside], range = 'all'): ProviderPerformanceList {
  return {
    providers,
    summary: { providers: providers.length, avgQuality: 92, avgRating: 4.5, totalReferrals: 8 },
    total: providers.length,
    page: 1,
    page_size: 12,
    range: range as ProviderPerformanceList['range'],
    ratings_configured: true,
  };
}

/** Harbor's card (its name is also in the charts' tables). */
const HARBOR_CARD = 'Open details of Harbor Pantry';

let blobs: Blob[];
beforeEach(() => {
  blobs = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:test/1';
    }),
    revokeObjectURL: vi.fn(),
  });
  // jsdom cannot follow the download link saveBlob clicks.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function render() {
  return renderWithProviders(
    <>
      <Notifications />
      <ProviderPerformancePage />
    </>,
  );
}

describe('the Provider Performance page', () => {
  it('shows the summary cards and provider cards with 3 services then +N more', async () => {
    mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
    });
    render();
    expect(await screen.findByRole('button', { name: HARBOR_CARD })).toBeInTheDocument();
    expect(screen.getByLabelText('Providers: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Quality: 92%')).toBeInTheDocument();
    expect(screen.getByLabelText('Rating: 4.5 ★')).toBeInTheDocument();
    expect(screen.getByLabelText('Total: 8')).toBeInTheDocument();
    expect(screen.getAllByText('+1 more')).toHaveLength(1);
    expect(screen.queryByText('Legal Aid')).not.toBeInTheDocument();
    expect(screen.getByText('Transportation')).toBeInTheDocument();
    // 8.5 days is Excellent (001 §9).
    expect(screen.getAllByText('Excellent').length).toBeGreaterThan(0);
    // No "Our capacity" panel for an organization without listings.
    expect(screen.queryByText('Our capacity')).not.toBeInTheDocument();
  });

  it("shows each provider's member-confirmed rate with the answers behind it, never 0% without answers", async () => {
    mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
    });
    render();
    expect(await screen.findByText('Member-confirmed: 75% (3 of 4)')).toBeInTheDocument();
    expect(screen.getByText('Member-confirmed: No answers yet')).toBeInTheDocument();
    expect(screen.queryByText(/Member-confirmed: 0%/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open details of Harbor Pantry' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Member-confirmed')).toBeInTheDocument();
    expect(within(dialog).getByText('75% (3 of 4)')).toBeInTheDocument();
  });

  it('refetches from the server with the chosen range and the search', async () => {
    const fetchMock = mockFetch({
      'GET /api/provider-performance': (_init, url) => {
        const q = new URL(url, 'http://localhost').searchParams;
        return jsonResponse(
          200,
          list(q.get('range') === '30d' ? [lakeside] : [harbor, lakeside], q.get('range') ?? 'all'),
        );
      },
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
    });
    render();
    expect(await screen.findByRole('button', { name: HARBOR_CARD })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Last 30 Days' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: HARBOR_CARD })).not.toBeInTheDocument());
    const urls = callsTo(fetchMock, 'GET', '/api/provider-performance').map(([u]) => String(u));
    expect(urls.at(-1)).toContain('range=30d');

    await userEvent.type(screen.getByLabelText('Search providers'), 'lake');
    await waitFor(() => {
      const last = callsTo(fetchMock, 'GET', '/api/provider-performance')
        .map(([u]) => String(u))
        .at(-1);
      expect(last).toContain('search=lake');
      expect(last).toContain('range=30d');
    });
  });

  it('downloads the CSV of every provider of the current range and search from the server', async () => {
    const csv = '\uFEFFProvider,Organization Type\r\nHarbor Pantry,Food Bank\r\n';
    const fetchMock = mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
      'GET /api/provider-performance/csv': () =>
        new Response(csv, {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="provider-performance-90d-2026-01-15.csv"`,
          },
        }),
    });
    render();
    await screen.findByRole('button', { name: HARBOR_CARD });
    await userEvent.click(screen.getByRole('radio', { name: 'Last 90 Days' }));
    await userEvent.click(screen.getByLabelText('Search providers'));
    await userEvent.paste('pantry');
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/provider-performance')
          .map(([u]) => String(u))
          .at(-1),
      ).toContain('search=pantry'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'GET', '/api/provider-performance/csv');
    const q = new URL(String(call![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(q)).toEqual({ range: '90d', search: 'pantry' });
    // The server's file, as it is: nothing is built from the rows on screen.
    expect(await blobs[0]!.text()).toBe(csv.replace(/^\uFEFF/, ''));
    const link = vi.mocked(HTMLAnchorElement.prototype.click).mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('provider-performance-90d-2026-01-15.csv');
  }, 15_000);

  it('says so when the export fails', async () => {
    mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
      'GET /api/provider-performance/csv': () => errorResponse(500, 'Something broke.'),
    });
    render();
    await screen.findByRole('button', { name: HARBOR_CARD });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText(/Something broke\.|Failed to export provider performance\./),
    ).toBeInTheDocument();
    expect(blobs).toHaveLength(0);
  });

  it('charts the rates and the time to accept, each with a table of its figures', async () => {
    mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
    });
    render();
    await screen.findByRole('button', { name: HARBOR_CARD });
    expect(
      screen.getByRole('img', { name: 'Acceptance rate and member-confirmed rate by provider, in percent' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Mean hours from match to acceptance by provider' }),
    ).toBeInTheDocument();

    // The tables are there for screen readers before anyone asks for them.
    const rates = screen.getByRole('table', {
      name: 'Acceptance rate and member-confirmed rate by provider, in percent',
    });
    const rateRows = within(rates)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rateRows).toEqual([
      ['Provider', 'Acceptance rate', 'Member-confirmed rate'],
      ['Harbor Pantry', '71.4%', '75% (3 of 4)'],
      ['Lakeside, "Food" Bank', '0%', 'No answers yet'],
    ]);
    const times = screen.getByRole('table', { name: 'Mean hours from match to acceptance by provider' });
    expect(within(times).getByRole('rowheader', { name: 'Harbor Pantry' })).toBeInTheDocument();

    // 'Show as table' swaps the chart for its table, and back.
    const section = screen.getByRole('region', { name: 'Time to accept' });
    await userEvent.click(within(section).getByRole('button', { name: 'Show as table' }));
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
    expect(within(section).getByRole('table')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Show as chart' }));
    expect(within(section).getByRole('img')).toBeInTheDocument();
  });

  it("updates Google ratings for the providers shown and says the server's answer", async () => {
    const fetchMock = mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
      'POST /api/provider-performance/ratings': () =>
        jsonResponse(200, {
          success: true,
          message: 'Successfully updated Google ratings for 2 provider(s)!',
          fetched: 2,
          cached: 0,
          rated: 2,
          incomplete: 0,
          failed: 0,
        }),
    });
    render();
    await screen.findByRole('button', { name: HARBOR_CARD });
    await userEvent.click(screen.getByRole('button', { name: 'Update Google Ratings' }));
    expect(
      await screen.findByText('Successfully updated Google ratings for 2 provider(s)!'),
    ).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/provider-performance/ratings');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ provider_ids: [11, 12] });
  });

  it('says clearly when ratings are not configured', async () => {
    mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
      'POST /api/provider-performance/ratings': () =>
        errorResponse(422, 'Google ratings are not configured (set GOOGLE_PLACES_API_KEY).', 'rule_broken'),
    });
    render();
    await screen.findByRole('button', { name: HARBOR_CARD });
    await userEvent.click(screen.getByRole('button', { name: 'Update Google Ratings' }));
    expect(
      await screen.findByText('Google ratings are not configured (set GOOGLE_PLACES_API_KEY).'),
    ).toBeInTheDocument();
  });

  it('opens the detail modal with stats, reviews, contact, services and Get Directions', async () => {
    mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Open details of Harbor Pantry' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Kind staff.')).toBeInTheDocument();
    expect(within(dialog).getByText('71.4%')).toBeInTheDocument();
    expect(within(dialog).getByText('intake@harbor.example')).toHaveAttribute(
      'href',
      'mailto:intake@harbor.example',
    );
    expect(within(dialog).getByText('Legal Aid')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Get Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=34.05,-118.25',
    );
  });
});
