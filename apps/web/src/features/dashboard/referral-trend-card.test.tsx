import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DashboardTrendMonth, REFERRAL_STATUSES, type ReferralStatus } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { monthLabel, ReferralTrendCard, TREND_TEXT } from './referral-trend-card.tsx';

function month(key: string, counts: Partial<Record<ReferralStatus, number>> = {}): DashboardTrendMonth {
  const all = Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<
    ReferralStatus,
    number
  >;
  return { month: key, total: Object.values(all).reduce((a, b) => a + b, 0), counts: all };
}

afterEach(() => vi.unstubAllGlobals());

describe('Referrals over time (dashboard trend chart)', () => {
  it('names the chart and gives the same figures as a table, hidden until asked for', async () => {
    const fetchMock = mockFetch({
      'GET /api/dashboard/trend': (_init, url) => {
        const view = new URL(url, 'http://localhost').searchParams.get('view');
        return jsonResponse(200, {
          view,
          months:
            view === 'personal'
              ? [month('2026-02', { pending: 2, completed: 1 }), month('2026-03', { pending: 4 })]
              : [month('2026-02', { pending: 20, completed: 9 }), month('2026-03', { matched: 7 })],
        });
      },
    });
    renderWithProviders(<ReferralTrendCard />);
    expect(
      await screen.findByRole('img', { name: /Referrals created per month by current status, yours/ }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /yours/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // Only the statuses that occur.
    expect(headers).toEqual(['Month', 'Pending', 'Completed', 'Total']);
    const feb = within(table).getByRole('rowheader', { name: 'Feb 2026' }).closest('tr')!;
    expect(
      within(feb)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', '3']);

    await userEvent.click(screen.getByRole('button', { name: TREND_TEXT.showTable }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: TREND_TEXT.showChart })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(screen.getByText('Organization'));
    const org = await screen.findByRole('table', { name: /organization/ });
    expect(within(org).getByRole('columnheader', { name: 'Matched' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('view=organization');
  });

  it('says so when there were no referrals', async () => {
    mockFetch({
      'GET /api/dashboard/trend': () => jsonResponse(200, { view: 'personal', months: [month('2026-03')] }),
    });
    renderWithProviders(<ReferralTrendCard />);
    expect(await screen.findByText(TREND_TEXT.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TREND_TEXT.showTable })).not.toBeInTheDocument();
  });

  it('shows the load error', async () => {
    mockFetch({ 'GET /api/dashboard/trend': () => errorResponse(403, 'Nope') });
    renderWithProviders(<ReferralTrendCard />);
    expect(await screen.findByText('Nope')).toBeInTheDocument();
  });

  it('labels months without a time zone shift', () => {
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });
});
