import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldMapping } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { makeCustomField } from '../../test/member-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// 002 §2 Field Mapping Configuration: filter, add modal, guide; inactive mappings dimmed.

afterEach(() => vi.unstubAllGlobals());

const mapping = (overrides: Partial<FieldMapping>): FieldMapping => ({
  id: 1,
  db_column: 'first_name',
  alternative: 'MBR_FIRST_NM',
  source_system: 'Golden Valley 834',
  description: null,
  is_active: true,
  ...overrides,
});

function server(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: 'manager', active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/custom-fields/': () => jsonResponse(200, [makeCustomField()]),
    'GET /api/custom-fields/mappings': () =>
      jsonResponse(200, [
        mapping({}),
        mapping({ id: 2, db_column: 'household_size', alternative: 'HH_SIZE', is_active: false }),
      ]),
    ...routes,
  });
}

describe('Field Mapping Configuration', { timeout: 20_000 }, () => {
  it('lists mappings with the member field named, inactive ones dimmed, and the guide', async () => {
    server();
    renderApp({ path: '/field-mapping' });
    const inactive = (await screen.findByText('HH_SIZE')).closest('tr');
    expect(inactive).toHaveAttribute('data-active', 'false');
    expect(inactive).toHaveStyle({ opacity: '0.55' });
    expect(within(inactive as HTMLElement).getByText('Household size (custom)')).toBeInTheDocument();
    expect(screen.getByText('How mappings are used')).toBeInTheDocument();
  });

  it('needs a member field and an external name, then adds the mapping', async () => {
    const fetchMock = server({
      'POST /api/custom-fields/mappings': () =>
        jsonResponse(201, mapping({ id: 3, db_column: 'dob', alternative: 'BIRTH_DT' })),
    });
    renderApp({ path: '/field-mapping' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Mapping' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Mapping' }));
    expect(
      (await within(dialog).findAllByText('Member field and external name are required')).length,
    ).toBeGreaterThan(0);
    await userEvent.type(
      within(dialog).getByRole('combobox', { name: /Member field/ }),
      'Date of b{ArrowDown}{Enter}',
    );
    await userEvent.type(within(dialog).getByLabelText(/External name/), 'BIRTH_DT');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Mapping' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/custom-fields/mappings')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/custom-fields/mappings')[0]![1]!.body));
    expect(body).toMatchObject({ db_column: 'dob', alternative: 'BIRTH_DT', is_active: true });
  });

  it('turns a mapping off with its switch', async () => {
    const fetchMock = server({
      'PUT /api/custom-fields/mappings/1': () => jsonResponse(200, mapping({ is_active: false })),
    });
    renderApp({ path: '/field-mapping' });
    await userEvent.click(await screen.findByRole('switch', { name: 'Turn off MBR_FIRST_NM' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/custom-fields/mappings/1')).toHaveLength(1));
  });
});
