import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormTemplateBodyInput } from '@trust/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { draftOf, newDraft, type TemplateDraft } from './template-draft.ts';
import { TemplateEditor } from './template-editor.tsx';
import { makeTemplate } from './template-fixtures.ts';

afterEach(() => notifications.clean());

// The text areas grow with their text (Mantine autosize), which listens for fonts; jsdom has none.
beforeAll(() => {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});

const programsRoute = () =>
  jsonResponse(200, {
    programs: [{ id: 3, name: 'Enhanced Care Management', is_active: true }],
    total: 1,
    page: 1,
    page_size: 200,
    stats: {},
  });

function renderEditor(templateId: number | null, initial: TemplateDraft) {
  const onClose = vi.fn();
  const result = renderWithProviders(
    <>
      <Notifications />
      <TemplateEditor templateId={templateId} initial={initial} heading="Template" onClose={onClose} />
    </>,
  );
  return { ...result, onClose };
}

function bodyOf(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string, index = 0) {
  const [, init] = callsTo(fetchMock, method, path)[index] ?? [];
  return JSON.parse(String(init?.body)) as FormTemplateBodyInput;
}

function putQuery(fetchMock: ReturnType<typeof mockFetch>, index: number) {
  const [input] = callsTo(fetchMock, 'PUT', '/api/forms/templates/4')[index] ?? [];
  return new URL(String(input), 'http://localhost').searchParams;
}

async function addSection(title: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add Section' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Section' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Section title/ }), title);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Section' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Section' })).not.toBeInTheDocument());
}

async function openAddField(sectionTitle: string) {
  await userEvent.click(screen.getByRole('button', { name: `Add Field to ${sectionTitle}` }));
  return screen.findByRole('dialog', { name: 'Add Field' });
}

