import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DirectoryProvider, OrgRole } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeDirectoryProvider,
  makeSavedProvider,
  makeSearchResult,
} from '../../components/provider/provider-fixtures.ts';
import {
  callsTo,
  deferred,
  errorResponse,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { ProviderMap } from './provider-map.tsx';

afterEach(() => notifications.clean());

const pantry = makeDirectoryProvider({
  id: 501,
  services: [
    'Food Assistance',
    'Case Management',
    'Transportation',
    'Legal Aid',
    'Childcare',
    'Utility Assistance',
    'Childcare Plus',
  ],
  data_quality_score: 88,
});
const shelter = makeDirectoryProvider({
  id: 502,
  organization_name: 'Harborlight Shelter',
  organization_type: 'Housing Support',
  services: ['Housing Assistance'],
  data_quality_score: 55,
  latitude: 34.07,
  longitude: -118.25,
  distance_miles: 2.4,
});

function renderDirectory({
  signedIn = false,
  routes = {},
  role = 'staff',
}: {
  signedIn?: boolean;
  routes?: Record<string, RouteHandler>;
  /** The signed-in user's role in organization 1, the one the requests act for. */
  role?: OrgRole;
} = {}) {
  if (signedIn) {
    storeSession();
    localStorage.setItem('active_cbo_id', '1');
  }
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: role })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /directory/services': () => jsonResponse(200, { services: ['Food Assistance'] }),
    'GET /directory/search/by-zip': () => jsonResponse(200, makeSearchResult([pantry, shelter])),
    'GET /api/saved-providers': () => jsonResponse(200, { providers: [], total: 0, page: 1, page_size: 500 }),
    ...routes,
  });
  renderApp({ path: '/provider-directory' });
  return { fetchMock };
}

async function searchFor(location: string) {
  const user = userEvent.setup();
  const input = await screen.findByRole('textbox', { name: /Location/ });
  await user.clear(input);
  if (location) await user.type(input, location);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return user;
}

const card = (name: string) => screen.findByRole('article', { name });

