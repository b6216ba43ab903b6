import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, deferred, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeLoginResponse, makeMe, signedInMarker, storedValues } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

async function fillAndSubmit(email = 'dana@example.test', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('SignInForm (003 §2.6, §4.1)', () => {
  it("shows 'Signing in...' and disables the button while the call is under way", async () => {
    const pending = deferred<Response>();
    mockFetch({ 'POST /auth/login': () => pending.promise });
    renderApp({ path: '/login' });
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();

    await fillAndSubmit();
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    pending.resolve(errorResponse(401, 'Incorrect email or password', 'unauthorized'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the server detail on a 401 and stores nothing', async () => {
    mockFetch({
      'POST /auth/login': () => errorResponse(401, 'Incorrect email or password', 'unauthorized'),
    });
    renderApp({ path: '/login' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(signedInMarker()).toBeNull();
  });

  it("falls back to 'Login failed. Please try again.' when the answer has no detail", async () => {
    mockFetch({ 'POST /auth/login': () => new Response('oops', { status: 500 }) });
    renderApp({ path: '/login' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it('shows the backend-unavailable text when the server cannot be reached', async () => {
    mockFetch({
      'POST /auth/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp({ path: '/login' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Backend service is not available. Please try again later or contact support.',
    );
  });

  it('marks the session (not the token) and its start, sends the credentials, then opens the dashboard', async () => {
    const fetchMock = mockFetch({
      'POST /auth/login': () => jsonResponse(200, makeLoginResponse({ access_token: 'fresh-token' })),
      'GET /auth/me': () => jsonResponse(200, makeMe()),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    });
    renderApp({ path: '/login' });
    const before = Date.now();
    await fillAndSubmit(' dana@example.test ', 'secret-pass');

    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Rivers!' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(signedInMarker()).not.toBeNull();
    // The session is the HttpOnly cookie the server set: the answer's access_token is for API clients only.
    expect(storedValues().some((value) => value.includes('fresh-token'))).toBe(false);
    expect(Number(localStorage.getItem('session_start'))).toBeGreaterThanOrEqual(before);

    const [login] = callsTo(fetchMock, 'POST', '/auth/login');
    expect(login?.[1]?.credentials).toBe('same-origin');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({
      email: 'dana@example.test',
      password: 'secret-pass',
    });
    const [me] = callsTo(fetchMock, 'GET', '/auth/me');
    expect(me?.[1]?.credentials).toBe('same-origin');
    expect(new Headers(me?.[1]?.headers).get('Authorization')).toBeNull();
  });

  it('signs in from the header modal, which then closes', async () => {
    mockFetch({
      'POST /auth/login': () => jsonResponse(200, makeLoginResponse()),
      'GET /auth/me': () => jsonResponse(200, makeMe()),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
      'GET /api/stats/landing': () =>
        jsonResponse(200, {
          referrals_count: 0,
          providers_count: 0,
          auto_matched_count: 0,
          auto_matched_percent: 0,
        }),
    });
    renderApp({ path: '/' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sign in to your account');
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana Rivers!' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the modal with Cancel', async () => {
    mockFetch({
      'GET /api/stats/landing': () =>
        jsonResponse(200, {
          referrals_count: 0,
          providers_count: 0,
          auto_matched_count: 0,
          auto_matched_percent: 0,
        }),
    });
    renderApp({ path: '/' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a success notice after registration or reset', async () => {
    mockFetch({});
    renderApp({ path: '/login?reset=true' });
    expect(
      screen.getByText('Your password has been reset. Sign in with your new password.'),
    ).toBeInTheDocument();
  });
});
