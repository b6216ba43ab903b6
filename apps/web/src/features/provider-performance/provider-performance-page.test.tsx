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

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

describe('the Provider Performance page', () => {
  it('shows the summary cards and provider cards with 3 services then +N more', async () => {
    mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
    });
    render();
    expect(await screen.findByText('Harbor Pantry')).toBeInTheDocument();
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
    expect(await screen.findByText('Harbor Pantry')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Last 30 Days' }));
    await waitFor(() => expect(screen.queryByText('Harbor Pantry')).not.toBeInTheDocument());
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

  it('exports exactly what is shown as CSV', async () => {
    mockFetch({
      'GET /api/provider-performance': () => jsonResponse(200, list()),
      'GET /api/provider-performance/own-listings': () => jsonResponse(200, { providers: [] }),
    });
    render();
    await screen.findByText('Harbor Pantry');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(blobs).toHaveLength(1);
    const text = (await blobText(blobs[0]!)).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Harbor Pantry,Food Bank,Los Angeles,CA,All Time,7,5,2,71.4,/);
    expect(lines[2]).toMatch(/^"Lakeside, ""Food"" Bank",/);
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
    await screen.findByText('Harbor Pantry');
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
    await screen.findByText('Harbor Pantry');
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
