import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type BillableLine,
  type BillableReport,
  type BillingExceptionLine,
  monthPeriodOf,
  type OrgRole,
  todayIsoDate,
} from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { programList } from '../../test/enrollment-fixtures.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// Issue #15 item 7 in the browser: the Billing Report tab against GET /api/enrollments/reports/billable (mocked).

const PROGRAMS = programList([
  { id: 3, name: 'Enhanced Care Management' },
  { id: 4, name: 'Housing Supports' },
]);

function line(overrides: Partial<BillableLine> = {}): BillableLine {
  return {
    activity_id: 41,
    enrollment_id: 7,
    member_id: 12,
    member_name: 'Rosa Delgado',
    medicaid_id: '91234567A',
    activity_date: '2026-01-05',
    activity_type: 'case_management',
    billing_activity_id: 11,
    activity_name: 'Care coordination',
    activity_code: 'ECM-CC',
    cpt_code: null,
    hcpcs_code: 'G9008',
    revenue_code: null,
    modifiers: ['U1'],
    billing_unit: '15_minutes',
    rate_per_unit: 25,
    requires_prior_auth: true,
    requires_supervision: false,
    performed_by_name: 'Casey Coordinator',
    units: 3,
    amount: 75,
    ...overrides,
  };
}

function exception(overrides: Partial<BillingExceptionLine> = {}): BillingExceptionLine {
  const { amount: _amount, units: _units, ...base } = line({ activity_id: 42 });
  return {
    ...base,
    units: 3,
    units_refused: 2,
    amount: 50,
    reason: 'over_daily_limit',
    reason_text: 'Over the limit of 4 units per day for this member.',
    ...overrides,
  };
}

const REPORT: BillableReport = {
  program: { id: 3, name: 'Enhanced Care Management' },
  period: { start_date: '2026-01-01', end_date: '2026-01-31' },
  lines: [
    line(),
    line({
      activity_id: 42,
      units: 1,
      amount: 25,
    }),
    line({
      activity_id: 45,
      member_name: 'Ana Ruiz',
      medicaid_id: null,
      activity_name: 'Assessment',
      activity_code: null,
      hcpcs_code: null,
      modifiers: [],
      billing_unit: 'per_encounter',
      rate_per_unit: 120.5,
      requires_prior_auth: false,
      requires_supervision: true,
      units: 1,
      amount: 120.5,
    }),
  ],
  exceptions: [
    exception(),
    exception({
      activity_id: 46,
      member_name: 'Ana Ruiz',
      units: 1,
      units_refused: 1,
      amount: 10,
      reason: 'billing_activity_inactive',
      reason_text: 'The billing activity is inactive.',
    }),
  ],
  totals: { lines: 3, units: 5, amount: 220.5 },
  exception_totals: { exceptions: 2, units_refused: 3, amount: 60 },
};

function server(role: OrgRole, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: role, active_cbo_id: 1 })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/programs/': () => jsonResponse(200, PROGRAMS),
    ...routes,
  });
}

const reportUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, 'GET', '/api/enrollments/reports/billable').map(([u]) => new URL(String(u), 'http://x'));

/** Chooses a program once the list has loaded. */
async function chooseProgram(name: string) {
  await screen.findByRole('option', { name });
  await userEvent.selectOptions(screen.getByLabelText('Program'), name);
}

