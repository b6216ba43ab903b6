import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeProgram, makeProgramList } from '../../test/program-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ProgramFormModal } from './program-form-modal.tsx';
import { ProgramsScreen } from './programs-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ecm = makeProgram();
const meals = makeProgram({
  id: 2,
  name: 'Medically Tailored Meals',
  program_type: 'community_supports',
  capacity: null,
  current_enrollment: 3,
  enrollment_count: 0,
  is_active: false,
});
const listRoute = () =>
  jsonResponse(
    200,
    makeProgramList([ecm, meals], {
      stats: { total: 7, active: 5, inactive: 2, total_capacity: 180, current_enrollment: 64 },
    }),
  );

function bodyOf(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string, index = 0) {
  const [, init] = callsTo(fetchMock, method, path)[index] ?? [];
  return JSON.parse(String(init?.body));
}

function queryOf(fetchMock: ReturnType<typeof mockFetch>, index: number) {
  const [input] = callsTo(fetchMock, 'GET', '/api/programs/').at(index) ?? [];
  return new URL(String(input), 'http://localhost').searchParams;
}

describe('Program Management (002 §2)', { timeout: 30_000 }, () => {
  it('shows the statistics and the list with current enrollment against capacity', async () => {
    mockFetch({ 'GET /api/programs/': listRoute });
    renderWithProviders(<ProgramsScreen canManage />);
    expect(await screen.findByText('Enhanced Care Management')).toBeInTheDocument();
    expect(screen.getByText('180')).toBeInTheDocument();
    expect(screen.getByText('64')).toBeInTheDocument();
    expect(screen.getByText('4 / 10')).toBeInTheDocument();
    expect(screen.getByText('3 active · no limit')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Programs' });
    const row = within(table).getByText('Medically Tailored Meals').closest('tr') as HTMLElement;
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(within(row).getByText('Community Supports')).toBeInTheDocument();
  });

  it('filters by type and status and searches on the server', async () => {
    const fetchMock = mockFetch({ 'GET /api/programs/': listRoute });
    renderWithProviders(<ProgramsScreen canManage={false} />);
    await screen.findByText('Enhanced Care Management');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Program type' }),
      'Housing Navigation',
    );
    await waitFor(() => expect(queryOf(fetchMock, -1).get('program_type')).toBe('housing_navigation'));
    await userEvent.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(queryOf(fetchMock, -1).get('is_active')).toBe('false'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search programs' }), 'meals');
    await waitFor(() => expect(queryOf(fetchMock, -1).get('search')).toBe('meals'));
    expect(queryOf(fetchMock, -1).get('program_type')).toBe('housing_navigation');
  });

  it('gives the write actions to managers only; staff and viewers still open the billing activities', async () => {
    mockFetch({ 'GET /api/programs/': listRoute });
    const { unmount } = renderWithProviders(<ProgramsScreen canManage={false} />);
    await screen.findByText('Enhanced Care Management');
    expect(screen.queryByRole('button', { name: 'Add Program' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Enhanced Care Management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Enhanced Care Management' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /billing activities of Enhanced Care Management$/ }),
    ).toBeInTheDocument();
    unmount();

    renderWithProviders(<ProgramsScreen canManage />);
    expect(await screen.findByRole('button', { name: 'Edit Enhanced Care Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Program' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Enhanced Care Management' })).toBeInTheDocument();
  });

  it("shows the server's detail when the list fails, else 'Failed to fetch programs'", async () => {
    mockFetch({ 'GET /api/programs/': () => jsonResponse(500, {}) });
    const { unmount } = renderWithProviders(<ProgramsScreen canManage />);
    expect(await screen.findByText('Failed to fetch programs')).toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /api/programs/': () => errorResponse(403, 'Your role does not allow this action.') });
    renderWithProviders(<ProgramsScreen canManage />);
    expect(await screen.findByText('Your role does not allow this action.')).toBeInTheDocument();
  });

  it('asks before deleting, saying how many enrollments go with the program, then deletes with confirm=true', async () => {
    const fetchMock = mockFetch({
      'GET /api/programs/': listRoute,
      'GET /api/programs/1/': () => jsonResponse(200, makeProgram({ enrollment_count: 12 })),
      'DELETE /api/programs/1': () =>
        jsonResponse(200, { message: 'Program deleted', id: 1, enrollments_deleted: 12 }),
    });
    renderWithProviders(<ProgramsScreen canManage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Enhanced Care Management' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete program' });
    expect(
      await within(dialog).findByText(/This also deletes its 12 member enrollments/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/programs/1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete program and enrollments' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/programs/1')).toHaveLength(1));
    expect(String(callsTo(fetchMock, 'DELETE', '/api/programs/1')[0]?.[0])).toContain('confirm=true');
  });

  it('deletes a program without enrollments without the flag', async () => {
    const fetchMock = mockFetch({
      'GET /api/programs/': listRoute,
      'GET /api/programs/2/': () => jsonResponse(200, meals),
      'DELETE /api/programs/2': () =>
        jsonResponse(200, { message: 'Program deleted', id: 2, enrollments_deleted: 0 }),
    });
    renderWithProviders(<ProgramsScreen canManage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Medically Tailored Meals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete program' });
    expect(
      await within(dialog).findByText('Delete Medically Tailored Meals? This cannot be undone.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/programs/2')).toHaveLength(1));
    expect(String(callsTo(fetchMock, 'DELETE', '/api/programs/2')[0]?.[0])).not.toContain('confirm');
  });
});

describe('program form (002 §3, §5)', { timeout: 30_000 }, () => {
  it('needs a name and a type, checks dates and email, then sends every field with the rate in dollars', async () => {
    const fetchMock = mockFetch({ 'POST /api/programs/': () => jsonResponse(201, makeProgram({ id: 9 })) });
    renderWithProviders(<ProgramFormModal opened program={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Program' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Program' }));
    expect(await within(dialog).findByText('Program name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Program type is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Program name/ }), 'Housing Navigation');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /Program type/ }),
      'Housing Navigation',
    );
    await userEvent.type(within(dialog).getByLabelText('Start date'), '2026-06-01');
    await userEvent.type(within(dialog).getByLabelText('End date'), '2026-05-01');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Manager email' }), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Program' }));
    expect(
      await within(dialog).findByText('End date must be on or after the start date'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/programs/')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('End date'));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Manager email' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Capacity' }), '45');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reimbursement rate' }), '18.75');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Program' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/programs/')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'POST', '/api/programs/')).toMatchObject({
      name: 'Housing Navigation',
      program_type: 'housing_navigation',
      start_date: '2026-06-01',
      end_date: null,
      capacity: 45,
      reimbursement_rate: 18.75,
      program_manager_email: null,
      services_offered: [],
      is_active: true,
    });
  });

  it("puts the server's field messages on the inputs", async () => {
    mockFetch({
      'PUT /api/programs/1/': () =>
        jsonResponse(400, {
          code: 'validation_failed',
          detail: 'Invalid body.',
          message: 'Invalid body.',
          error: 'Invalid body.',
          fields: { program_manager_phone: 'Please enter a valid phone number' },
        }),
    });
    renderWithProviders(<ProgramFormModal opened program={makeProgram()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Program' });
    expect(within(dialog).getByRole('textbox', { name: /Program name/ })).toHaveValue(
      'Enhanced Care Management',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it("shows the server's detail, else 'Failed to update program'", async () => {
    mockFetch({ 'PUT /api/programs/1/': () => jsonResponse(500, {}) });
    renderWithProviders(<ProgramFormModal opened program={makeProgram()} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Program' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update program');
  });
});
