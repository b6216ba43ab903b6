import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invitation, OrgUser } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { UserManagementScreen } from './user-management-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const CBO = 5;

function user(id: number, overrides: Partial<OrgUser> = {}): OrgUser {
  return {
    id,
    name: `Person ${id}`,
    email: `person${id}@example.test`,
    phone_number: null,
    user_org_role: 'staff',
    is_primary: false,
    last_login: null,
    terms_accepted: true,
    hipaa_accepted: false,
    ...overrides,
  };
}

function invitation(id: number, status: Invitation['status']): Invitation {
  return {
    id,
    name: `Invitee ${id}`,
    email: `invitee${id}@example.test`,
    role: 'staff',
    invited_by_name: 'Person 1',
    status,
    expires_at: '2030-01-01T00:00:00.000Z',
    created_at: '2029-12-25T00:00:00.000Z',
  };
}

function routes(overrides: Record<string, () => Response> = {}) {
  return mockFetch({
    [`GET /api/cbos/${CBO}/users`]: () =>
      jsonResponse(200, {
        users: [
          user(1, { user_org_role: 'org_admin', is_primary: true }),
          user(2, { last_login: '2030-01-01T10:00:00Z' }),
        ],
        total: 2,
        page: 1,
        page_size: 50,
      }),
    [`GET /api/cbos/${CBO}/users/invitations`]: () =>
      jsonResponse(200, { invitations: [invitation(11, 'pending'), invitation(12, 'accepted')] }),
    [`DELETE /api/cbos/${CBO}/users/2`]: () => jsonResponse(200, { ok: true }),
    [`DELETE /api/cbos/${CBO}/users/invitations/11`]: () => jsonResponse(200, { ok: true }),
    [`POST /api/cbos/${CBO}/users/invite`]: () =>
      jsonResponse(201, { message: 'sent', invitation: invitation(13, 'pending') }),
    ...overrides,
  });
}

describe('user management (002 §2, §6)', { timeout: 20_000 }, () => {
  it('gives administrators both tabs with counts, the Invite User button and remove (not for the primary user)', async () => {
    const fetchMock = routes();
    renderWithProviders(<UserManagementScreen cboId={CBO} orgRole="org_admin" currentUserId={99} />);
    expect(await screen.findByRole('tab', { name: 'Active Users (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Pending Invitations (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite User' })).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getAllByText('ToS')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Remove Person 1' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Person 2' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `/api/cbos/${CBO}/users/2`)).toHaveLength(1));
  });

  it('hides invitations and Invite User from staff and does not ask for them', async () => {
    const fetchMock = routes();
    renderWithProviders(<UserManagementScreen cboId={CBO} orgRole="staff" currentUserId={2} />);
    expect(await screen.findByRole('tab', { name: 'Active Users (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Pending Invitations/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/cbos/${CBO}/users/invitations`)).toHaveLength(0);
  });

  it('lists invitations and cancels a pending one after confirmation', async () => {
    const fetchMock = routes();
    renderWithProviders(<UserManagementScreen cboId={CBO} orgRole="super_admin" currentUserId={99} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Pending Invitations (1)' }));
    expect(await screen.findByText('invitee11@example.test')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Cancel invitation for invitee12@example.test' }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Cancel invitation for invitee11@example.test' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Invitation' }),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', `/api/cbos/${CBO}/users/invitations/11`)).toHaveLength(1),
    );
  });

  it('shows the empty states', async () => {
    routes({
      [`GET /api/cbos/${CBO}/users`]: () =>
        jsonResponse(200, { users: [], total: 0, page: 1, page_size: 50 }),
      [`GET /api/cbos/${CBO}/users/invitations`]: () => jsonResponse(200, { invitations: [] }),
    });
    renderWithProviders(<UserManagementScreen cboId={CBO} orgRole="org_admin" currentUserId={99} />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Pending Invitations (0)' }));
    expect(await screen.findByText('No invitations found')).toBeInTheDocument();
  });

  it("shows 'Failed to load users' when the server gives no detail", async () => {
    routes({ [`GET /api/cbos/${CBO}/users`]: () => new Response('oops', { status: 500 }) });
    renderWithProviders(<UserManagementScreen cboId={CBO} orgRole="viewer" currentUserId={2} />);
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
  });

  it('validates the Invite User form and shows the server detail', async () => {
    const fetchMock = routes({
      [`POST /api/cbos/${CBO}/users/invite`]: () =>
        errorResponse(
          409,
          'This email address already belongs to a member of this organization.',
          'conflict',
        ),
    });
    renderWithProviders(<UserManagementScreen cboId={CBO} orgRole="org_admin" currentUserId={99} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Please fill in all required fields')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Full name/), 'New Person');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/cbos/${CBO}/users/invite`)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText(/Email/));
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'new@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(
      await within(dialog).findByText('This email address already belongs to a member of this organization.'),
    ).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST', `/api/cbos/${CBO}/users/invite`)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'New Person',
      email: 'new@example.test',
      role: 'staff',
    });
  });

  it("falls back to 'Failed to send invitation'", async () => {
    routes({ [`POST /api/cbos/${CBO}/users/invite`]: () => new Response('', { status: 502 }) });
    renderWithProviders(<UserManagementScreen cboId={CBO} orgRole="org_admin" currentUserId={99} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Full name/), 'New Person');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'new@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Failed to send invitation')).toBeInTheDocument();
  });
});
