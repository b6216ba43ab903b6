import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { FormTemplatesScreen } from './form-templates-page.tsx';
import { makeTemplate, makeTemplateList } from './template-fixtures.ts';

afterEach(() => notifications.clean());

// The text areas grow with their text (Mantine autosize), which listens for fonts; jsdom has none.
beforeAll(() => {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});

const sdoh = makeTemplate();
const consent = makeTemplate({
  id: 5,
  name: 'Release of Information',
  description: null,
  form_type: 'consent',
  is_active: false,
  version: 1,
  latest_version: 1,
  sections: [
    { section_id: 's1', title: 'Consent', fields: [], collapsible: true, collapsed_by_default: false },
    { section_id: 's2', title: 'Signature', fields: [], collapsible: true, collapsed_by_default: false },
  ],
});
const listRoute = () =>
  jsonResponse(
    200,
    makeTemplateList([sdoh, consent], {
      total: 2,
      stats: { total_templates: 9, active_templates: 7, total_forms: 41, completed_forms: 30, by_type: {} },
    }),
  );
const programsRoute = () => jsonResponse(200, { programs: [], total: 0, page: 1, page_size: 200, stats: {} });

function render(canManage: boolean) {
  return renderWithProviders(
    <>
      <Notifications />
      <FormTemplatesScreen canManage={canManage} />
    </>,
  );
}

function lastListQuery(fetchMock: ReturnType<typeof mockFetch>) {
  const [input] = callsTo(fetchMock, 'GET', '/api/forms/templates/').at(-1) ?? [];
  return new URL(String(input), 'http://localhost').searchParams;
}

