import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('ForgotPasswordPage (003 §2.9, §5, §8)', { timeout: 15_000 }, () => {
  it('checks the address before sending', async () => {
    const fetchMock = mockFetch({});
    renderApp({ path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/auth/forgot-password')).toHaveLength(0);
  });

  it("shows 'Check Your Email' after sending, with the 1-hour expiry", async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/forgot-password': () => jsonResponse(200, { message: 'sent' }),
    });
    renderApp({ path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'dana@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText(/expires in 1 hour/)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/forgot-password');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ email: 'dana@example.test' });
  });

  it("shows the same 'Check Your Email' when the call fails (errors are hidden)", async () => {
    mockFetch({ 'POST /api/auth/forgot-password': () => errorResponse(500, 'boom', 'internal') });
    renderApp({ path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'dana@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.queryByText('boom')).toBeNull();
  });
});
