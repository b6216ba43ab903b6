import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Metrics, OrgRole } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { callsTo, deferred, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// 003 §2.5, §7.6; issue #20: the System Metrics Dashboard against GET /api/metrics (mocked).

function makeMetrics(overrides: Partial<Metrics> = {}): Metrics {
  return {
    total_referrals: 1234,
    total_feedback: 56,
    success_rate: 0.875,
    acceptance_rate: 0.6667,
    rejection_rate: 0.3333,
    failure_rate: 0.125,
    avg_response_time_days: 2.34,
    top_cbos: [
      { name: 'Harbor Food Bank', cbo_id: 3, success_rate: 0.95 },
      { name: 'Valley Housing Aid', cbo_id: 4, success_rate: 0.8125 },
    ],
    scope: 'organization',
    period: { from: null, to: null },
    counts: {
      ended: 400,
      succeeded: 350,
      failed: 50,
      answered: 300,
      accepted: 200,
      rejected: 100,
      open: 834,
    },
    computed_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const EMPTY: Metrics = makeMetrics({
  total_referrals: 0,
  total_feedback: 0,
  success_rate: 0,
  acceptance_rate: 0,
  rejection_rate: 0,
  failure_rate: 0,
  avg_response_time_days: 0,
  top_cbos: [],
  scope: 'network',
  counts: { ended: 0, succeeded: 0, failed: 0, answered: 0, accepted: 0, rejected: 0, open: 0 },
});

function server(
  me: { role: OrgRole | null; operator?: boolean },
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () =>
      jsonResponse(
        200,
        makeMe({
          org_role: me.role,
          active_cbo_id: me.role ? 1 : null,
          is_platform_operator: me.operator ?? false,
        }),
      ),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    ...routes,
  });
}

const metricsUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, 'GET', '/api/metrics').map(([u]) => new URL(String(u), 'http://x'));

const stat = (label: string) => screen.getByRole('group', { name: label });

