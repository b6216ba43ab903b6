import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMembership } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { OrganizationFormModal } from './organization-form-modal.tsx';
import {
  type OrganizationPermissions,
  OrganizationsScreen,
  organizationPermissions,
} from './organizations-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function org(id: number, overrides: Partial<Organization> = {}): Organization {
  return {
    id,
    name: `Org ${id}`,
    org_type: 'cbo',
    description: null,
    contact_email: null,
    contact_phone: null,
    address: null,
    website: null,
    logo_url: null,
    status: 'active',
    settings: {},
    created_at: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const listRoute = () =>
  jsonResponse(200, {
    cbos: [org(1), org(2, { status: 'inactive' })],
    total: 2,
    page: 1,
    page_size: 20,
    counts: { all: 2, active: 1, inactive: 1 },
  });

describe('organization form modal (002 §2, §5)', { timeout: 20_000 }, () => {
  it('requires a name and checks the email, URL and phone before sending', async () => {
    const fetchMock = mockFetch({ 'POST /api/cbos': () => jsonResponse(201, org(3)) });
    renderWithProviders(<OrganizationFormModal opened organization={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Contact email/)).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText(/Website/)).toHaveAttribute('type', 'url');
    expect(within(dialog).getByLabelText(/Contact phone/)).toHaveAttribute('type', 'tel');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText('Organization name is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Eastside Shelter');
    await userEvent.type(within(dialog).getByLabelText(/Contact email/), 'nope');
    await userEvent.type(within(dialog).getByLabelText(/Website/), 'eastside');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText(/valid URL/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/cbos')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/Contact email/));
    await userEvent.clear(within(dialog).getByLabelText(/Website/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Organization' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/cbos')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/cbos')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Eastside Shelter', contact_email: '' });
  });

  it('puts the server field errors on the inputs and shows its detail', async () => {
    mockFetch({
      'PUT /api/cbos/4': () =>
        jsonResponse(400, {
          code: 'validation_failed',
          detail: 'Invalid body.',
          message: 'Invalid body.',
          error: 'Invalid body.',
          fields: { contact_phone: 'Please enter a valid phone number' },
        }),
    });
    renderWithProviders(<OrganizationFormModal opened organization={org(4)} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid body.');
  });
});

describe('organizationPermissions (issue #12: two kinds of administrator)', () => {
  it('gives New Organization and Delete to platform operators only, never for the product role admin', () => {
    const orgAdmin = organizationPermissions(false, [
      makeMembership(1, { role: 'org_admin' }),
      makeMembership(2),
    ]);
    expect(orgAdmin.canCreate).toBe(false);
    expect(orgAdmin.canDelete).toBe(false);
    expect(orgAdmin.canToggle(org(1))).toBe(true);
    expect(orgAdmin.canToggle(org(2))).toBe(false);
    const operator = organizationPermissions(true, [makeMembership(1, { role: 'super_admin' })]);
    expect(operator).toMatchObject({ canCreate: true, canDelete: true });
    expect(operator.canToggle(org(9))).toBe(true);
  });
});

describe('organizations screen gating (002 §6)', () => {
  const everyone: OrganizationPermissions = { canCreate: false, canToggle: () => false, canDelete: false };
  const admin: OrganizationPermissions = { canCreate: true, canToggle: () => true, canDelete: true };

  it('shows edit to everyone but New Organization, toggle and delete only to admins', async () => {
    mockFetch({ 'GET /api/cbos': listRoute });
    renderWithProviders(<OrganizationsScreen permissions={everyone} activeCboId={null} />);
    expect(await screen.findByRole('button', { name: 'Edit Org 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Organization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Org 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Org 1' })).not.toBeInTheDocument();
  });

  it('toggles the status after confirmation', async () => {
    const fetchMock = mockFetch({
      'GET /api/cbos': listRoute,
      'PUT /api/cbos/1': () => jsonResponse(200, org(1, { status: 'inactive' })),
    });
    renderWithProviders(<OrganizationsScreen permissions={admin} activeCboId={null} />);
    expect(await screen.findByRole('button', { name: 'New Organization' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Org 1' }));
    expect(callsTo(fetchMock, 'PUT', '/api/cbos/1')).toHaveLength(0);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/cbos/1')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PUT', '/api/cbos/1')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'inactive' });
  });
});