describe('template editor (002 §2, §5)', { timeout: 30_000 }, () => {
  it("refuses to save without a name and a section: 'Please provide a template name and at least one section'", async () => {
    const fetchMock = mockFetch({ 'GET /api/programs/': programsRoute });
    renderEditor(null, newDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please provide a template name and at least one section',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Template name/ }), 'Intake');
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please provide a template name and at least one section',
    );
    expect(callsTo(fetchMock, 'POST', '/api/forms/templates/')).toHaveLength(0);
  });

  it('needs a section title, a field label, and options for a choice field', async () => {
    mockFetch({ 'GET /api/programs/': programsRoute });
    renderEditor(null, newDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Add Section' }));
    const sectionDialog = await screen.findByRole('dialog', { name: 'Add Section' });
    await userEvent.click(within(sectionDialog).getByRole('button', { name: 'Save Section' }));
    expect(await within(sectionDialog).findByText('Section title is required')).toBeInTheDocument();
    await userEvent.type(within(sectionDialog).getByRole('textbox', { name: /Section title/ }), 'Household');
    await userEvent.click(within(sectionDialog).getByRole('button', { name: 'Save Section' }));
    expect(await screen.findByRole('heading', { name: 'Household' })).toBeInTheDocument();

    const dialog = await openAddField('Household');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Field type' }), 'Dropdown');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Field' }));
    expect(await within(dialog).findByText('Field label is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Options are required for select, radio and checkbox fields'),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Label/ }), 'Housing type');
    // 002 §5: one per line, blank lines dropped.
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Options/ }),
      'Apartment{enter}{enter}House',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Field' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Field' })).not.toBeInTheDocument());
    expect(screen.getByText('Housing type')).toBeInTheDocument();
    expect(screen.getByText('2 options')).toBeInTheDocument();
  });

  it('adds a field shown only when another field has a value, and sends the condition', async () => {
    const fetchMock = mockFetch({
      'GET /api/programs/': programsRoute,
      'POST /api/forms/templates/': () => jsonResponse(201, makeTemplate({ id: 12 })),
    });
    const { onClose } = renderEditor(null, newDraft());
    await userEvent.type(screen.getByRole('textbox', { name: /Template name/ }), 'Family intake');
    await addSection('Household');

    let dialog = await openAddField('Household');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Field type' }),
      'Single choice',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Label/ }), 'Any children?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Options/ }), 'Yes{enter}No');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Field' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Field' })).not.toBeInTheDocument());

    dialog = await openAddField('Household');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Field type' }), 'Number');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Label/ }), 'How many children?');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Required' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Minimum' }), '1');
    // The picker lists the other fields of the template, not this one.
    const picker = within(dialog).getByRole('combobox', { name: 'Show this field only when' });
    expect(within(picker).queryByRole('option', { name: 'How many children?' })).not.toBeInTheDocument();
    await userEvent.selectOptions(picker, 'Any children?');
    expect(within(dialog).getByRole('combobox', { name: 'Condition' })).toHaveValue('equals');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Condition value' }), 'Yes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Field' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Field' })).not.toBeInTheDocument());
    expect(screen.getByText('Shown when Any children? equals Yes')).toBeInTheDocument();

    // The preview behaves as the filler will: the conditional field shows once the answer is Yes.
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview: Family intake' });
    expect(within(preview).queryByLabelText(/How many children\?/)).not.toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('radio', { name: 'Yes' }));
    expect(await within(preview).findByLabelText(/How many children\?/)).toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('button', { name: /close/i }));

    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/forms/templates/')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'POST', '/api/forms/templates/');
    expect(body).toMatchObject({
      name: 'Family intake',
      form_type: 'custom',
      settings: { auto_save: true, allow_partial_save: true },
      is_active: true,
      program_id: null,
    });
    const section = body.sections[0];
    expect(section?.section_id).toMatch(/^section_\d+$/);
    const [first, second] = section?.fields ?? [];
    expect(first?.field_id).toMatch(/^field_\d+$/);
    expect(second?.field_id).toMatch(/^field_\d+$/);
    expect(second?.field_id).not.toBe(first?.field_id);
    expect(first).toMatchObject({ field_type: 'radio', options: ['Yes', 'No'] });
    expect(second).toMatchObject({
      field_type: 'number',
      label: 'How many children?',
      required: true,
      validation: { min: 1 },
      conditional_logic: { field_id: first?.field_id, operator: 'equals', value: 'Yes' },
    });
    expect(await screen.findByText('Template created successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('asks whether to make a new version: OK sends create_new_version=true, the other choice false', async () => {
    const fetchMock = mockFetch({
      'GET /api/programs/': programsRoute,
      'PUT /api/forms/templates/4': () => jsonResponse(200, makeTemplate({ version: 4 })),
    });
    const { onClose, unmount } = renderEditor(4, draftOf(makeTemplate()));
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    let question = await screen.findByRole('dialog', { name: 'Save as a new version?' });
    expect(callsTo(fetchMock, 'PUT', '/api/forms/templates/4')).toHaveLength(0);
    await userEvent.click(within(question).getByRole('button', { name: 'Create new version' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/forms/templates/4')).toHaveLength(1));
    expect(putQuery(fetchMock, 0).get('create_new_version')).toBe('true');
    expect(bodyOf(fetchMock, 'PUT', '/api/forms/templates/4').name).toBe('SDOH Screening');
    expect(await screen.findByText('Template updated successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    unmount();

    renderEditor(4, draftOf(makeTemplate()));
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    question = await screen.findByRole('dialog', { name: 'Save as a new version?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Update current version' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/forms/templates/4')).toHaveLength(2));
    expect(putQuery(fetchMock, 1).get('create_new_version')).toBe('false');
  });

  it('when forms use the current version, shows the server message and offers Save as new version', async () => {
    const message =
      '2 forms were started on this version, so it cannot change: save your changes as a new version';
    const fetchMock = mockFetch({
      'GET /api/programs/': programsRoute,
      'PUT /api/forms/templates/4': (_, url) =>
        url.includes('create_new_version=true')
          ? jsonResponse(200, makeTemplate({ version: 4 }))
          : jsonResponse(409, {
              code: 'conflict',
              reason: 'form_template.version_in_use',
              detail: message,
              message,
              error: message,
            }),
    });
    renderEditor(4, draftOf(makeTemplate()));
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    const question = await screen.findByRole('dialog', { name: 'Save as a new version?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Update current version' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save as new version' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/forms/templates/4')).toHaveLength(2));
    expect(putQuery(fetchMock, 1).get('create_new_version')).toBe('true');
    expect(await screen.findByText('Template updated successfully')).toBeInTheDocument();
  });

  it("shows the server's detail and field messages, else 'Failed to create form template'", async () => {
    let answer = jsonResponse(500, {});
    mockFetch({ 'GET /api/programs/': programsRoute, 'POST /api/forms/templates/': () => answer });
    const { onClose } = renderEditor(null, { ...draftOf(makeTemplate()), name: 'New one' });
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create form template');
    answer = jsonResponse(400, {
      code: 'validation_failed',
      detail: 'Invalid body.',
      message: 'Invalid body.',
      error: 'Invalid body.',
      fields: { name: 'A template with this name exists', sections: 'A template holds at most 1000 fields.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('A template with this name exists')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid body.');
    expect(screen.getByRole('alert')).toHaveTextContent('A template holds at most 1000 fields.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("deletes a field after 'Delete this field?' and a section after 'Delete this section?', and moves them", async () => {
    const fetchMock = mockFetch({
      'GET /api/programs/': programsRoute,
      'PUT /api/forms/templates/4': () => jsonResponse(200, makeTemplate()),
    });
    const template = makeTemplate();
    const extra = {
      section_id: 'section_2',
      title: 'Food',
      collapsible: true,
      collapsed_by_default: false,
      fields: [],
    };
    renderEditor(4, draftOf({ ...template, sections: [...template.sections, extra] }));

    await userEvent.click(screen.getByRole('button', { name: 'Move section Food up' }));
    const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(headings).toEqual(['Food', 'Housing']);

    await userEvent.click(screen.getByRole('button', { name: 'Move field Tell us more up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete field Do you have stable housing?' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete field' });
    expect(within(confirm).getByText('Delete this field?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Do you have stable housing?')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Delete section Food' }));
    const sectionConfirm = await screen.findByRole('dialog', { name: 'Delete section' });
    expect(within(sectionConfirm).getByText('Delete this section?')).toBeInTheDocument();
    await userEvent.click(within(sectionConfirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Food' })).not.toBeInTheDocument());

    // The remaining field's condition names the deleted field: the save rule refuses it before any call.
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The condition of Tell us more names a field that is not in this form',
    );
    expect(callsTo(fetchMock, 'PUT', '/api/forms/templates/4')).toHaveLength(0);
  });

  it('sets the type, program and settings of the template', async () => {
    const fetchMock = mockFetch({
      'GET /api/programs/': programsRoute,
      'POST /api/forms/templates/': () => jsonResponse(201, makeTemplate({ id: 13 })),
    });
    renderEditor(null, newDraft());
    await userEvent.type(screen.getByRole('textbox', { name: /Template name/ }), 'Consent to share');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Form type' }), 'Consent');
    await screen.findByRole('option', { name: 'Enhanced Care Management' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Program' }),
      'Enhanced Care Management',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Allow partial saves' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    await addSection('Agreement');
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/forms/templates/')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'POST', '/api/forms/templates/')).toMatchObject({
      form_type: 'consent',
      program_id: 3,
      settings: { auto_save: true, allow_partial_save: false },
      is_active: false,
    });
  });
});
