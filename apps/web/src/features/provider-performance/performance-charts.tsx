import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import type { ProviderMetrics } from '@trust/domain';
import { type ReactNode, useId, useState } from 'react';
import { ChartFigure } from '../../components/charts/chart-figure.tsx';
import { ChartTableToggle } from '../../components/charts/chart-table-toggle.tsx';
import { formatHours, formatMemberConfirmed, formatRate } from './provider-card.tsx';

// Provider Performance charts (001 §2.19, §4 "Dashboard counting"): the providers on the current page, in the
// page's order (busiest first). Each chart is a ChartFigure: one image for a screen reader, named by its label,
// with a table of the same figures, hidden from sight until 'Show as table' swaps the chart for it.

/** Provider names on the chart's axis are cut to this many characters; the table has them whole. */
const AXIS_NAME_CHARS = 22;
const BAR_ROW_PX = 44;
const CHART_MIN_PX = 160;

function shortName(name: string) {
  return name.length > AXIS_NAME_CHARS ? `${name.slice(0, AXIS_NAME_CHARS - 1)}…` : name;
}

type Column = { header: string; cell: (m: ProviderMetrics) => string };

function ChartCard({
  title,
  chartLabel,
  description,
  providers,
  columns,
  empty,
  chart,
}: {
  title: string;
  chartLabel: string;
  description: string;
  providers: ProviderMetrics[];
  columns: Column[];
  /** Said instead of the chart when no provider has a figure to draw. */
  empty: string | null;
  chart: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const figures = [
    { header: 'Provider', cells: providers.map((m) => m.provider.organization_name) },
    ...columns.map((c) => ({ header: c.header, cells: providers.map(c.cell) })),
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
        <div>
          <Title order={3} size="h5" id={titleId}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </div>
        {empty === null && <ChartTableToggle showTable={asTable} onChange={setAsTable} />}
      </Group>
      {empty !== null ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ChartFigure label={chartLabel} columns={figures} showTable={asTable}>
          {chart}
        </ChartFigure>
      )}
    </Card>
  );
}

export function PerformanceCharts({ providers }: { providers: ProviderMetrics[] }) {
  const data = providers.map((m) => ({
    provider: shortName(m.provider.organization_name),
    acceptanceRate: m.acceptanceRate,
    memberConfirmedRate: m.memberConfirmedRate,
    avgAcceptanceTime: m.avgAcceptanceTime,
  }));
  const height = Math.max(CHART_MIN_PX, providers.length * BAR_ROW_PX);
  const rateLabel = 'Acceptance rate and member-confirmed rate by provider, in percent';
  const timeLabel = 'Mean hours from match to acceptance by provider';
  const noRates = providers.every((m) => m.acceptanceRate === null && m.memberConfirmedRate === null);
  const noTimes = providers.every((m) => m.avgAcceptanceTime === null);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard
        title="Acceptance and member-confirmed rate"
        chartLabel={rateLabel}
        description="Percent of matched referrals accepted; percent of members' answers that were YES"
        providers={providers}
        columns={[
          { header: 'Acceptance rate', cell: (m) => formatRate(m.acceptanceRate) },
          { header: 'Member-confirmed rate', cell: (m) => formatMemberConfirmed(m) },
        ]}
        empty={noRates ? 'No acceptance or member answers to chart yet.' : null}
        chart={
          <BarChart
            h={height}
            data={data}
            dataKey="provider"
            orientation="vertical"
            series={[
              { name: 'acceptanceRate', label: 'Acceptance rate', color: 'teal.6' },
              { name: 'memberConfirmedRate', label: 'Member-confirmed rate', color: 'indigo.6' },
            ]}
            valueFormatter={(value) => `${value}%`}
            withLegend
            xAxisProps={{ domain: [0, 100] }}
            yAxisProps={{ width: 150 }}
            gridAxis="x"
          />
        }
      />
      <ChartCard
        title="Time to accept"
        chartLabel={timeLabel}
        description="Mean hours from match to acceptance of the accepted referrals"
        providers={providers}
        columns={[{ header: 'Mean time to accept', cell: (m) => formatHours(m.avgAcceptanceTime) }]}
        empty={noTimes ? 'No accepted referrals to chart yet.' : null}
        chart={
          <BarChart
            h={height}
            data={data}
            dataKey="provider"
            orientation="vertical"
            series={[{ name: 'avgAcceptanceTime', label: 'Mean hours to accept', color: 'blue.6' }]}
            valueFormatter={(value) => `${value} h`}
            yAxisProps={{ width: 150 }}
            gridAxis="x"
          />
        }
      />
    </SimpleGrid>
  );
}
