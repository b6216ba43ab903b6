import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeLoginResponse, makeMe, signedInMarker, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const invitation = {
  valid: true,
  email: 'dana@example.test',
  name: 'Dana Rivers',
  organization_name: 'Maple Street Services',
  role: 'manager',
  expires_at: '2030-01-01T00:00:00.000Z',
  existing_account: false,
};

const registered = {
  message: 'Account Created Successfully!',
  user: testUser,
  organization_id: 3,
  org_role: 'manager',
  existing_account: false,
};

// Pasting instead of typing keeps these tests fast on a busy machine.
async function enter(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' });

async function fillForm(options: { password?: string; confirm?: string; phone?: string } = {}) {
  const user = userEvent.setup();
  await screen.findByText(/Maple Street Services/);
  const password = options.password ?? 'Welcome-2026!';
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/Confirm password/), options.confirm ?? password);
  if (options.phone !== '')
    await user.type(screen.getByLabelText(/Phone number/), options.phone ?? '555 010 2030');
  return user;
}

const location = () => screen.getByTestId('location').textContent;

describe('RegisterPage (003 §2.9, §5; 002 user management)', { timeout: 15_000 }, () => {
  it("shows 'Invalid Invitation' with a way back to login without a token", async () => {
    mockFetch({});
    renderApp({ path: '/register' });
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid or missing invitation token');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to login' }));
    expect(location()).toBe('/login');
  });

  it('shows the server reason when the invitation no longer works', async () => {
    mockFetch({
      'GET /api/auth/invitations/verify': () =>
        errorResponse(
          400,
          'This invitation has already been used. Sign in with your account.',
          'bad_request',
        ),
    });
    renderApp({ path: '/register?token=used' });
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation has already been used.');
  });

  it('shows the invitation, a strength meter, agreement links, and keeps submit disabled until both are checked', async () => {
    mockFetch({ 'GET /api/auth/invitations/verify': () => jsonResponse(200, invitation) });
    renderApp({ path: '/register?token=abc' });
    const user = await fillForm({ password: 'abcdefgH1!' });
    expect(screen.getByDisplayValue('dana@example.test')).toBeInTheDocument();
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Good');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'HIPAA Agreement' })).toHaveAttribute('href', '/hipaa');
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /HIPAA Agreement/ }));
    expect(submit).toBeEnabled();
  });

  it('shows the 003 §5 messages and sends nothing while the form is wrong', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/invitations/verify': () => jsonResponse(200, invitation) });
    renderApp({ path: '/register?token=abc' });
    const user = await fillForm({ password: 'short', confirm: 'short', phone: '' });
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('checkbox', { name: /HIPAA Agreement/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required for two-factor authentication')).toBeInTheDocument();

    await enter(user, passwordInput(), '-longer');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/auth/register-with-invite')).toHaveLength(0);
  });

  it('shows the server detail when registration is refused', async () => {
    mockFetch({
      'GET /api/auth/invitations/verify': () => jsonResponse(200, invitation),
      'POST /api/auth/register-with-invite': () =>
        errorResponse(409, 'An account with this email address already exists.', 'conflict'),
    });
    renderApp({ path: '/register?token=abc' });
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('checkbox', { name: /HIPAA Agreement/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email address already exists.',
    );
  });

  it("shows 'Account Created Successfully!' and then signs in with the same credentials", async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/invitations/verify': () => jsonResponse(200, invitation),
      'POST /api/auth/register-with-invite': () => jsonResponse(201, registered),
      'POST /auth/login': () => jsonResponse(200, makeLoginResponse()),
      'GET /auth/me': () => jsonResponse(200, makeMe()),
    });
    renderApp({ path: '/register?token=abc' });
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('checkbox', { name: /HIPAA Agreement/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Account Created Successfully!' })).toBeInTheDocument();

    const [registration] = callsTo(fetchMock, 'POST', '/api/auth/register-with-invite');
    expect(JSON.parse(String(registration![1]!.body))).toMatchObject({
      invitation_token: 'abc',
      password: 'Welcome-2026!',
      phone_number: '555 010 2030',
      terms_accepted: true,
      hipaa_accepted: true,
    });
    await waitFor(() => expect(signedInMarker()).not.toBeNull(), { timeout: 4000 });
    const [signIn] = callsTo(fetchMock, 'POST', '/auth/login');
    expect(JSON.parse(String(signIn![1]!.body))).toEqual({
      email: 'dana@example.test',
      password: 'Welcome-2026!',
    });
    await waitFor(() => expect(location()).toBe('/dashboard'), { timeout: 4000 });
  });

  it('sends the user to /login?registered=true when sign-in asks for a second factor', async () => {
    mockFetch({
      'GET /api/auth/invitations/verify': () => jsonResponse(200, invitation),
      'POST /api/auth/register-with-invite': () => jsonResponse(201, registered),
      'POST /auth/login': () =>
        jsonResponse(200, { requires_2fa: true, email: 'dana@example.test', available_methods: ['sms'] }),
    });
    renderApp({ path: '/register?token=abc' });
    const user = await fillForm();
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('checkbox', { name: /HIPAA Agreement/ }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(location()).toBe('/login?registered=true'), { timeout: 4000 });
    expect(signedInMarker()).toBeNull();
  });
});
