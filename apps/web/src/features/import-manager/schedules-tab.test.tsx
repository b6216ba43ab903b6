import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_SCHEDULE_MESSAGES } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeImportJob, makeImportSchedule } from '../../test/import-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { SchedulesTab } from './schedules-tab.tsx';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function renderTab() {
  return renderWithProviders(
    <>
      <Notifications />
      <SchedulesTab />
    </>,
  );
}

const weekly = makeImportSchedule({
  id: 7,
  name: 'Texas nightly',
  frequency: 'daily',
  cron_expression: '0 2 * * *',
  states: ['TX'],
  successful_runs: 3,
  total_runs: 4,
  last_run: '2026-11-28T02:00:00.000Z',
  last_status: 'failed',
});

describe('Import Manager: Schedules (issue #18 item 3)', () => {
  it('lists the schedules with their runs, last run status and next run', async () => {
    mockFetch({
      'GET /api/import/schedules': () => jsonResponse(200, { schedules: [weekly], dependencies: [] }),
    });
    renderTab();
    const row = await screen.findByRole('row', { name: /Texas nightly/ });
    expect(within(row).getByText('3 successful of 4 runs').parentElement).toHaveTextContent('3 / 4');
    expect(within(row).getByText('failed')).toBeInTheDocument();
    expect(within(row).getByText('0 2 * * *')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Texas nightly enabled' })).toBeChecked();
  });

  it("creates a schedule with the spec's defaults and a name", async () => {
    const fetchMock = mockFetch({
      'GET /api/import/schedules': () => jsonResponse(200, { schedules: [], dependencies: [] }),
      'POST /api/import/schedules': () => jsonResponse(200, makeImportSchedule({ id: 9, name: 'CA weekly' })),
    });
    const user = userEvent.setup();
    renderTab();
    expect(
      await screen.findByText('No schedules yet. Create one to keep the directory current.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    // Without a name it is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create schedule' }));
    expect(within(dialog).getByText(IMPORT_SCHEDULE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/import/schedules')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'CA weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Create schedule' }));
    expect(await screen.findByText(IMPORT_SCHEDULE_MESSAGES.created)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/import/schedules');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      name: 'CA weekly',
      data_source: 'cms_nppes',
      frequency: 'weekly',
      cron_expression: null,
      states: ['CA'],
      limit_per_run: 5000,
      taxonomy: 'Family Medicine',
      enabled: true,
    });
  });

  it('asks a custom frequency for its cron and shows its next runs', async () => {
    mockFetch({
      'GET /api/import/schedules': () => jsonResponse(200, { schedules: [], dependencies: [] }),
      'GET /api/workflows/cron-preview': () =>
        jsonResponse(200, { valid: true, message: null, next_runs: ['2026-12-01T03:30:00.000Z'] }),
      'POST /api/import/schedules': () =>
        errorResponse(400, 'The cron expression is not valid: 5 fields expected.', 'validation'),
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'New schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Custom');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Frequency' }), 'Custom (cron)');
    await user.click(within(dialog).getByRole('button', { name: 'Create schedule' }));
    expect(within(dialog).getByText(IMPORT_SCHEDULE_MESSAGES.cronRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Cron expression/ }), '30 3 * * 2');
    expect(await within(dialog).findByText('Next runs (UTC)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      IMPORT_SCHEDULE_MESSAGES.createFailed('The cron expression is not valid: 5 fields expected.'),
    );
  });

  it('toggles, runs now and deletes after a confirmation', async () => {
    let schedules = [weekly];
    const fetchMock = mockFetch({
      'GET /api/import/schedules': () => jsonResponse(200, { schedules, dependencies: [] }),
      'POST /api/import/schedules/7/toggle': () => jsonResponse(200, { ...weekly, enabled: false }),
      'POST /api/import/schedules/7/run': () =>
        jsonResponse(200, { job: makeImportJob({ status: 'queued' }) }),
      'DELETE /api/import/schedules/7': () => {
        schedules = [];
        return jsonResponse(200, { deleted: true });
      },
    });
    const user = userEvent.setup();
    renderTab();
    const row = await screen.findByRole('row', { name: /Texas nightly/ });
    await user.click(within(row).getByRole('switch', { name: 'Texas nightly enabled' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/import/schedules/7/toggle')).toHaveLength(1));

    await user.click(within(row).getByRole('button', { name: 'Run now: Texas nightly' }));
    expect(await screen.findByText('Texas nightly started.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Delete Texas nightly' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete schedule' });
    expect(callsTo(fetchMock, 'DELETE', '/api/import/schedules/7')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(IMPORT_SCHEDULE_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Texas nightly/ })).not.toBeInTheDocument());
  });

  it("says a run already in progress was not started again (the server's 409)", async () => {
    mockFetch({
      'GET /api/import/schedules': () => jsonResponse(200, { schedules: [weekly], dependencies: [] }),
      'POST /api/import/schedules/7/run': () => errorResponse(409, IMPORT_SCHEDULE_MESSAGES.alreadyRunning),
    });
    const user = userEvent.setup();
    renderTab();
    const row = await screen.findByRole('row', { name: /Texas nightly/ });
    await user.click(within(row).getByRole('button', { name: 'Run now: Texas nightly' }));
    expect(
      await screen.findByText(`Failed to run the schedule: ${IMPORT_SCHEDULE_MESSAGES.alreadyRunning}`),
    ).toBeInTheDocument();
  });
});
