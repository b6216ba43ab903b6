import { AreaChart } from '@mantine/charts';
import { Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import {
  ANALYTICS_MESSAGES,
  type AnalyticsQuery,
  GAP_KIND_LABELS,
  GAP_KINDS,
  type GapKind,
  type ServiceGaps,
} from '@trust/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadServiceGapsCsv } from '../../api/analytics/export-service-gaps.ts';
import { useServiceGaps } from '../../api/analytics/get-service-gaps.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { formatCount } from '../../components/analytics/format.ts';
import { PeriodFilter } from '../../components/analytics/period-filter.tsx';
import { StatCard } from '../../components/analytics/stat-card.tsx';
import { usePeriodFilter } from '../../components/analytics/use-period-filter.ts';
import { CHART_COLORS } from '../../components/charts/chart-colors.ts';
import { ChartFigure } from '../../components/charts/chart-figure.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatCalendarDate } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { GapsMap } from './gaps-map.tsx';

// Issue #20 item 5: where members did not get help, and why — the referrals of a period that ended without
// service (declined by every provider, expired, cancelled, completed without service, never matched), by need,
// by county, by reason and by month, from GET /api/service-gaps. Every figure links to the referrals behind it in
// the queue; the CSV is the county table's rows.

const GAPS_TEXT = {
  networkNoLinks:
    "The referral queue lists one organization's referrals, so the whole network's figures open no list: choose Organization to open the referrals behind a figure.",
} as const;

type NeedRow = ServiceGaps['by_need'][number];
type CountyRow = ServiceGaps['by_county'][number];
/** What a figure counts: every referral, the unmet ones, or one kind of gap. */
type Measure = 'total' | 'unmet' | GapKind;

const MEASURE_WORDS: Record<Measure, string> = {
  total: 'referrals',
  unmet: 'unmet referrals',
  declined: 'referrals declined by every provider',
  expired: 'referrals expired without an answer',
  cancelled: 'cancelled referrals',
  not_served: 'referrals completed without service',
  unmatched: 'referrals with no provider within 50 miles',
};

export interface QueueFilter {
  need?: string;
  countyFips?: string | null;
  measure: Measure;
  period: ServiceGaps['period'];
  scope: ServiceGaps['scope'];
}

/**
 * The referral queue filtered to the referrals behind a figure: need=, county_fips=, gap= (a gap kind, or
 * `unmet` for any), from= and to= (the organization's referrals: a network figure has no link, see Figure).
 */
export function queueLink(filter: QueueFilter): string {
  const params = new URLSearchParams();
  if (filter.need !== undefined) params.set('need', filter.need);
  if (filter.countyFips) params.set('county_fips', filter.countyFips);
  if (filter.measure !== 'total') params.set('gap', filter.measure);
  params.set('from', filter.period.from);
  params.set('to', filter.period.to);
  return `${tabPath('queue')}?${params.toString()}`;
}

/** A count that opens the referrals it counts (plain text when there are none). */
function Figure({ value, filter, what }: { value: number; filter: QueueFilter; what: string }) {
  // The queue lists one organization's referrals: a figure of the whole network has no list to open there.
  if (value === 0 || filter.scope === 'network') return <>{formatCount(value)}</>;
  return (
    <Anchor
      component={Link}
      to={queueLink(filter)}
      size="sm"
      aria-label={`${formatCount(value)} ${MEASURE_WORDS[filter.measure]} ${what}`}
    >
      {formatCount(value)}
    </Anchor>
  );
}

const MEASURES: readonly Measure[] = ['total', 'unmet', ...GAP_KINDS];
const MEASURE_HEADERS: Record<Measure, string> = { total: 'Total', unmet: 'Unmet', ...GAP_KIND_LABELS };

function needColumns(data: ServiceGaps): DataTableColumn<NeedRow>[] {
  return [
    { key: 'need', header: 'Need', cell: (r) => r.need },
    ...MEASURES.map(
      (m): DataTableColumn<NeedRow> => ({
        key: m,
        header: MEASURE_HEADERS[m],
        nowrap: true,
        cell: (r) => (
          <Figure
            value={r[m]}
            what={`for ${r.need}`}
            filter={{ need: r.need, measure: m, period: data.period, scope: data.scope }}
          />
        ),
      }),
    ),
  ];
}

const countyName = (r: CountyRow) => (r.state ? `${r.county}, ${r.state}` : r.county);

function countyColumns(data: ServiceGaps): DataTableColumn<CountyRow>[] {
  return [
    { key: 'county', header: 'County', cell: (r) => r.county },
    { key: 'state', header: 'State', nowrap: true, cell: (r) => r.state ?? '—' },
    { key: 'fips', header: 'FIPS', nowrap: true, hideOnPhone: true, cell: (r) => r.county_fips ?? '—' },
    ...MEASURES.map(
      (m): DataTableColumn<CountyRow> => ({
        key: m,
        header: MEASURE_HEADERS[m],
        nowrap: true,
        // A county the server could not place (no FIPS) has no filter to open: its figures are plain.
        cell: (r) =>
          r.county_fips ? (
            <Figure
              value={r[m]}
              what={`in ${countyName(r)}`}
              filter={{ countyFips: r.county_fips, measure: m, period: data.period, scope: data.scope }}
            />
          ) : (
            formatCount(r[m])
          ),
      }),
    ),
  ];
}

type ReasonRow = ServiceGaps['reasons'][number];
const REASON_COLUMNS: DataTableColumn<ReasonRow>[] = [
  { key: 'reason', header: 'Reason', cell: (r) => r.reason },
  { key: 'count', header: 'Referrals', nowrap: true, cell: (r) => formatCount(r.count) },
  { key: 'kind', header: 'How it ended', cell: (r) => GAP_KIND_LABELS[r.kind] },
];

/** The month of a trend row as a reader says it ("Jan 2026"). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function TrendChart({ data }: { data: ServiceGaps }) {
  const rows = data.trend.map((t) => ({ month: monthLabel(t.month), total: t.total, unmet: t.unmet }));
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        Monthly Trend
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No months in this period.
        </Text>
      ) : (
        <ChartFigure
          label="Referrals and unmet referrals by month"
          testId="trend-chart"
          columns={[
            { header: 'Month', cells: rows.map((r) => r.month) },
            { header: 'Referrals', cells: rows.map((r) => formatCount(r.total)) },
            { header: 'Unmet', cells: rows.map((r) => formatCount(r.unmet)) },
          ]}
        >
          <AreaChart
            h={240}
            data={rows}
            dataKey="month"
            series={[
              { name: 'total', label: 'Referrals', color: CHART_COLORS[1] },
              { name: 'unmet', label: 'Unmet', color: CHART_COLORS[3] },
            ]}
            withLegend
            curveType="linear"
            yAxisProps={{ allowDecimals: false }}
            accessibilityLayer={false}
          />
        </ChartFigure>
      )}
    </Card>
  );
}

function GapsReport({ data, fetching }: { data: ServiceGaps; fetching: boolean }) {
  const { totals } = data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="gaps-period">
        {formatCalendarDate(data.period.from)} – {formatCalendarDate(data.period.to)} ·{' '}
        {data.scope === 'network' ? 'Whole network' : 'Your organization'}
      </Text>
      {data.scope === 'network' && <Text size="sm">{GAPS_TEXT.networkNoLinks}</Text>}
      {totals.unmet === 0 && <Text c="dimmed">{ANALYTICS_MESSAGES.gapsEmpty}</Text>}
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
        <StatCard label="Referrals" value={formatCount(totals.total)} />
        <StatCard label="Unmet" value={formatCount(totals.unmet)} />
        {GAP_KINDS.map((k) => (
          <StatCard key={k} label={GAP_KIND_LABELS[k]} value={formatCount(totals[k])} />
        ))}
      </SimpleGrid>

      <Title order={3}>By Need</Title>
      <DataTable<NeedRow>
        label="Service gaps by need"
        columns={needColumns(data)}
        rows={data.by_need}
        rowKey={(r) => r.need}
        fetching={fetching}
        empty="No referrals in this period."
        minWidth={900}
        tableProps={{ striped: true }}
      />

      <Title order={3}>By County</Title>
      <Card withBorder padding="xs">
        <GapsMap counties={data.by_county} />
      </Card>
      <DataTable<CountyRow>
        label="Service gaps by county"
        columns={countyColumns(data)}
        rows={data.by_county}
        rowKey={(r) => r.county_fips ?? `unknown-${r.county}-${r.state ?? ''}`}
        fetching={fetching}
        empty="No referrals in this period."
        minWidth={1000}
        tableProps={{ striped: true }}
      />

      <Title order={3}>Top Reasons</Title>
      <DataTable<ReasonRow>
        label="Top reasons"
        columns={REASON_COLUMNS}
        rows={data.reasons}
        rowKey={(r) => `${r.kind}-${r.reason}`}
        fetching={fetching}
        empty="No reasons recorded in this period."
      />
      <TrendChart data={data} />
    </Stack>
  );
}

export function ServiceGapsPage() {
  const { user } = useAuth();
  const filter = usePeriodFilter(user);
  const gaps = useServiceGaps(filter.query);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async (query: AnalyticsQuery) => {
    setExporting(true);
    try {
      await downloadServiceGapsCsv(query);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error, 'Failed to export the service gaps') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>{ANALYTICS_MESSAGES.gapsTitle}</Title>
      <Text size="sm" c="dimmed">
        Referrals that ended without service, and why: by need, by county and by month. Without a period, the
        last twelve months. Each figure of your organization opens the referrals behind it.
      </Text>

      <PeriodFilter
        value={filter.value}
        onChange={filter.setValue}
        fields={filter.fields}
        operator={filter.operator}
        organizationAvailable={user?.active_cbo_id !== null && user?.active_cbo_id !== undefined}
      >
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => filter.query && void exportCsv(filter.query)}
          loading={exporting}
          disabled={filter.query === null}
        >
          Export CSV
        </Button>
      </PeriodFilter>

      {filter.query === null ? null : gaps.error && !gaps.data ? (
        <LoadErrorAlert
          error={gaps.error}
          title={ANALYTICS_MESSAGES.gapsFetchFailed}
          message={errorText(gaps.error, '') || null}
          retrying={gaps.isFetching}
          onRetry={() => void gaps.refetch()}
        />
      ) : gaps.isPending ? (
        <Text role="status">Loading the service gaps...</Text>
      ) : (
        <>
          {gaps.error && (
            <LoadErrorAlert
              compact
              error={gaps.error}
              message={errorText(gaps.error, ANALYTICS_MESSAGES.gapsFetchFailed)}
              onRetry={() => void gaps.refetch()}
            />
          )}
          <GapsReport data={gaps.data} fetching={gaps.isFetching} />
        </>
      )}
    </Stack>
  );
}