describe('System Metrics', { timeout: 30_000 }, () => {
  it('shows the loading text, then the figures with rates as percents with one decimal', async () => {
    const answer = deferred<Response>();
    const fetchMock = server({ role: 'org_admin' }, { 'GET /api/metrics': () => answer.promise });
    renderApp({ path: '/metrics' });
    expect(await screen.findByRole('heading', { name: 'System Metrics Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Loading metrics...')).toBeInTheDocument();
    answer.resolve(jsonResponse(200, makeMetrics()));

    expect(await screen.findByRole('group', { name: 'Total Referrals' })).toHaveTextContent('1,234');
    expect(stat('Total Feedback')).toHaveTextContent('56');
    expect(stat('Success Rate')).toHaveTextContent('87.5%');
    expect(stat('Success Rate')).toHaveTextContent('350 of 400 ended');
    expect(stat('Avg Response Time')).toHaveTextContent('2.3 days');
    expect(stat('Acceptance Rate')).toHaveTextContent('66.7%');
    expect(stat('Rejection Rate')).toHaveTextContent('33.3%');
    expect(stat('Failure Rate')).toHaveTextContent('12.5%');
    expect(screen.queryByText('Loading metrics...')).not.toBeInTheDocument();

    // An organization admin sees no scope switch; the scope is left to the server (the organization).
    expect(screen.queryByRole('radiogroup', { name: 'Scope' })).not.toBeInTheDocument();
    expect(Object.fromEntries(metricsUrls(fetchMock)[0]!.searchParams)).toEqual({});

    // Top Performing CBOs, in the server's order.
    const list = screen.getByRole('list', { name: 'Top Performing CBOs' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Harbor Food Bank95.0% success',
      'Valley Housing Aid81.3% success',
    ]);

    // Each chart is a named figure with its data as a table for screen readers.
    expect(screen.getByRole('figure', { name: 'Referral outcomes' })).toBeInTheDocument();
    const outcomes = screen.getByRole('table', { name: 'Referral outcomes' });
    expect(
      within(outcomes)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'OutcomeReferralsShare',
      'Succeeded35028.4%',
      'Ended without service504.1%',
      'Still open83467.6%',
    ]);
    expect(
      screen.getByRole('figure', { name: 'Success rate of the top performing CBOs' }),
    ).toBeInTheDocument();
    const top = screen.getByRole('table', { name: 'Success rate of the top performing CBOs' });
    expect(within(top).getByText('81.3%')).toBeInTheDocument();
  });

  it("shows 'Error Loading Metrics' with the server's reason or 'Failed to fetch metrics', and Retry asks again", async () => {
    let calls = 0;
    server(
      { role: 'org_admin' },
      {
        'GET /api/metrics': () => {
          calls += 1;
          if (calls === 1) return new Response('oops', { status: 500, statusText: 'Internal Server Error' });
          return jsonResponse(200, makeMetrics());
        },
      },
    );
    renderApp({ path: '/metrics' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Metrics');
    expect(alert).toHaveTextContent('Failed to fetch metrics');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Total Referrals' })).toHaveTextContent('1,234');
    expect(screen.queryByText('Error Loading Metrics')).not.toBeInTheDocument();
  });

  it('shows the reason the server gave for refusing', async () => {
    server(
      { role: 'staff' },
      {
        'GET /api/metrics': () => errorResponse(403, "Only your organization's admins can see its metrics."),
      },
    );
    renderApp({ path: '/metrics' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Metrics');
    expect(alert).toHaveTextContent("Only your organization's admins can see its metrics.");
  });

  it('an operator starts on the whole network; an empty network reads zeros, never NaN', async () => {
    const fetchMock = server(
      { role: 'super_admin', operator: true },
      { 'GET /api/metrics': () => jsonResponse(200, EMPTY) },
    );
    renderApp({ path: '/metrics' });
    expect(await screen.findByTestId('metrics-empty')).toBeInTheDocument();
    expect(metricsUrls(fetchMock)[0]!.searchParams.get('scope')).toBe('network');
    expect(stat('Total Referrals')).toHaveTextContent('0');
    for (const label of ['Success Rate', 'Acceptance Rate', 'Rejection Rate', 'Failure Rate'])
      expect(stat(label)).toHaveTextContent('0.0%');
    expect(stat('Avg Response Time')).toHaveTextContent('0.0 days');
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
    expect(screen.getByText('No referrals to chart in this period.')).toBeInTheDocument();

    // The switch to the organization asks again with that scope.
    await userEvent.click(screen.getByRole('radio', { name: 'Organization' }));
    await waitFor(() =>
      expect(metricsUrls(fetchMock).some((u) => u.searchParams.get('scope') === 'organization')).toBe(true),
    );
  });

  it('refuses a reversed period in the browser with the server’s words, and Refresh Metrics asks again', async () => {
    const fetchMock = server(
      { role: 'org_admin' },
      { 'GET /api/metrics': () => jsonResponse(200, makeMetrics()) },
    );
    renderApp({ path: '/metrics' });
    await screen.findByRole('group', { name: 'Total Referrals' });
    await userEvent.type(screen.getByLabelText('From'), '2026-02-10');
    await waitFor(() =>
      expect(metricsUrls(fetchMock).some((u) => u.searchParams.get('from') === '2026-02-10')).toBe(true),
    );
    const asked = metricsUrls(fetchMock).length;
    await userEvent.type(screen.getByLabelText('To'), '2026-01-01');
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Metrics' })).toBeDisabled();
    expect(metricsUrls(fetchMock)).toHaveLength(asked);

    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-02-28');
    await waitFor(() =>
      expect(metricsUrls(fetchMock).some((u) => u.searchParams.get('to') === '2026-02-28')).toBe(true),
    );
    const before = metricsUrls(fetchMock).length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Metrics' }));
    await waitFor(() => expect(metricsUrls(fetchMock).length).toBe(before + 1));
  });
});
