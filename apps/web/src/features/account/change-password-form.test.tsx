import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, deferred, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

async function fill(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  // Pasting instead of typing keeps these tests fast on a busy machine.
  for (const [label, text] of [
    [/Current password/, current],
    [/^New password/, next],
    [/Confirm new password/, confirm],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  }
  return user;
}

describe('ChangePasswordForm (003 §5, §8)', { timeout: 15_000 }, () => {
  it("shows 'Passwords do not match' inline and disables submit while the confirmation differs", async () => {
    mockFetch({});
    renderWithProviders(<ChangePasswordForm />);
    await fill('old-password', 'new-password-1', 'new-password-2');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeDisabled();
  });

  it('checks the length and that the new password differs from the current one', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<ChangePasswordForm />);
    const user = await fill('old-password', 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New password must be at least 8 characters long',
    );
    for (const label of [/^New password/, /Confirm new password/])
      await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(/^New password/), 'old-password');
    await user.type(screen.getByLabelText(/Confirm new password/), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New password must be different from current password',
    );
    expect(callsTo(fetchMock, 'POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it('disables submit while submitting, then shows the success message and clears the fields', async () => {
    const pending = deferred<Response>();
    const fetchMock = mockFetch({ 'POST /api/auth/change-password': () => pending.promise });
    renderWithProviders(<ChangePasswordForm />);
    const user = await fill('old-password', 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeDisabled();
    pending.resolve(jsonResponse(200, { message: 'Password changed successfully!' }));
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    const [call] = callsTo(fetchMock, 'POST', '/api/auth/change-password');
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({
      current_password: 'old-password',
      new_password: 'new-password-1',
    });
  });

  it("shows the server detail, else 'Failed to change password'", async () => {
    mockFetch({
      'POST /api/auth/change-password': () =>
        errorResponse(400, 'Current password is incorrect', 'bad_request'),
    });
    const { unmount } = renderWithProviders(<ChangePasswordForm />);
    let user = await fill('wrong-password', 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    unmount();

    mockFetch({ 'POST /api/auth/change-password': () => new Response('x', { status: 500 }) });
    renderWithProviders(<ChangePasswordForm />);
    user = await fill('old-password', 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change password');
  });
});
