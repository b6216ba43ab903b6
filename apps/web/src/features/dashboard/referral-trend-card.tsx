import { BarChart } from '@mantine/charts';
import { Card, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  type DashboardTrendMonth,
  type DashboardView,
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  type ReferralStatus,
} from '@trust/domain';
import { useId, useState } from 'react';
import { useDashboardTrend } from '../../api/dashboard/get-dashboard-trend.ts';
import { ChartFigure, type ChartTableColumn } from '../../components/charts/chart-figure.tsx';
import { CHART_TABLE_TEXT, ChartTableToggle } from '../../components/charts/chart-table-toggle.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

// The dashboard's "referrals over time by status": the referrals created in each of the last 12 months, stacked
// by their current status. A ChartFigure: one image for a screen reader, named by its label, with a table of the
// same figures, hidden from sight until 'Show as table' swaps the chart for it.

/** One colour per status, shade 6 of the theme's palette (distinct enough to stack). */
const STATUS_CHART_COLORS: Record<ReferralStatus, string> = {
  pending: 'orange.6',
  matched: 'blue.6',
  authorized: 'cyan.6',
  accepted: 'teal.6',
  in_progress: 'grape.6',
  on_hold: 'yellow.6',
  completed: 'green.6',
  rejected: 'red.6',
  expired: 'gray.6',
  cancelled: 'pink.6',
};

export const TREND_TEXT = {
  title: 'Referrals over time',
  description: 'Referrals created each month (last 12 months), by their current status',
  empty: 'No referrals in the last 12 months.',
  showTable: CHART_TABLE_TEXT.showTable,
  showChart: CHART_TABLE_TEXT.showChart,
} as const;

/** 'Mar 2026' of '2026-03' (the month itself, no time zone involved). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[(m ?? 1) - 1]} ${year}`;
}

/** The figures of the chart: a row per month, a column per status that occurs, and the month's total. */
function trendColumns(months: DashboardTrendMonth[], statuses: ReferralStatus[]): ChartTableColumn[] {
  return [
    { header: 'Month', cells: months.map((m) => monthLabel(m.month)) },
    ...statuses.map((s) => ({ header: REFERRAL_STATUS_LABELS[s], cells: months.map((m) => m.counts[s]) })),
    { header: 'Total', cells: months.map((m) => m.total) },
  ];
}

export function ReferralTrendCard() {
  const [view, setView] = useState<DashboardView>('personal');
  const [asTable, setAsTable] = useState(false);
  const trend = useDashboardTrend(view);
  const titleId = useId();
  const caption = `Referrals created per month by current status, ${view === 'personal' ? 'yours' : 'your organization’s'}`;

  let body: React.ReactNode;
  let hasData = false;
  if (trend.isPending) body = <Loader size="sm" aria-label="Loading the referral trend" />;
  else if (trend.isError)
    body = (
      <LoadErrorAlert error={trend.error} what="the referral trend" onRetry={() => void trend.refetch()} />
    );
  else {
    const months = trend.data.months;
    // Only the statuses that occur: a legend of ten mostly empty series says nothing.
    const statuses = REFERRAL_STATUSES.filter((s) => months.some((m) => m.counts[s] > 0));
    hasData = statuses.length > 0;
    if (!hasData) {
      body = (
        <Text size="sm" c="dimmed">
          {TREND_TEXT.empty}
        </Text>
      );
    } else {
      body = (
        <ChartFigure
          label={caption}
          columns={trendColumns(months, statuses)}
          showTable={asTable}
          minWidth={360}
        >
          <BarChart
            h={260}
            type="stacked"
            data={months.map((m) => ({ month: monthLabel(m.month), ...m.counts }))}
            dataKey="month"
            series={statuses.map((s) => ({
              name: s,
              label: REFERRAL_STATUS_LABELS[s],
              color: STATUS_CHART_COLORS[s],
            }))}
            withLegend
            yAxisProps={{ allowDecimals: false }}
            gridAxis="y"
          />
        </ChartFigure>
      );
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} size="h4" id={titleId}>
              {TREND_TEXT.title}
            </Title>
            <Text size="xs" c="dimmed">
              {TREND_TEXT.description}
            </Text>
          </div>
          <Group gap="xs">
            {hasData && <ChartTableToggle showTable={asTable} onChange={setAsTable} />}
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as DashboardView)}
              aria-label="Show referrals of"
              data={[
                { value: 'personal', label: 'Personal' },
                { value: 'organization', label: 'Organization' },
              ]}
              size="xs"
            />
          </Group>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}

export default ReferralTrendCard;
