import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentDocumentVersion } from '@trust/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ConsentAdminPage } from './consent-admin-page.tsx';

const terms: ConsentDocumentVersion = {
  id: 1,
  document_type: 'terms_of_use',
  title: 'Terms of Use',
  version: '1.0',
  summary: null,
  content: 'The terms.',
  published_at: '2026-10-01T10:00:00.000Z',
  published_by: null,
  is_current: true,
  signature_count: 4,
};

// The page's text areas grow with their text (Mantine autosize), which listens for fonts; jsdom has none.
beforeAll(() => {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});

/** Picks a document in the Mantine select (its options sit in a portal). */
async function choose(name: string) {
  const input = screen.getByRole('combobox', { name: 'Document' });
  await userEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  await userEvent.click(within(listbox!).getByRole('option', { name, hidden: true }));
}

describe('Consent documents: publish a new version (issue 3)', { timeout: 20_000 }, () => {
  it("checks the shared schema's rules before sending, then puts the server's field messages on the inputs", async () => {
    storeSession();
    const fetchMock = mockFetch({
      'GET /api/consent/documents': () => jsonResponse(200, [terms]),
      'POST /api/consent/documents': () =>
        jsonResponse(409, {
          code: 'conflict',
          detail: 'Version 2.0 of this document already exists',
          message: 'Version 2.0 of this document already exists',
          error: 'Version 2.0 of this document already exists',
          fields: { version: 'Version 2.0 of this document already exists' },
        }),
    });
    renderWithProviders(<ConsentAdminPage />);
    const form = await screen.findByRole('form', { name: 'Publish a new version' });
    // The browser refuses empty required inputs itself; the schema also refuses blanks and the version's form.
    await userEvent.type(within(form).getByLabelText(/Version/), 'two point oh');
    await userEvent.type(within(form).getByLabelText(/Title/), '   ');
    await userEvent.type(within(form).getByLabelText(/Content/), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(
      within(form).getByText('Version may contain letters, digits, dots, dashes and underscores'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByText('Content is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/consent/documents')).toHaveLength(0);

    // Choosing the document starts from its current version.
    await choose('HIPAA Authorization');
    expect(within(form).getByLabelText(/Title/)).toHaveValue('HIPAA Authorization');
    await choose('Terms of Use');
    expect(within(form).getByLabelText(/Content/)).toHaveValue('The terms.');
    expect(within(form).queryByText('Title is required')).toBeNull();
    await userEvent.type(within(form).getByLabelText(/Version/), '2.0');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Version 2.0 of this document already exists')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).toBeNull();
    const [call] = callsTo(fetchMock, 'POST', '/api/consent/documents');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      document_type: 'terms_of_use',
      version: '2.0',
      title: 'Terms of Use',
      summary: '',
      content: 'The terms.',
    });
  });
});
