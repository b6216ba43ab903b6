import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  IMPORT_SCHEDULE_MESSAGES,
  type ImportMonthlyCost,
  type ImportRecommendation,
  type ImportSchedule,
  type ImportTrend,
} from '@trust/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { AnalyticsTab } from './analytics-tab.tsx';
import { isAboveAverage } from './cost-trend.tsx';
import { recentPeriods } from './import-format.ts';
import { suggestedTime } from './recommendation-card.tsx';

function schedule(id: number, name: string, overrides: Partial<ImportSchedule> = {}): ImportSchedule {
  return {
    id,
    name,
    data_source: 'cms_nppes',
    frequency: 'weekly',
    cron_expression: '0 2 * * 1',
    states: ['CA'],
    limit_per_run: 5000,
    taxonomy: 'Family Medicine',
    enabled: true,
    last_run: null,
    next_run: null,
    successful_runs: 6,
    total_runs: 6,
    last_job_id: null,
    last_status: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const schedules = [
  schedule(1, 'NPPES California'),
  schedule(2, 'Care Compare'),
  schedule(3, 'HRSA centers'),
  schedule(4, 'NPPES Texas'),
  schedule(5, 'NPPES Florida'),
  schedule(6, 'NPPES New York'),
];

const november: ImportMonthlyCost = {
  billing_period: '2026-11',
  total: 12.3456,
  by_type: {
    compute: { total: 0.0042, count: 3 },
    api_calls: { total: 12.3414, count: 4 },
  },
  by_source: {
    cms_nppes: { total: 12.3, count: 4 },
    hrsa: { total: 0.0456, count: 1 },
  },
  runs: 5,
};

const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
function trendOf(id: number, costs: number[]): ImportTrend {
  const trend = months.map((period, i) => ({ period, cost: costs[i] ?? 0, runs: costs[i] ? 2 : 0 }));
  return { schedule_id: id, trend, average: costs.reduce((s, c) => s + c, 0) / months.length };
}

function recommendation(overrides: Partial<ImportRecommendation> = {}): ImportRecommendation {
  return {
    suggested_day: 2,
    suggested_hour: 3,
    confidence: 0.85,
    reasoning: ['Runs on Tuesdays at 03:00 UTC finished fastest', 'No failures at that hour'],
    runs_considered: 12,
    cron_expression: '0 3 * * 2',
    ...overrides,
  };
}

const recommendations: Record<number, () => Response> = {
  1: () => jsonResponse(200, recommendation()),
  2: () =>
    jsonResponse(
      200,
      recommendation({ confidence: 0.65, cron_expression: '0 5 * * 4', suggested_day: 4, suggested_hour: 5 }),
    ),
  3: () => jsonResponse(200, recommendation({ confidence: 0.5 })),
  4: () => errorResponse(422, 'Recommendations need at least 5 runs; this schedule has 2.', 'unprocessable'),
  5: () =>
    jsonResponse(
      200,
      recommendation({ confidence: 0.7, cron_expression: '0 6 * * 0', suggested_day: 0, suggested_hour: 6 }),
    ),
};

function server(overrides: Record<string, RouteHandler> = {}) {
  const routes: Record<string, RouteHandler> = {
    'GET /api/import/schedules': () => jsonResponse(200, { schedules, dependencies: [] }),
    'GET /api/import/costs/monthly': (_init, url) => {
      const period = new URL(url, 'http://x').searchParams.get('billing_period');
      return jsonResponse(
        200,
        period === '2026-11'
          ? november
          : { billing_period: period, total: 0, by_type: {}, by_source: {}, runs: 0 },
      );
    },
  };
  for (const id of [1, 2, 3, 4, 5, 6]) {
    // Schedule 1: October a little above its average, November a spike; the others flat.
    routes[`GET /api/import/costs/schedule/${id}/trend`] = () =>
      jsonResponse(200, id === 1 ? trendOf(1, [0.5, 1, 1, 1, 1.4, 2.5]) : trendOf(id, [1, 1, 1, 1, 1, 1]));
    routes[`GET /api/import/schedules/${id}/optimal-time`] =
      recommendations[id] ?? (() => jsonResponse(200, recommendation()));
  }
  return mockFetch({ ...routes, ...overrides });
}

function renderTab() {
  return renderWithProviders(
    <>
      <Notifications />
      <AnalyticsTab />
    </>,
  );
}

beforeEach(() => {
  // Only the clock: promises and timers stay real for the queries and user events.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
});

afterEach(() => {
  notifications.clean();
  vi.useRealTimers();
});

const card = (name: string) => screen.findByRole('region', { name });

describe('Import Manager: Analytics tab (002 §2, §9)', () => {
  it('lists the last 12 months, newest first, and shows the chosen month’s costs by type and source', async () => {
    const fetchMock = server();
    renderTab();
    const month = screen.getByRole('combobox', { name: 'Month' });
    const options = within(month).getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(options[0]).toHaveTextContent('November 2026');
    expect(options[0]).toHaveValue('2026-11');
    expect(options[11]).toHaveTextContent('December 2025');
    expect(month).toHaveValue('2026-11');

    const summary = await card('Costs of November 2026');
    expect(within(summary).getByText('$12.35')).toBeInTheDocument();
    expect(within(summary).getByText('From 5 runs that ended this month')).toBeInTheDocument();
    const byType = within(summary).getByRole('table', { name: 'By type' });
    const typeRows = within(byType).getAllByRole('row').slice(1);
    expect(typeRows.map((r) => r.textContent)).toEqual([
      'Registry API calls$12.344',
      'Compute (CPU time)$0.00423',
    ]);
    const bySource = within(summary).getByRole('table', { name: 'By source' });
    expect(
      within(bySource)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['CMS NPPES$12.304', 'HRSA health centers$0.04561']);

    const user = userEvent.setup();
    await user.selectOptions(month, '2026-10');
    expect(await card('Costs of October 2026')).toHaveTextContent('No import run ended this month.');
    expect(
      callsTo(fetchMock, 'GET', '/api/import/costs/monthly').map(([u]) =>
        new URL(String(u), 'http://x').searchParams.get('billing_period'),
      ),
    ).toEqual(['2026-11', '2026-10']);
  });

  it('shows the cost trend of the first 5 schedules only, a bar red above 1.2 × the average', async () => {
    const fetchMock = server();
    renderTab();
    const trend = await card('Cost trend of NPPES California');
    const chart = await within(trend).findByRole('list', { name: 'NPPES California: cost per month' });
    expect(within(chart).getAllByRole('listitem')).toHaveLength(6);
    // Average 1.2333…, red above 1.48: November's 2.50 is; October's 1.40, above the average only, is not.
    const bar = (period: string) =>
      within(trend).getByTestId(`trend-bar-${period}`).getAttribute('style') ?? '';
    expect(bar('2026-11')).toContain('--mantine-color-red-6');
    expect(bar('2026-10')).not.toContain('red');
    expect(bar('2026-10')).toContain('--mantine-color-teal-6');
    // Said in words too, not by colour alone.
    expect(within(chart).getAllByRole('listitem')[5]).toHaveTextContent('above 1.2 × the average');
    expect(within(chart).getAllByRole('listitem')[4]).not.toHaveTextContent('above');

    for (const name of ['Care Compare', 'HRSA centers', 'NPPES Texas', 'NPPES Florida'])
      expect(await card(`Cost trend of ${name}`)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cost trend of NPPES New York' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/import/costs/schedule/6/trend')).toHaveLength(0);
    const [[url]] = callsTo(fetchMock, 'GET', '/api/import/costs/schedule/1/trend') as [[string]];
    expect(new URL(url, 'http://x').searchParams.get('months')).toBe('6');
    expect(screen.getByText(/the first 5 of 6 schedules/)).toBeInTheDocument();
  });

  it('colours confidence, explains the suggestion, and allows Apply only at 0.7 or more', async () => {
    server();
    renderTab();
    const strong = await card('Recommendation for NPPES California');
    expect(await within(strong).findByText('Tuesday at 03:00 UTC')).toBeInTheDocument();
    expect(within(strong).getByText('Runs on Tuesdays at 03:00 UTC finished fastest')).toBeInTheDocument();
    expect(within(strong).getByText('From 12 runs; cron')).toBeInTheDocument();
    const badge = (region: HTMLElement) =>
      (
        within(region)
          .getByText(/^Confidence/)
          .closest('.mantine-Badge-root') as HTMLElement
      ).getAttribute('style') ?? '';
    expect(badge(strong)).toContain('green');
    expect(
      within(strong).getByRole('button', { name: 'Apply the recommendation for NPPES California' }),
    ).toBeEnabled();

    const amber = await card('Recommendation for Care Compare');
    expect(await within(amber).findByText('Confidence 65%')).toBeInTheDocument();
    expect(badge(amber)).toContain('yellow');
    expect(within(amber).getByRole('button', { name: /Apply/ })).toBeDisabled();
    expect(within(amber).getByText('Applying needs a confidence of at least 70%.')).toBeInTheDocument();

    const weak = await card('Recommendation for HRSA centers');
    expect(await within(weak).findByText('Confidence 50%')).toBeInTheDocument();
    expect(badge(weak)).toContain('red');
    expect(within(weak).getByRole('button', { name: /Apply/ })).toBeDisabled();

    // Exactly 0.7 may be applied.
    const edge = await card('Recommendation for NPPES Florida');
    expect(await within(edge).findByRole('button', { name: /Apply/ })).toBeEnabled();
  });

  it('says calmly that a schedule has too few runs (the 422 detail), not as an error', async () => {
    server();
    renderTab();
    const few = await card('Recommendation for NPPES Texas');
    expect(
      await within(few).findByText('Recommendations need at least 5 runs; this schedule has 2.'),
    ).toBeInTheDocument();
    expect(within(few).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(few).queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
  });

  it('applies a recommendation after a confirmation: the schedule becomes custom with its cron', async () => {
    let applied = false;
    const fetchMock = server({
      'GET /api/import/schedules': () =>
        jsonResponse(200, {
          schedules: applied
            ? [
                schedule(1, 'NPPES California', { frequency: 'custom', cron_expression: '0 3 * * 2' }),
                ...schedules.slice(1),
              ]
            : schedules,
          dependencies: [],
        }),
      'PUT /api/import/schedules/1': () => {
        applied = true;
        return jsonResponse(
          200,
          schedule(1, 'NPPES California', { frequency: 'custom', cron_expression: '0 3 * * 2' }),
        );
      },
    });
    renderTab();
    const user = userEvent.setup();
    const strong = await card('Recommendation for NPPES California');
    const apply = await within(strong).findByRole('button', {
      name: 'Apply the recommendation for NPPES California',
    });

    // Cancelled: nothing sent.
    await user.click(apply);
    const dialog = await screen.findByRole('dialog', { name: 'Apply recommendation' });
    expect(dialog).toHaveTextContent('Run NPPES California every Tuesday at 03:00 UTC?');
    expect(dialog).toHaveTextContent('0 3 * * 2');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'PUT', '/api/import/schedules/1')).toHaveLength(0);

    await user.click(apply);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('NPPES California now runs every Tuesday at 03:00 UTC.'),
    ).toBeInTheDocument();
    const puts = callsTo(fetchMock, 'PUT', '/api/import/schedules/1') as [string, RequestInit][];
    expect(puts).toHaveLength(1);
    expect(JSON.parse(String(puts[0]?.[1].body))).toEqual({
      frequency: 'custom',
      cron_expression: '0 3 * * 2',
    });
    // The schedules are fetched again: the recommendation now reads as applied.
    await waitFor(() => expect(within(strong).getByText('Applied')).toBeInTheDocument());
  });

  it("says 'Failed to apply recommendation' when the change is refused", async () => {
    server({
      'PUT /api/import/schedules/1': () => errorResponse(404, 'No import schedule has this id.', 'not_found'),
    });
    renderTab();
    const user = userEvent.setup();
    const strong = await card('Recommendation for NPPES California');
    await user.click(await within(strong).findByRole('button', { name: /Apply/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IMPORT_SCHEDULE_MESSAGES.applyFailed);
    expect(alert).toHaveTextContent('No import schedule has this id.');
  });

  it('shows a cost load failure with its reason and a Retry, never sample figures', async () => {
    let fail = true;
    server({
      'GET /api/import/costs/monthly': () =>
        fail
          ? errorResponse(403, 'Only platform operators can see import costs.', 'forbidden')
          : jsonResponse(200, november),
    });
    renderTab();
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not load the month's costs");
    expect(alert).toHaveTextContent('Only platform operators can see import costs.');
    expect(screen.queryByText(/^\$/)).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card('Costs of November 2026')).toHaveTextContent('$12.35');
  });
});

describe('analytics rules', () => {
  it('a bar is red only strictly above 1.2 × the average', () => {
    expect(isAboveAverage(1.21, 1)).toBe(true);
    expect(isAboveAverage(1.2, 1)).toBe(false);
    expect(isAboveAverage(0, 0)).toBe(false);
  });

  it('lists 12 UTC months back from now, across a year', () => {
    const periods = recentPeriods(new Date('2027-01-31T23:30:00Z'));
    expect(periods.map((p) => p.value)).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
    ]);
    expect(periods[1]?.label).toBe('December 2026');
  });

  it('words a suggestion as weekday and hour in UTC (0 is Sunday)', () => {
    expect(suggestedTime({ suggested_day: 0, suggested_hour: 6 })).toBe('Sunday at 06:00 UTC');
    expect(suggestedTime({ suggested_day: 6, suggested_hour: 23 })).toBe('Saturday at 23:00 UTC');
  });
});
