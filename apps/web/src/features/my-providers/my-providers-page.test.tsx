import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedProvider } from '@trust/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSavedProvider } from '../../components/provider/provider-fixtures.ts';
import {
  callsTo,
  deferred,
  errorResponse,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => notifications.clean());

const pantry = makeSavedProvider({
  id: 501,
  services: [
    'Food Assistance',
    'Case Management',
    'Transportation',
    'Legal Aid',
    'Childcare',
    'Education Services',
    'Utility Assistance',
  ],
});
const shelter = makeSavedProvider({
  id: 502,
  organization_name: 'Harborlight Shelter',
  services: ['Housing Assistance'],
});

const page = (providers: SavedProvider[]) => ({
  providers,
  total: providers.length,
  page: 1,
  page_size: 500,
});

function renderMyProviders(routes: Record<string, RouteHandler> = {}) {
  storeSession();
  localStorage.setItem('active_cbo_id', '1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: 'staff' })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/saved-providers': (_init, url) => {
      const search = new URL(url, 'http://x').searchParams.get('search');
      if (search === 'zzz') return jsonResponse(200, page([]));
      if (search) return jsonResponse(200, page([shelter]));
      return jsonResponse(200, page([pantry, shelter]));
    },
    ...routes,
  });
  renderApp({ path: '/directory' });
  return { fetchMock };
}

const card = (name: string) => screen.findByRole('article', { name });

describe('My Providers (001 §2.5)', { timeout: 30_000 }, () => {
  it('lists the saved providers with their count, 6 service chips and Directions', async () => {
    renderMyProviders();
    expect(await screen.findByRole('heading', { name: 'My Providers' })).toBeInTheDocument();
    expect(await screen.findByText('2 saved providers')).toBeInTheDocument();
    const first = await card('Marigold Community Pantry');
    expect(within(first).getByText('+1 more')).toBeInTheDocument();
    expect(within(first).getByText('Education Services')).toBeInTheDocument();
    expect(within(first).queryByText('Utility Assistance')).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=34.061,-118.238',
    );
    // Select Provider opens manual matching with this provider.
    await userEvent.click(within(first).getByRole('button', { name: /Select Provider/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/finder?provider_id=${pantry.provider_id}`),
    );
  });

  it("opens the provider's communications screen from Messages (001 §2.5, §2.10)", async () => {
    renderMyProviders();
    const first = await card('Marigold Community Pantry');
    await userEvent.click(within(first).getByRole('button', { name: /Messages/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/provider-communications/${pantry.provider_id}`,
      ),
    );
  });

  it('searches on the server, and says when nothing matches', async () => {
    const { fetchMock } = renderMyProviders();
    const user = userEvent.setup();
    await card('Marigold Community Pantry');
    await user.type(screen.getByRole('textbox', { name: 'Search saved providers' }), 'harbor');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Marigold Community Pantry' })).not.toBeInTheDocument(),
    );
    expect(await card('Harborlight Shelter')).toBeInTheDocument();
    const searched = callsTo(fetchMock, 'GET', '/api/saved-providers').map(([input]) =>
      new URL(String(input), 'http://x').searchParams.get('search'),
    );
    expect(searched).toContain('harbor');

    await user.clear(screen.getByRole('textbox', { name: 'Search saved providers' }));
    await user.type(screen.getByRole('textbox', { name: 'Search saved providers' }), 'zzz');
    expect(await screen.findByText('No providers found')).toBeInTheDocument();
  });

  it('marks a provider added by hand as private to the organization until verified (issue #12)', async () => {
    const handAdded = makeSavedProvider({
      id: 503,
      organization_name: 'Corner Kitchen Collective',
      source: 'user',
      verification_status: 'private',
    });
    renderMyProviders({ 'GET /api/saved-providers': () => jsonResponse(200, page([handAdded, shelter])) });
    const mine = await card('Corner Kitchen Collective');
    expect(within(mine).getByText('Private to your organization until verified')).toBeInTheDocument();
    const registry = await card('Harborlight Shelter');
    expect(
      within(registry).queryByText('Private to your organization until verified'),
    ).not.toBeInTheDocument();
  });

  it("shows 'No Saved Providers' on an empty list", async () => {
    renderMyProviders({ 'GET /api/saved-providers': () => jsonResponse(200, page([])) });
    expect(await screen.findByText('No Saved Providers')).toBeInTheDocument();
  });

  it('asks before removing, removes at once, and puts the provider back when the server refuses', async () => {
    const answer = deferred<Response>();
    const { fetchMock } = renderMyProviders({ 'DELETE /api/saved-providers/501': () => answer.promise });
    const user = userEvent.setup();
    await user.click(within(await card('Marigold Community Pantry')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to remove this provider from your list?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    // Optimistic: gone before the server answers.
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Marigold Community Pantry' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('1 saved provider')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/saved-providers/501')).toHaveLength(1);

    answer.resolve(errorResponse(500, 'Something went wrong on our side. Please try again.', 'internal'));
    expect(
      await screen.findByText(
        'Failed to remove provider: Something went wrong on our side. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(await card('Marigold Community Pantry')).toBeInTheDocument();
  });

  it('keeps the provider when the confirmation is cancelled', async () => {
    const { fetchMock } = renderMyProviders();
    const user = userEvent.setup();
    await user.click(within(await card('Harborlight Shelter')).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(await card('Harborlight Shelter')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/saved-providers/502')).toHaveLength(0);
  });
});