describe('Billing Report', { timeout: 30_000 }, () => {
  it('asks for a program, defaults to this month, shows the lines with totals and the exceptions apart', async () => {
    const fetchMock = server('manager', {
      'GET /api/enrollments/reports/billable': () => jsonResponse(200, REPORT),
    });
    renderApp({ path: '/billing-report' });
    expect(await screen.findByRole('heading', { name: 'Billing Report' })).toBeInTheDocument();
    const month = monthPeriodOf(todayIsoDate());
    expect(screen.getByLabelText('Start date')).toHaveValue(month.start_date);
    expect(screen.getByLabelText('End date')).toHaveValue(month.end_date);
    expect(screen.getByText('Choose a program to see its billable activities.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(reportUrls(fetchMock)).toEqual([]);

    await chooseProgram('Enhanced Care Management');
    const lines = await screen.findByRole('table', { name: 'Billable lines' });
    const [url] = reportUrls(fetchMock);
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      program_id: '3',
      start_date: month.start_date,
      end_date: month.end_date,
    });
    for (const header of ['Date', 'Member', 'Billing Activity', 'Units', 'Rate', 'Amount', 'Requires']) {
      expect(within(lines).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const first = within(lines).getAllByRole('row')[1]!;
    expect(within(first).getByText('Rosa Delgado')).toBeInTheDocument();
    expect(within(first).getByText('91234567A')).toBeInTheDocument();
    expect(within(first).getByText('HCPCS G9008 · Mod U1')).toBeInTheDocument();
    expect(within(first).getByText('$75.00')).toBeInTheDocument();
    expect(within(first).getByText('$25.00 / 15 minutes')).toBeInTheDocument();
    expect(within(first).getByText('Prior auth')).toBeInTheDocument();
    const third = within(lines).getAllByRole('row')[3]!;
    expect(within(third).getByText('Supervision')).toBeInTheDocument();
    expect(within(third).getByText('$120.50 / encounter')).toBeInTheDocument();
    expect(screen.getByText('Total: 3 lines, 5 units, $220.50')).toBeInTheDocument();

    const exceptions = screen.getByRole('table', { name: 'Exceptions' });
    expect(
      within(exceptions).getByText('Over the limit of 4 units per day for this member.'),
    ).toBeInTheDocument();
    expect(within(exceptions).getByText('2 of 3')).toBeInTheDocument();
    expect(within(exceptions).getByText('The billing activity is inactive.')).toBeInTheDocument();
    expect(within(exceptions).getByText('$10.00')).toBeInTheDocument();

    // Another period asks the server again.
    const start = screen.getByLabelText('Start date');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-01-15');
    await waitFor(() =>
      expect(reportUrls(fetchMock).some((u) => u.searchParams.get('start_date') === '2026-01-15')).toBe(true),
    );
  });

  it('checks the period before asking: the end before the start, more than 366 days', async () => {
    const fetchMock = server('org_admin', {
      'GET /api/enrollments/reports/billable': () => jsonResponse(200, REPORT),
    });
    renderApp({ path: '/billing-report' });
    await chooseProgram('Housing Supports');
    await screen.findByRole('table', { name: 'Billable lines' });
    const asked = reportUrls(fetchMock).length;
    const end = screen.getByLabelText('End date');
    await userEvent.clear(end);
    await userEvent.type(end, '2020-01-01');
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await userEvent.clear(end);
    await userEvent.type(end, '2099-01-01');
    expect(await screen.findByText('The period can be at most 366 days.')).toBeInTheDocument();
    expect(reportUrls(fetchMock)).toHaveLength(asked);
  });

  it('exports the CSV the server names, through the session', async () => {
    const fetchMock = server('manager', {
      'GET /api/enrollments/reports/billable': () => jsonResponse(200, REPORT),
      'GET /api/enrollments/reports/billable/csv': () =>
        new Response('Line Type,Activity ID\nBillable,41\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition':
              'attachment; filename="billable-activities-ecm-2026-01-01-to-2026-01-31.csv"; filename*=UTF-8\'\'billable-activities-ecm-2026-01-01-to-2026-01-31.csv',
          },
        }),
    });
    const createObjectURL = URL.createObjectURL;
    const revokeObjectURL = URL.revokeObjectURL;
    URL.createObjectURL = () => 'blob:test';
    URL.revokeObjectURL = () => {};
    const names: string[] = [];
    // jsdom does not navigate: the download link's click is recorded instead.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      renderApp({ path: '/billing-report' });
      await chooseProgram('Enhanced Care Management');
      await screen.findByRole('table', { name: 'Billable lines' });
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(names).toEqual(['billable-activities-ecm-2026-01-01-to-2026-01-31.csv']));
      const [call] = callsTo(fetchMock, 'GET', '/api/enrollments/reports/billable/csv');
      expect(new URL(String(call![0]), 'http://x').searchParams.get('program_id')).toBe('3');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      clicked.mockRestore();
    }
  });

  it("shows the server's refusal, and tells staff the report is for managers without asking", async () => {
    server('manager', {
      'GET /api/enrollments/reports/billable': () => errorResponse(404, 'Program not found', 'not_found'),
    });
    const { unmount } = renderApp({ path: '/billing-report' });
    await chooseProgram('Housing Supports');
    expect(await screen.findByText('Program not found')).toBeInTheDocument();
    unmount();

    const fetchMock = server('staff');
    renderApp({ path: '/billing-report' });
    expect(
      await screen.findByText(
        'Only managers and administrators of the active organization can see its billing report.',
      ),
    ).toBeInTheDocument();
    await chooseProgram('Housing Supports');
    expect(reportUrls(fetchMock)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
