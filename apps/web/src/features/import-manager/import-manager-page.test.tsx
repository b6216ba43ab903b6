import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_MESSAGES } from '@trust/domain';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitEvent, setEventsStatus } from '../../test/event-bus-mock.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeImportJob, makeImportStats } from '../../test/import-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ImportManagerPage } from './import-manager-page.tsx';

vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function renderPage(path = '/admin') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Notifications />
      <ImportManagerPage />
    </MemoryRouter>,
  );
}

const RUNNING = makeImportJob({
  job_id: 'aa11bb22-0000-4000-8000-000000000001',
  status: 'running',
  states: ['NV', 'UT'],
  completed_at: null,
  cost_usd: null,
  progress: {
    ...makeImportJob().progress,
    providers_fetched: 200,
    providers_added: 180,
    providers_updated: 0,
    current_state: 'NV',
    current_state_fetched: 200,
  },
});

describe('Import Manager: the screen (issue #18)', () => {
  it('says the Import Manager API is not available only when the server answers 404', async () => {
    mockFetch({ 'GET /api/import/stats': () => errorResponse(404, 'Not Found') });
    renderPage();
    expect(await screen.findByText(IMPORT_MESSAGES.notAvailable)).toBeInTheDocument();
  });

  it("shows the server's refusal to anyone but a platform operator, and other failures in the spec's words", async () => {
    mockFetch({ 'GET /api/import/stats': () => errorResponse(403, IMPORT_MESSAGES.operatorsOnly) });
    const { unmount } = renderPage();
    expect(await screen.findByText(IMPORT_MESSAGES.operatorsOnly)).toBeInTheDocument();
    expect(screen.queryByText(IMPORT_MESSAGES.notAvailable)).not.toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /api/import/stats': () => errorResponse(500, 'Internal Server Error') });
    renderPage();
    expect(await screen.findByText('Failed to fetch stats: Internal Server Error')).toBeInTheDocument();
  });

  it('shows the statistic cards and the providers by source with their share', async () => {
    mockFetch({ 'GET /api/import/stats': () => jsonResponse(200, makeImportStats({ active_jobs: 1 })) });
    renderPage();
    expect(await screen.findByText('Total Providers')).toBeInTheDocument();
    expect(screen.getByText('4,000')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Providers by source' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['CMS NPPES1,00025.0%', 'Demo data3,00075.0%']);
    // Data Sources counts the sources with providers.
    const card = screen.getByText('Data Sources').parentElement!;
    expect(within(card).getByText('2')).toBeInTheDocument();
    for (const soon of ['AI enrichment', 'Web scraping', 'Social media']) {
      expect(screen.getByText(soon)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Coming Soon')).toHaveLength(3);
  });

  it('starts one import with the form and says which job started', async () => {
    const fetchMock = mockFetch({
      'GET /api/import/stats': () => jsonResponse(200, makeImportStats()),
      'POST /api/import/start': () =>
        jsonResponse(200, { job_id: RUNNING.job_id, job: { ...RUNNING, status: 'queued' } }),
    });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('region', { name: 'Start an import' });
    await user.click(within(form).getByRole('button', { name: 'Start Import' }));
    expect(await screen.findByText('Import started! Job aa11bb22')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/import/start');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      data_source: 'cms_nppes',
      method: 'api',
      states: ['CA'],
      limit: 1000,
      taxonomy: 'Family Medicine',
    });
  });

  it('keeps the start buttons disabled with no state chosen, and refuses a limit off the 100 steps', async () => {
    mockFetch({ 'GET /api/import/stats': () => jsonResponse(200, makeImportStats()) });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('region', { name: 'Start an import' });
    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(within(form).getByText(IMPORT_MESSAGES.selectState)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Start Import' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Start Batch Import' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Top 10 states' }));
    expect(within(form).getByRole('button', { name: 'Start Import' })).toBeEnabled();
    const limit = within(form).getByRole('textbox', { name: 'Providers per state' });
    await user.clear(limit);
    await user.type(limit, '150');
    expect(within(form).getByText(IMPORT_MESSAGES.limitRange)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Start Import' })).toBeDisabled();
  });

  it('starts a batch only after its confirmation, one job per state', async () => {
    const fetchMock = mockFetch({
      'GET /api/import/stats': () => jsonResponse(200, makeImportStats()),
      'POST /api/import/batch': () => jsonResponse(200, { jobs: [RUNNING, { ...RUNNING, job_id: 'bb' }] }),
    });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('region', { name: 'Start an import' });
    await user.click(within(form).getByRole('button', { name: 'Start Batch Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start batch import' });
    expect(callsTo(fetchMock, 'POST', '/api/import/batch')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Start batch' }));
    expect(await screen.findByText('Batch import started! 2 jobs created.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/import/batch');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      states: ['CA'],
      limit_per_state: 1000,
      taxonomy: 'Family Medicine',
    });
  });

  it("says why a start was refused, in the server's words", async () => {
    mockFetch({
      'GET /api/import/stats': () => jsonResponse(200, makeImportStats()),
      'POST /api/import/start': () => errorResponse(422, IMPORT_MESSAGES.fileNotConfigured('NPPES_FILE_URL')),
    });
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('region', { name: 'Start an import' });
    await user.click(within(form).getByRole('button', { name: 'Start Import' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      `${IMPORT_MESSAGES.startFailed}: ${IMPORT_MESSAGES.fileNotConfigured('NPPES_FILE_URL')}`,
    );
  });

  it("moves an active job's progress from the live events, and cancels it", async () => {
    let stats = makeImportStats({ active_jobs: 1, recent_jobs: [RUNNING, makeImportJob()] });
    const fetchMock = mockFetch({
      'GET /api/import/stats': () => jsonResponse(200, stats),
      [`POST /api/import/jobs/${RUNNING.job_id}/cancel`]: () => {
        stats = { ...stats, active_jobs: 0, recent_jobs: [{ ...RUNNING, status: 'cancelled' }] };
        return jsonResponse(200, { ...RUNNING, status: 'cancelled' });
      },
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Job aa11bb22, NV, UT' });
    expect(within(card).getByRole('status')).toHaveTextContent('200 fetched · 180 added');
    // Half of NV (200 of 1,000) of two states: 10 %.
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '10%');
    const statsCalls = callsTo(fetchMock, 'GET', '/api/import/stats').length;
    emitEvent('import.job_changed', {
      job: {
        ...RUNNING,
        progress: {
          ...RUNNING.progress,
          providers_fetched: 1200,
          providers_added: 1100,
          current_state_fetched: 1000,
        },
      },
    });
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent('1,200 fetched · 1,100 added'),
    );
    // NV done (1,000 of 1,000) of two states: 50 %.
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '50%');
    // The same status: put in place, no request.
    expect(callsTo(fetchMock, 'GET', '/api/import/stats')).toHaveLength(statsCalls);

    await user.click(within(card).getByRole('button', { name: 'Cancel job aa11bb22' }));
    expect(await screen.findByText('Job cancelled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Job aa11bb22, NV, UT' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('No import is running.')).toBeInTheDocument();
  });

  it('polls the stats every 5 seconds while the live stream is not open', async () => {
    setEventsStatus('closed');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = mockFetch({ 'GET /api/import/stats': () => jsonResponse(200, makeImportStats()) });
      renderPage();
      await screen.findByText('Total Providers');
      const before = callsTo(fetchMock, 'GET', '/api/import/stats').length;
      await vi.advanceTimersByTimeAsync(5_100);
      await waitFor(() =>
        expect(callsTo(fetchMock, 'GET', '/api/import/stats').length).toBeGreaterThan(before),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("opens a recent job's details from its row", async () => {
    const failed = makeImportJob({
      job_id: 'cc33dd44-0000-4000-8000-000000000003',
      status: 'failed',
      data_source: 'hrsa',
      method: 'file',
      error: 'Line 5: the file ends in the middle of a record.',
      notes: ['Zip 89101 has more than 1,200 providers; 1,200 were fetched.'],
    });
    mockFetch({
      'GET /api/import/stats': () => jsonResponse(200, makeImportStats({ recent_jobs: [failed] })),
      [`GET /api/import/jobs/${failed.job_id}`]: () => jsonResponse(200, failed),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('row', { name: 'Open job cc33dd44' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import job cc33dd44' });
    expect(
      await within(dialog).findByText('Line 5: the file ends in the middle of a record.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('HRSA health centers · Downloadable file')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Zip 89101 has more than 1,200 providers; 1,200 were fetched.'),
    ).toBeInTheDocument();
  });

  it("says 'Failed to fetch job details' when a job cannot be read", async () => {
    mockFetch({
      'GET /api/import/stats': () => jsonResponse(200, makeImportStats()),
      [`GET /api/import/jobs/${makeImportJob().job_id}`]: () =>
        errorResponse(404, IMPORT_MESSAGES.jobNotFound),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('row', { name: 'Open job 3f2a9c1e' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import job 3f2a9c1e' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `${IMPORT_MESSAGES.jobDetailsFailed}: ${IMPORT_MESSAGES.jobNotFound}`,
    );
  });
});
