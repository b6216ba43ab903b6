import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, headersOf, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeLoginResponse, makeMe, signedInMarker, storedValues } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const challenge = {
  requires_2fa: true,
  email: 'dana@example.test',
  phone_number_masked: '(•••) •••-1234',
  available_methods: ['sms', 'totp', 'backup'],
};

const signedInRoutes = {
  'GET /auth/me': () => jsonResponse(200, makeMe()),
  'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
};

async function reachSecondFactor() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email/), 'dana@example.test');
  await user.type(screen.getByLabelText(/Password/), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-Factor Authentication' });
  return user;
}

function digitBoxes() {
  return screen.getAllByLabelText('Verification code digit');
}

async function enterCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(digitBoxes()[0]!);
  await user.paste(code);
}

describe('SecondFactorForm (003 §2.7, §4.1, §4.3)', { timeout: 20_000 }, () => {
  it('verifies an SMS code, stores the session and the trusted-device token, and opens the dashboard', async () => {
    const fetchMock = mockFetch({
      'POST /auth/login': () => jsonResponse(200, challenge),
      'POST /auth/login/verify-2fa': () =>
        jsonResponse(200, {
          ...makeLoginResponse({ access_token: 'after-2fa' }),
          device_token: 'device-xyz',
          device_name: 'Chrome on macOS',
        }),
      ...signedInRoutes,
    });
    renderApp({ path: '/login' });
    const user = await reachSecondFactor();

    expect(screen.getByText('Enter the 6-digit code sent to (•••) •••-1234.')).toBeInTheDocument();
    expect(digitBoxes()).toHaveLength(6);
    const verify = screen.getByRole('button', { name: 'Verify & Login' });
    expect(verify).toBeDisabled();
    await enterCode(user, '123456');
    expect(verify).toBeEnabled();
    await user.click(screen.getByLabelText('Trust this device for 30 days'));
    await user.click(verify);

    await waitFor(() => expect(signedInMarker()).not.toBeNull());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(localStorage.getItem('device_token')).toBe('device-xyz');
    expect(storedValues().some((value) => value.includes('after-2fa'))).toBe(false);
    // The verify call's answer sets the session cookie, so the browser must take cookies on it.
    expect(callsTo(fetchMock, 'POST', '/auth/login/verify-2fa')[0]?.[1]?.credentials).toBe('same-origin');
    const [call] = callsTo(fetchMock, 'POST', '/auth/login/verify-2fa');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'dana@example.test',
      code: '123456',
      remember_device: true,
    });
  });

  it('sends the stored device token as X-Device-Token on sign-in', async () => {
    localStorage.setItem('device_token', 'remembered');
    const fetchMock = mockFetch({
      'POST /auth/login': () => jsonResponse(200, makeLoginResponse()),
      ...signedInRoutes,
    });
    renderApp({ path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'dana@example.test');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signedInMarker()).not.toBeNull());
    const [login] = callsTo(fetchMock, 'POST', '/auth/login');
    expect(headersOf(login?.[1]).get('X-Device-Token')).toBe('remembered');
  });

  it('shows the server detail on failure, clears the boxes and focuses the first', async () => {
    mockFetch({
      'POST /auth/login': () => jsonResponse(200, challenge),
      'POST /auth/login/verify-2fa': () => errorResponse(400, 'Invalid verification code', 'bad_request'),
    });
    renderApp({ path: '/login' });
    const user = await reachSecondFactor();
    await enterCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    await waitFor(() => expect(digitBoxes()[0]).toHaveFocus());
    for (const box of digitBoxes()) expect(box).toHaveValue('');
    expect(signedInMarker()).toBeNull();
  });

  it("shows the server's message for the code in the alert, and sends the next code", async () => {
    let calls = 0;
    const fetchMock = mockFetch({
      'POST /auth/login': () => jsonResponse(200, challenge),
      'POST /api/auth/2fa/backup-codes/verify': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(400, {
              code: 'validation_failed',
              detail: 'Invalid body. code: Code is too long',
              message: 'Invalid body. code: Code is too long',
              error: 'Invalid body. code: Code is too long',
              fields: { code: 'Code is too long' },
            })
          : jsonResponse(200, { ...makeLoginResponse(), device_token: null, device_name: null });
      },
      ...signedInRoutes,
    });
    renderApp({ path: '/login' });
    const user = await reachSecondFactor();
    await user.click(screen.getByRole('radio', { name: 'Backup code' }));
    await user.type(screen.getByRole('textbox', { name: 'Backup code' }), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code is too long');
    expect(screen.getByRole('textbox', { name: 'Backup code' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Backup code' }), 'ABCD-EFGH-JKLM-NPQS');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    await waitFor(() => expect(signedInMarker()).not.toBeNull());
    expect(callsTo(fetchMock, 'POST', '/api/auth/2fa/backup-codes/verify')).toHaveLength(2);
  });

  it("falls back to 'Verification failed' without a detail", async () => {
    mockFetch({
      'POST /auth/login': () => jsonResponse(200, challenge),
      'POST /api/auth/2fa/totp/verify-login': () => new Response('oops', { status: 500 }),
    });
    renderApp({ path: '/login' });
    const user = await reachSecondFactor();
    await user.click(screen.getByRole('radio', { name: 'Authenticator app' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    await enterCode(user, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification failed');
  });

  it('accepts a backup code in one box', async () => {
    const fetchMock = mockFetch({
      'POST /auth/login': () => jsonResponse(200, challenge),
      'POST /api/auth/2fa/backup-codes/verify': () =>
        jsonResponse(200, { ...makeLoginResponse(), device_token: null, device_name: null }),
      ...signedInRoutes,
    });
    renderApp({ path: '/login' });
    const user = await reachSecondFactor();
    await user.click(screen.getByRole('radio', { name: 'Backup code' }));
    const verify = screen.getByRole('button', { name: 'Verify & Login' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Backup code' }), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(verify);
    await waitFor(() => expect(signedInMarker()).not.toBeNull());
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/2fa/backup-codes/verify');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      code: 'ABCD-EFGH-JKLM-NPQR',
      remember_device: false,
    });
    expect(localStorage.getItem('device_token')).toBeNull();
  });

  it('resends by repeating the login call, and reports a failed resend', async () => {
    let calls = 0;
    const fetchMock = mockFetch({
      'POST /auth/login': () => {
        calls += 1;
        return calls < 3 ? jsonResponse(200, challenge) : errorResponse(429, 'Too many', 'rate_limited');
      },
    });
    renderApp({ path: '/login' });
    const user = await reachSecondFactor();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('A new code has been sent.')).toBeInTheDocument();
    const logins = callsTo(fetchMock, 'POST', '/auth/login');
    expect(logins).toHaveLength(2);
    expect(JSON.parse(String(logins[1]?.[1]?.body))).toEqual({
      email: 'dana@example.test',
      password: 'secret-pass',
    });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to resend code');
  });

  it('goes back to the credential form with the fields cleared on Cancel', async () => {
    mockFetch({ 'POST /auth/login': () => jsonResponse(200, challenge) });
    renderApp({ path: '/login' });
    const user = await reachSecondFactor();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });
});
