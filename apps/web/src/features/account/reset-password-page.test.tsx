import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

const location = () => screen.getByTestId('location').textContent;

async function submit(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return user;
}

describe('ResetPasswordPage (003 §2.9, §5, §8)', { timeout: 15_000 }, () => {
  it("shows 'Invalid Reset Link' and 'Request New Link' without a token", async () => {
    mockFetch({});
    renderApp({ path: '/reset-password' });
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Request New Link' }));
    expect(location()).toBe('/forgot-password');
  });

  it('shows the length and match messages and sends nothing', async () => {
    const fetchMock = mockFetch({});
    renderApp({ path: '/reset-password?token=t1' });
    const user = await submit('short');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await submit('long-enough-1', 'different-1');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('shows the server detail when the link no longer works', async () => {
    mockFetch({
      'POST /api/auth/reset-password': () =>
        errorResponse(400, 'This reset link has expired. Request a new link.', 'bad_request'),
    });
    renderApp({ path: '/reset-password?token=t1' });
    await submit('long-enough-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired.');
  });

  it("falls back to 'Failed to reset password. The link may have expired.'", async () => {
    mockFetch({ 'POST /api/auth/reset-password': () => new Response('x', { status: 502 }) });
    renderApp({ path: '/reset-password?token=t1' });
    await submit('long-enough-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. The link may have expired.',
    );
  });

  it("shows 'Password Reset Successfully!' then goes to /login?reset=true after 2 seconds", async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/reset-password': () => jsonResponse(200, { message: 'Password Reset Successfully!' }),
    });
    renderApp({ path: '/reset-password?token=t1' });
    await submit('long-enough-1');
    expect(await screen.findByRole('heading', { name: 'Password Reset Successfully!' })).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/reset-password');
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({
      reset_token: 't1',
      new_password: 'long-enough-1',
    });
    expect(location()).toBe('/reset-password?token=t1');
    await waitFor(() => expect(location()).toBe('/login?reset=true'), { timeout: 4000 });
  });
});
