import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PROVIDER_VERIFICATION_MESSAGES,
  type UnverifiedProvider,
  type UnverifiedProviderList,
} from '@trust/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visibleNavTabs } from '../../app/layout/nav-links.tsx';
import { ProfileMenu } from '../../app/layout/profile-menu.tsx';
import { makeDirectoryProvider } from '../../components/provider/provider-fixtures.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ProviderVerificationPage } from './provider-verification-page.tsx';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function unverified(
  id: number,
  name: string,
  overrides: Partial<UnverifiedProvider> = {},
): UnverifiedProvider {
  return {
    ...makeDirectoryProvider({
      id,
      organization_name: name,
      source: 'user',
      verification_status: 'private',
      website: `https://${name.toLowerCase().replace(/\W+/g, '')}.example.org`,
    }),
    owner_organization_id: 3,
    owner_organization_name: 'Northgate Health Plan',
    added_by_name: 'Priya Okafor',
    added_by_email: 'priya@example.test',
    added_at: '2026-11-20T15:30:00.000Z',
    ...overrides,
  };
}

const kitchen = unverified(41, 'Corner Kitchen Collective');
const rides = unverified(42, 'Eastside Rides', { owner_organization_name: 'Lakeview Clinic' });

const listOf = (
  providers: UnverifiedProvider[],
  total = providers.length,
  page = 1,
): UnverifiedProviderList => ({
  providers,
  total,
  page,
  page_size: 20,
});

describe('Provider Verification (issue #12)', () => {
  it('lists providers awaiting verification with the adding organization, who and when; searches and pages on the server', async () => {
    const fetchMock = mockFetch({
      'GET /api/providers/unverified': (_init, url) => {
        const q = new URL(url, 'http://x').searchParams;
        if (q.get('search') === 'kitchen') return jsonResponse(200, listOf([kitchen]));
        if (q.get('page') === '2') return jsonResponse(200, listOf([rides], 21, 2));
        return jsonResponse(200, listOf([kitchen], 21));
      },
    });
    renderWithProviders(<ProviderVerificationPage />);
    const card = await screen.findByRole('article', { name: 'Corner Kitchen Collective' });
    expect(within(card).getByText('Awaiting verification')).toBeInTheDocument();
    expect(
      within(card).getByText(/Added by Priya Okafor \(priya@example\.test\) for Northgate Health Plan/),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'https://cornerkitchencollective.example.org' }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('21 providers awaiting verification')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('article', { name: 'Eastside Rides' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/providers/unverified').map(([u]) => String(u))).toContain(
      '/api/providers/unverified?page=2&page_size=20',
    );

    await user.type(
      screen.getByRole('textbox', { name: 'Search providers awaiting verification' }),
      'kitchen',
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/providers/unverified').map(([u]) => String(u))).toContain(
        '/api/providers/unverified?page=1&page_size=20&search=kitchen',
      ),
    );
  });

  it('verifies after a confirmation, says so, and refreshes the list', async () => {
    let verified = false;
    const fetchMock = mockFetch({
      'GET /api/providers/unverified': () => jsonResponse(200, listOf(verified ? [rides] : [kitchen, rides])),
      'POST /api/providers/41/verify': () => {
        verified = true;
        return jsonResponse(200, {
          success: true,
          message: PROVIDER_VERIFICATION_MESSAGES.verified('Corner Kitchen Collective'),
          provider: { ...kitchen, verification_status: 'verified' },
          verified_at: '2026-11-21T09:00:00.000Z',
        });
      },
    });
    renderWithProviders(
      <>
        <Notifications />
        <ProviderVerificationPage />
      </>,
    );
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Corner Kitchen Collective' });
    await user.click(within(card).getByRole('button', { name: 'Verify Corner Kitchen Collective' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verify provider' });
    expect(
      within(dialog).getByText(
        PROVIDER_VERIFICATION_MESSAGES.confirm('Corner Kitchen Collective', 'Northgate Health Plan'),
      ),
    ).toBeInTheDocument();
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST', '/api/providers/41/verify')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Verify Corner Kitchen Collective' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(PROVIDER_VERIFICATION_MESSAGES.verified('Corner Kitchen Collective')),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/providers/41/verify')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Corner Kitchen Collective' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Eastside Rides' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a verification and of the list", async () => {
    mockFetch({
      'GET /api/providers/unverified': () => jsonResponse(200, listOf([kitchen])),
      'POST /api/providers/41/verify': () =>
        errorResponse(409, PROVIDER_VERIFICATION_MESSAGES.alreadyVerified, 'conflict'),
    });
    renderWithProviders(<ProviderVerificationPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify Corner Kitchen Collective' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PROVIDER_VERIFICATION_MESSAGES.alreadyVerified,
    );
  });

  it('shows 403 for someone who is not a platform operator, and the empty state', async () => {
    mockFetch({
      'GET /api/providers/unverified': () =>
        errorResponse(403, PROVIDER_VERIFICATION_MESSAGES.operatorsOnly, 'forbidden'),
    });
    const { unmount } = renderWithProviders(<ProviderVerificationPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(PROVIDER_VERIFICATION_MESSAGES.operatorsOnly);
    unmount();
    vi.unstubAllGlobals();
    mockFetch({ 'GET /api/providers/unverified': () => jsonResponse(200, listOf([])) });
    renderWithProviders(<ProviderVerificationPage />);
    expect(await screen.findByText(PROVIDER_VERIFICATION_MESSAGES.noneWaiting)).toBeInTheDocument();
  });
});

describe('where a platform operator finds it', () => {
  function renderMenu(operator: boolean) {
    renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <ProfileMenu
                user={makeMe({ is_platform_operator: operator })}
                compact={false}
                onSignOut={() => {}}
              />
            }
          />
          <Route path="/provider-verification" element={<h2>Verification screen</h2>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  // Mantine's menu may already be fading out in jsdom by the time it is read, hence `hidden`.
  it('the profile menu takes a platform operator to Provider Verification', async () => {
    renderMenu(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile: Dana Rivers' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Provider verification', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Verification screen' })).toBeInTheDocument();
  });

  it('the profile menu does not offer it to anyone else (an organization admin)', async () => {
    renderMenu(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Profile: Dana Rivers' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out', hidden: true })).toBeInTheDocument();
    expect(
      within(menu).queryByRole('menuitem', { name: 'Provider verification', hidden: true }),
    ).not.toBeInTheDocument();
  });

  it('the Administration part of the sidebar lists it for platform operators only', () => {
    const operator = (platformOperator: boolean) => ({
      signedIn: true,
      orgRole: 'org_admin' as const,
      platformOperator,
    });
    const names = (isOperator: boolean) => visibleNavTabs(operator(isOperator), true).map((tab) => tab.name);
    expect(names(true)).toContain('provider-verification');
    expect(names(false)).not.toContain('provider-verification');
    expect(visibleNavTabs(operator(true), true).find((t) => t.name === 'provider-verification')?.group).toBe(
      'admin',
    );
  });
});