describe('Provider Directory (001 §2.6)', { timeout: 30_000 }, () => {
  it('is open to signed-out visitors and requires a location before searching', async () => {
    const { fetchMock } = renderDirectory();
    expect(await screen.findByRole('heading', { name: 'Find Community Resources' })).toBeInTheDocument();
    await searchFor('');
    expect(
      await screen.findByText('Enter a ZIP code, address or coordinates to search.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/directory/search/by-zip')).toHaveLength(0);
  });

  it('searches a ZIP with the radius and filters, counts the results and switches to the map', async () => {
    const { fetchMock } = renderDirectory();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Accepts Medicaid' }));
    const user = await searchFor('90012');
    expect(await screen.findByRole('status')).toHaveTextContent('2 providers found');
    const [call] = callsTo(fetchMock, 'GET', '/directory/search/by-zip');
    const params = new URL(String(call![0]), 'http://x').searchParams;
    expect(params.get('zip_code')).toBe('90012');
    expect(params.get('radius_miles')).toBe('10');
    expect(params.get('accepts_medicaid')).toBe('true');
    expect(params.has('accepts_medicare')).toBe(false);

    // 001 §4: after a search with results the view is the map, with a pin per provider (no tiles needed).
    const map = await screen.findByTestId('provider-map');
    await waitFor(() => expect(map.querySelectorAll('.tm-map-pin')).toHaveLength(2));
    expect(screen.queryByRole('article', { name: 'Harborlight Shelter' })).not.toBeInTheDocument();

    await user.click(screen.getByText('List'));
    const low = await card('Harborlight Shelter');
    // 001 §9: below 70 → call first; the label for 55 is 'Needs update'.
    expect(within(low).getByText(/Call to confirm before referring/)).toBeInTheDocument();
    expect(within(low).getByText('Needs update (55%)')).toBeInTheDocument();
    const high = await card('Marigold Community Pantry');
    expect(within(high).queryByText(/Call to confirm/)).not.toBeInTheDocument();
    expect(within(high).getByText('High quality (88%)')).toBeInTheDocument();
    // 001 §9: 5 service chips in results, then the rest counted.
    expect(within(within(high).getByLabelText('Services')).getAllByText(/./)).toHaveLength(6);
    expect(within(high).getByText('+2 more')).toBeInTheDocument();
    // Signed out: nothing to save to.
    expect(within(high).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("says 'Geocoding failed' when an address cannot be located", async () => {
    renderDirectory({
      routes: {
        'POST /directory/geocode': () =>
          errorResponse(400, 'Failed to geocode address. Please try a different location.'),
      },
    });
    await searchFor('Nowhere Lane');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Geocoding failed');
    expect(alert).toHaveTextContent('Failed to geocode address. Please try a different location.');
  });

  it("reads 'lat,lng' as a point for the radius search", async () => {
    const { fetchMock } = renderDirectory({
      routes: { 'GET /directory/search/radius': () => jsonResponse(200, makeSearchResult([])) },
    });
    await searchFor('34.05,-118.24');
    expect(await screen.findByRole('status')).toHaveTextContent('0 providers found');
    expect(screen.getByText('No providers found')).toBeInTheDocument();
    const params = new URL(String(callsTo(fetchMock, 'GET', '/directory/search/radius')[0]![0]), 'http://x')
      .searchParams;
    expect([params.get('latitude'), params.get('longitude')]).toEqual(['34.05', '-118.24']);
  });

  it("saves a provider with the 'Provider Saved!' toast, and says when it is already saved", async () => {
    const stored: DirectoryProvider[] = [];
    const answer = deferred<Response>();
    renderDirectory({
      signedIn: true,
      routes: {
        'GET /api/saved-providers': () =>
          jsonResponse(200, {
            providers: stored.map((p) => makeSavedProvider(p)),
            total: stored.length,
            page: 1,
            page_size: 500,
          }),
        'POST /api/saved-providers': async (init) => {
          const body = JSON.parse(String(init.body)) as DirectoryProvider;
          if (body.id !== 501) return errorResponse(409, 'This provider is already saved', 'conflict');
          stored.push(body);
          return answer.promise;
        },
      },
    });
    const user = await searchFor('90012');
    await user.click(await screen.findByText('List'));
    await user.click(within(await card('Marigold Community Pantry')).getByRole('button', { name: 'Save' }));
    // 001 §4 optimistic: the card says Saved before the server answers.
    expect(
      await within(await card('Marigold Community Pantry')).findByRole('button', { name: 'Saved' }),
    ).toBeDisabled();
    expect(screen.queryByText('Provider Saved!')).not.toBeInTheDocument();
    answer.resolve(jsonResponse(201, makeSavedProvider(stored[0])));
    expect(await screen.findByText('Provider Saved!')).toBeInTheDocument();
    expect(
      within(await card('Marigold Community Pantry')).getByRole('button', { name: 'Saved' }),
    ).toBeDisabled();

    await user.click(within(await card('Harborlight Shelter')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This provider is already saved')).toBeInTheDocument();
    // Rolled back: the refused provider can be saved again.
    expect(
      await within(await card('Harborlight Shelter')).findByRole('button', { name: 'Save' }),
    ).toBeEnabled();
  });

  it('uses the browser location with a 10 s time-out, and says when it cannot', async () => {
    const getCurrentPosition = vi.fn(
      (ok: PositionCallback, _fail: PositionErrorCallback | null, _opts?: PositionOptions) =>
        ok({ coords: { latitude: 34.05, longitude: -118.24 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { fetchMock } = renderDirectory({
      routes: { 'GET /directory/search/radius': () => jsonResponse(200, makeSearchResult([shelter])) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 provider found');
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({ timeout: 10_000 });
    expect(callsTo(fetchMock, 'GET', '/directory/search/radius')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /Location/ })).toHaveValue('34.05000,-118.24000');

    getCurrentPosition.mockImplementation((_ok, fail) =>
      fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText(
        'Could not get your location. Please check your browser permissions and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the browser has no geolocation', async () => {
    const { geolocation: _g, ...rest } = navigator as Navigator & { geolocation?: unknown };
    vi.stubGlobal('navigator', { ...rest, geolocation: undefined });
    renderDirectory();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Geolocation is not supported by your browser')).toBeInTheDocument();
  });

  it('marks a listing "may be out of date" with the day it was last verified; its own organization confirms it in one click (issue #18 item 7)', async () => {
    // Organization 1 acts for the pantry; its listing was last verified long ago.
    const stale = {
      ...pantry,
      organization_id: 1,
      may_be_out_of_date: true,
      last_verified_at: '2025-03-04T12:00:00.000Z',
    };
    const { fetchMock } = renderDirectory({
      signedIn: true,
      role: 'org_admin',
      routes: {
        'GET /directory/search/by-zip': () => jsonResponse(200, makeSearchResult([stale, shelter])),
        'POST /api/providers/501/confirm-listing': () =>
          jsonResponse(200, {
            ...stale,
            may_be_out_of_date: false,
            last_verified_at: new Date().toISOString(),
          }),
      },
    });
    const user = await searchFor('90012');
    await user.click(await screen.findByText('List'));
    const own = await card('Marigold Community Pantry');
    // Words, not a colour: the badge and the day beside it.
    expect(within(own).getByText('may be out of date')).toBeInTheDocument();
    expect(
      within(own).getByText(`Last verified ${new Date(stale.last_verified_at).toLocaleDateString()}`),
    ).toBeInTheDocument();
    // A listing that is current has neither; nor a confirm button when it is not the organization's own.
    const other = await card('Harborlight Shelter');
    expect(within(other).queryByText('may be out of date')).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /Confirm listing/ })).not.toBeInTheDocument();

    await user.click(within(own).getByRole('button', { name: 'Confirm listing: Marigold Community Pantry' }));
    expect(
      await screen.findByText(
        'Listing of Marigold Community Pantry confirmed: it is marked current as of now.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/providers/501/confirm-listing')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Marigold Community Pantry' })).queryByText(
          'may be out of date',
        ),
      ).not.toBeInTheDocument(),
    );
  });

  it('offers "Confirm listing" only to administrators and managers of the listing\'s organization', async () => {
    renderDirectory({
      signedIn: true,
      role: 'staff',
      routes: {
        'GET /directory/search/by-zip': () =>
          jsonResponse(200, makeSearchResult([{ ...pantry, organization_id: 1, may_be_out_of_date: true }])),
      },
    });
    const user = await searchFor('90012');
    await user.click(await screen.findByText('List'));
    const own = await card('Marigold Community Pantry');
    expect(within(own).getByText('may be out of date')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Confirm listing/ })).not.toBeInTheDocument();
  });

  it('opens the detail modal from a card with the full record', async () => {
    renderDirectory({
      routes: {
        'GET /directory/providers/502': () =>
          jsonResponse(200, { ...shelter, hours_of_operation: { monday: '8:00 AM - 4:00 PM' } }),
      },
    });
    const user = await searchFor('90012');
    await user.click(await screen.findByText('List'));
    await user.click(within(await card('Harborlight Shelter')).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Harborlight Shelter' });
    expect(await within(dialog).findByText(/8:00 AM - 4:00 PM/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Get Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=34.07,-118.25',
    );
  });
});

describe('ProviderMap', () => {
  it("shows 'Map Error' when the map cannot be created", async () => {
    renderWithProviders(
      <ProviderMap
        providers={[pantry]}
        center={null}
        onOpen={() => {}}
        createMap={() => {
          throw new Error('no canvas');
        }}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Map Error');
    expect(alert).toHaveTextContent('Failed to initialize map');
  });
});
