import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgRole } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeCustomField } from '../../test/member-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// 002 §2 Custom Field Configuration: category filter, add/edit modal, Bulk Import, delete with its warning.

afterEach(() => vi.unstubAllGlobals());

function server(role: OrgRole, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/custom-fields/': () => jsonResponse(200, [makeCustomField()]),
    'GET /api/custom-fields/categories': () => jsonResponse(200, ['Housing']),
    ...routes,
  });
}

describe('Custom Field Configuration', { timeout: 20_000 }, () => {
  it('adds a field: the name must be lowercase letters, digits and underscores', async () => {
    const fetchMock = server('manager', {
      'POST /api/custom-fields/': () =>
        jsonResponse(201, makeCustomField({ id: 5, name: 'pet_name', friendly_name: 'Pet name' })),
    });
    renderApp({ path: '/field-config' });
    expect(await screen.findByText('Household size')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Field name/), 'Pet Name');
    await userEvent.type(within(dialog).getByLabelText(/Display name/), 'Pet name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    expect(
      await within(dialog).findByText('Use only lowercase letters, digits and underscores.'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Field name/));
    await userEvent.type(within(dialog).getByLabelText(/Field name/), 'pet_name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/custom-fields/')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/custom-fields/')[0]![1]!.body));
    expect(body).toMatchObject({ name: 'pet_name', type: 'str', friendly_name: 'Pet name', str_len: 128 });
  });

  it('keeps the name and type of a field fixed on edit', async () => {
    server('manager');
    renderApp({ path: '/field-config' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Household size' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Field name/)).toBeDisabled();
  });

  it("refuses text that is not a JSON array with 'Invalid JSON format', and shows the count created", async () => {
    const fetchMock = server('org_admin', {
      'POST /api/custom-fields/bulk-create': () =>
        jsonResponse(201, { created: 2, message: '2 fields created successfully', fields: [] }),
    });
    renderApp({ path: '/field-config' });
    await userEvent.click(await screen.findByRole('button', { name: 'Bulk Import' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByLabelText('Fields (JSON)');
    await userEvent.type(box, 'not json');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import Fields' }));
    expect(await within(dialog).findByText('Invalid JSON format')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/custom-fields/bulk-create')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert example' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import Fields' }));
    expect(await screen.findByText('2 fields created successfully')).toBeInTheDocument();
  });

  it('warns that deleting a field deletes its data for all members', async () => {
    const fetchMock = server('manager', {
      'DELETE /api/custom-fields/1': () => jsonResponse(200, { message: 'ok', id: 1, members_updated: 3 }),
    });
    renderApp({ path: '/field-config' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Household size' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/also deletes all data in that field for all members/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Household size deleted; removed from 3 members.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/custom-fields/1')).toHaveLength(1);
  });

  it('shows staff the fields without Add, Bulk Import, Edit or Delete', async () => {
    server('staff');
    renderApp({ path: '/field-config' });
    expect(await screen.findByText('Household size')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Field' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bulk Import' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Household size' })).toBeNull();
  });
});