describe('Form Templates manager list (002 §2)', { timeout: 30_000 }, () => {
  it('lists name, type, sections count, version, status and the statistics', async () => {
    const fetchMock = mockFetch({ 'GET /api/forms/templates/': listRoute });
    render(true);
    const table = await screen.findByRole('table', { name: 'Form templates' });
    const row = (await within(table).findByText('Release of Information')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Consent')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('v1')).toBeInTheDocument();
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    const first = within(table).getByText('SDOH Screening').closest('tr') as HTMLElement;
    expect(within(first).getByText('Assessment')).toBeInTheDocument();
    expect(within(first).getByText('v3')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('41')).toBeInTheDocument();
    // 002 §9: the list pages by 50.
    expect(lastListQuery(fetchMock).get('page_size')).toBe('50');
  });

  it("shows 'No Templates Found' when there are none", async () => {
    mockFetch({ 'GET /api/forms/templates/': () => jsonResponse(200, makeTemplateList([])) });
    render(true);
    expect(await screen.findByText('No Templates Found')).toBeInTheDocument();
  });

  it('searches and filters by type and status on the server', async () => {
    const fetchMock = mockFetch({ 'GET /api/forms/templates/': listRoute });
    render(false);
    await screen.findByText('SDOH Screening');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Form type' }), 'Consent');
    await waitFor(() => expect(lastListQuery(fetchMock).get('form_type')).toBe('consent'));
    await userEvent.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(lastListQuery(fetchMock).get('is_active')).toBe('false'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search templates' }), 'release');
    await waitFor(() => expect(lastListQuery(fetchMock).get('search')).toBe('release'));
    expect(lastListQuery(fetchMock).get('form_type')).toBe('consent');
  });

  it('gives Create, Edit, Duplicate and Delete to managers only; everyone previews and sees versions', async () => {
    mockFetch({ 'GET /api/forms/templates/': listRoute });
    const { unmount } = render(false);
    await screen.findByText('SDOH Screening');
    expect(screen.queryByRole('button', { name: 'Create Template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit SDOH Screening' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Duplicate SDOH Screening' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete SDOH Screening' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview SDOH Screening' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Version history of SDOH Screening' })).toBeInTheDocument();
    unmount();

    render(true);
    expect(await screen.findByRole('button', { name: 'Edit SDOH Screening' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Template' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Duplicate SDOH Screening' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete SDOH Screening' })).toBeInTheDocument();
  });

  it("shows the server's detail when the list fails, else 'Failed to fetch form templates'", async () => {
    mockFetch({ 'GET /api/forms/templates/': () => jsonResponse(500, {}) });
    const { unmount } = render(true);
    expect(await screen.findByText('Failed to fetch form templates')).toBeInTheDocument();
    unmount();
    mockFetch({
      'GET /api/forms/templates/': () => errorResponse(403, 'Your role does not allow this action.'),
    });
    render(true);
    expect(await screen.findByText('Your role does not allow this action.')).toBeInTheDocument();
  });

  it("duplicates as an unsaved copy named ' (Copy)', saved as a new template (POST)", async () => {
    const fetchMock = mockFetch({
      'GET /api/forms/templates/': listRoute,
      'GET /api/programs/': programsRoute,
      'POST /api/forms/templates/': (init) =>
        jsonResponse(201, makeTemplate({ id: 11, name: JSON.parse(String(init.body)).name })),
    });
    render(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate SDOH Screening' }));
    const name = await screen.findByRole('textbox', { name: /Template name/ });
    expect(name).toHaveValue('SDOH Screening (Copy)');
    // Nothing is saved until Save Template.
    expect(callsTo(fetchMock, 'POST', '/api/forms/templates/')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/forms/templates/')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', '/api/forms/templates/4')).toHaveLength(0);
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/forms/templates/')[0]?.[1]?.body));
    expect(body.name).toBe('SDOH Screening (Copy)');
    expect(body.sections[0].fields).toHaveLength(2);
    expect(body.sections[0].fields[1].conditional_logic).toEqual({
      field_id: 'field_1',
      operator: 'equals',
      value: 'No',
    });
    expect(await screen.findByText('Template created successfully')).toBeInTheDocument();
    // Back on the list.
    expect(await screen.findByRole('table', { name: 'Form templates' })).toBeInTheDocument();
  });

  it('asks before deleting, then deletes and says so', async () => {
    const fetchMock = mockFetch({
      'GET /api/forms/templates/': listRoute,
      'DELETE /api/forms/templates/4': () =>
        jsonResponse(200, { message: 'Template deleted successfully', id: 4, drafts_deleted: 0 }),
    });
    render(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete SDOH Screening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete template' });
    expect(callsTo(fetchMock, 'DELETE', '/api/forms/templates/4')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/forms/templates/4')).toHaveLength(1));
    expect(await screen.findByText('Template deleted successfully')).toBeInTheDocument();
  });

  it("shows the server's message when submitted forms use the template", async () => {
    const message = '3 submitted forms use this template; deactivate it instead of deleting it';
    mockFetch({
      'GET /api/forms/templates/': listRoute,
      'DELETE /api/forms/templates/4': () => errorResponse(409, message, 'conflict'),
    });
    render(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete SDOH Screening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('lists the versions and opens one (GET ?version=N) in the preview', async () => {
    const fetchMock = mockFetch({
      'GET /api/forms/templates/': listRoute,
      'GET /api/forms/templates/4/versions': () =>
        jsonResponse(200, {
          versions: [
            {
              version: 3,
              name: 'SDOH Screening',
              last_updated_ts: '2026-02-05T15:00:00.000Z',
              created_by_name: 'Morgan Manager',
              field_count: 2,
              usage_count: 0,
              is_current: true,
            },
            {
              version: 2,
              name: 'SDOH Screening',
              last_updated_ts: '2026-02-04T15:00:00.000Z',
              created_by_name: 'Casey Coordinator',
              field_count: 1,
              usage_count: 4,
              is_current: false,
            },
          ],
        }),
      'GET /api/forms/templates/4': () =>
        jsonResponse(
          200,
          makeTemplate({
            version: 2,
            sections: [
              {
                section_id: 'section_1',
                title: 'Old housing section',
                collapsible: false,
                collapsed_by_default: false,
                fields: [{ field_id: 'f_old', field_type: 'text', label: 'Old question', required: false }],
              },
            ],
          }),
        ),
    });
    render(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Version history of SDOH Screening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version History: SDOH Screening' });
    expect(await within(dialog).findByText('Version 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Current')).toBeInTheDocument();
    expect(within(dialog).getByText('1 field · 4 forms started')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'View version 2' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Old question' })).toBeInTheDocument();
    const [input] = callsTo(fetchMock, 'GET', '/api/forms/templates/4').at(-1) ?? [];
    expect(new URL(String(input), 'http://localhost').searchParams.get('version')).toBe('2');
  });

  it('shows an empty version list, silently, when the versions cannot be read (002 §8)', async () => {
    mockFetch({
      'GET /api/forms/templates/': listRoute,
      'GET /api/forms/templates/4/versions': () => errorResponse(500, 'Boom'),
    });
    render(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Version history of SDOH Screening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version History: SDOH Screening' });
    expect(await within(dialog).findByText('No versions to show.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Boom')).not.toBeInTheDocument();
  });

  it('previews a template as the filler shows it: answering shows the conditional field', async () => {
    mockFetch({ 'GET /api/forms/templates/': listRoute });
    render(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview SDOH Screening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: SDOH Screening' });
    expect(within(dialog).queryByRole('textbox', { name: 'Tell us more' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'No' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Tell us more' })).toBeInTheDocument();
  });
});
