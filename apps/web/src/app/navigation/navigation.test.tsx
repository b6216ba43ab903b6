import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeLoginResponse, makeMe, signedInMarker, storeSession } from '../../test/fixtures.ts';
import { makeMember } from '../../test/member-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const STATS = { referrals_count: 12, providers_count: 340, auto_matched_count: 9, auto_matched_percent: 75 };

function signedOutServer() {
  return mockFetch({ 'GET /api/stats/landing': () => jsonResponse(200, STATS) });
}

function signedInServer() {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe()),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/stats/landing': () => jsonResponse(200, STATS),
    'POST /auth/logout': () => jsonResponse(200, { ok: true }),
  });
}

const landingHeading = () => screen.findByRole('heading', { name: 'Connect members to the care they need' });

describe('navigation (003 §2.1)', () => {
  it('shows the home page for a protected tab while signed out, keeping the URL and remembering the tab', async () => {
    signedOutServer();
    renderApp({ path: '/queue' });
    expect(await landingHeading()).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/queue');
    expect(localStorage.getItem('last_tab')).toBe('queue');
  });

  it('opens the remembered tab after login', async () => {
    mockFetch({
      'GET /api/stats/landing': () => jsonResponse(200, STATS),
      'POST /auth/login': () => jsonResponse(200, makeLoginResponse()),
      'GET /auth/me': () => jsonResponse(200, makeMe()),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
      'GET /api/members/12': () => jsonResponse(200, makeMember({ id: 12 })),
      'GET /api/custom-fields/': () => jsonResponse(200, []),
    });
    renderApp({ path: '/members-view/12' });
    await landingHeading();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(await screen.findByLabelText(/Email/), 'dana@example.test');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Rosa Delgado' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/members-view/12');
  });

  it('goes to the dashboard after login when the stored tab is home', async () => {
    localStorage.setItem('last_tab', 'home');
    mockFetch({
      'POST /auth/login': () => jsonResponse(200, makeLoginResponse()),
      'GET /auth/me': () => jsonResponse(200, makeMe()),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    });
    renderApp({ path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'dana@example.test');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Welcome back, Dana Rivers!' });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('starts at livefeed on a narrow screen with no stored tab', async () => {
    signedOutServer();
    renderApp({ path: '/', width: 800 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/livefeed'));
    expect(await screen.findByRole('heading', { name: 'Live Referral Feed' })).toBeInTheDocument();
  });

  it('stays on home on a wide screen with no stored tab', async () => {
    signedOutServer();
    renderApp({ path: '/', width: 1280 });
    expect(await landingHeading()).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('restores the stored tab when a signed-in user opens the app at /', async () => {
    signedInServer();
    localStorage.setItem('last_tab', 'programs');
    renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Programs' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/programs');
  });

  it('opens a tab by its path and records it (System Metrics, issue #20)', async () => {
    signedInServer();
    renderApp({ path: '/metrics' });
    expect(await screen.findByRole('heading', { name: 'System Metrics Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('This screen is not built yet.')).not.toBeInTheDocument();
    expect(localStorage.getItem('last_tab')).toBe('metrics');
  });

  it('lists only the open tabs in the sidebar when signed out', async () => {
    signedOutServer();
    renderApp({ path: '/', width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(['Home', 'Live Feed', 'Provider Directory', 'Connectivity Test']);
  });

  it('lists the same tabs in the fixed sidebar and in the drawer, by area, without the screens not built yet', async () => {
    signedInServer();
    const wide = renderApp({ path: '/dashboard', width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('group', { name: 'Referrals' })).toHaveTextContent('Referral Queue');
    // Issue 13: the sidebar leaves out what the user's roles cannot use (Import Manager for operators, System
    // Metrics for admins and operators).
    expect(within(nav).queryByRole('link', { name: 'Import Manager' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'System Metrics' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Form Library' })).toBeInTheDocument();
    wide.unmount();

    renderApp({ path: '/dashboard', width: 800 });
    await screen.findByRole('heading', { name: 'Welcome back, Dana Rivers!' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawerNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(drawerNav).getByRole('link', { name: 'Referral Queue' })).toBeInTheDocument();
    expect(within(drawerNav).queryByRole('link', { name: 'Import Manager' })).not.toBeInTheDocument();
  });

  it('navigates from the sidebar, records the tab and moves focus to the new screen heading', async () => {
    signedInServer();
    renderApp({ path: '/dashboard' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Connectivity Test' }));
    const heading = await screen.findByRole('heading', { name: 'Connectivity Test' });
    expect(localStorage.getItem('last_tab')).toBe('railway-test');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('offers a skip link first, which moves focus to the screen heading', async () => {
    signedInServer();
    renderApp({ path: '/dashboard' });
    const heading = await screen.findByRole('heading', { name: 'Welcome back, Dana Rivers!' });
    // Focus stays where the page load left it: the first Tab reaches the skip link.
    expect(heading).not.toHaveFocus();
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(heading).toHaveFocus();
  });

  it('moves focus to the dashboard heading after signing in from the login dialog', async () => {
    mockFetch({
      'GET /api/stats/landing': () => jsonResponse(200, STATS),
      'POST /auth/login': () => jsonResponse(200, makeLoginResponse()),
      'GET /auth/me': () => jsonResponse(200, makeMe()),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    });
    renderApp({ path: '/', width: 1280 });
    await landingHeading();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    await user.type(within(dialog).getByLabelText(/Email/), 'dana@example.test');
    await user.type(within(dialog).getByLabelText(/Password/), 'secret-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { name: 'Welcome back, Dana Rivers!' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('logout clears the session and the stored tab and returns home (003 §4.4)', async () => {
    const fetchMock = signedInServer();
    localStorage.setItem('active_cbo_id', '4');
    renderApp({ path: '/dashboard' });
    await screen.findByRole('heading', { name: 'Welcome back, Dana Rivers!' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(await landingHeading()).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(signedInMarker()).toBeNull();
    expect(localStorage.getItem('session_start')).toBeNull();
    expect(localStorage.getItem('last_tab')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/auth/logout')).toHaveLength(1));
  });

  it('shows Sign Out in the profile menu with the role label', async () => {
    signedInServer();
    renderApp({ path: '/dashboard' });
    const profile = await screen.findByRole('button', { name: 'Profile: Dana Rivers' });
    expect(profile).toHaveTextContent('Case Manager');
    const user = userEvent.setup();
    await user.click(profile);
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await landingHeading()).toBeInTheDocument();
    expect(signedInMarker()).toBeNull();
  });
});

describe('session on page load (003 §4.4, §2.2)', () => {
  it('drops a stored token whose session start is 60 minutes old, without asking the server', async () => {
    const fetchMock = signedInServer();
    localStorage.setItem('session_start', String(Date.now() - 60 * 60_000 - 1000));
    renderApp({ path: '/dashboard' });
    expect(await landingHeading()).toBeInTheDocument();
    expect(signedInMarker()).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/auth/me')).toHaveLength(0);
  });

  it('keeps a session active 59 minutes ago and verifies it with GET /auth/me', async () => {
    const fetchMock = signedInServer();
    localStorage.setItem('session_start', String(Date.now() - 59 * 60_000));
    renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Rivers!' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/auth/me')).toHaveLength(1);
  });

  it('clears the session silently when GET /auth/me answers 401', async () => {
    storeSession();
    mockFetch({
      'GET /auth/me': () =>
        jsonResponse(401, { code: 'session_expired', detail: 'x', message: 'x', error: 'x' }),
      'GET /api/stats/landing': () => jsonResponse(200, STATS),
    });
    renderApp({ path: '/dashboard' });
    expect(await landingHeading()).toBeInTheDocument();
    expect(signedInMarker()).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a spinner while the session is checked, then the Connection Error screen if the server is down', async () => {
    storeSession();
    mockFetch({
      'GET /auth/me': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp({ path: '/dashboard' });
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    // GET /auth/me tries once more on a network failure (about a second later) before giving up.
    expect(
      await screen.findByText('Unable to connect to the backend server.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(signedInMarker()).not.toBeNull();
  });

  it('signs the user out when 60 minutes pass without activity, keeping the stored tab for the next login', async () => {
    const fetchMock = signedInServer();
    localStorage.setItem('session_start', String(Date.now() - 60 * 60_000 + 1500));
    renderApp({ path: '/programs' });
    expect(await screen.findByRole('heading', { name: 'Programs' })).toBeInTheDocument();
    expect(
      await screen.findByText('Your session has expired. Please sign in again.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(signedInMarker()).toBeNull();
    expect(localStorage.getItem('session_start')).toBeNull();
    expect(localStorage.getItem('last_tab')).toBe('programs');
    expect(await landingHeading()).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/auth/logout')).toHaveLength(1));
  });
});
