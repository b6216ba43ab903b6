import { Notifications, notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HSDS_IMPORT_TEXTS, IMPORT_MESSAGES } from '@trust/domain';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeImportJob, makeImportStats } from '../../test/import-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ImportManagerPage } from './import-manager-page.tsx';

vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

// Issue #21: an Open Referral HSDS directory is imported from the address an operator types; its states are an
// optional filter and its taxonomy terms, not the NPPES taxonomy, set the services.
describe('Import Manager: starting an HSDS import', () => {
  it('asks for the directory address, checks it, and sends it with the method and no taxonomy', async () => {
    const job = makeImportJob({ job_id: 'dd44ee55-0000-4000-8000-000000000004', status: 'queued' });
    const fetchMock = mockFetch({
      'GET /api/import/stats': () => jsonResponse(200, makeImportStats()),
      'POST /api/import/start': () => jsonResponse(200, { job_id: job.job_id, job }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin']}>
        <Notifications />
        <ImportManagerPage />
      </MemoryRouter>,
    );
    const form = await screen.findByRole('region', { name: 'Start an import' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Data source' }),
      'Open Referral HSDS directory (as published)',
    );
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Read from' }),
      'Datapackage (datapackage.json and CSV files)',
    );
    expect(within(form).getByRole('combobox', { name: 'Taxonomy' })).toBeDisabled();
    const start = within(form).getByRole('button', { name: 'Start Import' });
    expect(start).toBeDisabled();
    const address = within(form).getByRole('textbox', { name: HSDS_IMPORT_TEXTS.urlLabel });
    // Pasted, as an address usually is (typing it key by key only slows the test).
    await user.click(address);
    await user.paste('http://directory.example.org/datapackage.json');
    expect(within(form).getByText(IMPORT_MESSAGES.sourceUrlInvalid)).toBeInTheDocument();
    expect(start).toBeDisabled();
    await user.clear(address);
    await user.paste('https://directory.example.org/hsds/datapackage.json');
    // The states are a filter: none chosen means the whole directory.
    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(within(form).queryByText(IMPORT_MESSAGES.selectState)).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Start Batch Import' })).toBeDisabled();
    await user.click(start);
    expect(await screen.findByText('Import started! Job dd44ee55')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/import/start');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      data_source: 'hsds',
      method: 'file',
      source_url: 'https://directory.example.org/hsds/datapackage.json',
      limit: 1000,
    });
  }, 20_000);
});
