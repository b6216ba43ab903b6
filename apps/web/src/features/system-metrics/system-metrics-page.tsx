import { BarChart, PieChart } from '@mantine/charts';
import { Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ANALYTICS_MESSAGES, type Metrics } from '@trust/domain';
import { useMetrics } from '../../api/analytics/get-metrics.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { formatCount, formatDays, formatRate, percentOf } from '../../components/analytics/format.ts';
import { PeriodFilter } from '../../components/analytics/period-filter.tsx';
import { StatCard } from '../../components/analytics/stat-card.tsx';
import { usePeriodFilter } from '../../components/analytics/use-period-filter.ts';
import { CHART_COLORS } from '../../components/charts/chart-colors.ts';
import { ChartFigure } from '../../components/charts/chart-figure.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

// 003 §2.5, §3 Metrics, §7.6; issue #20: the System Metrics Dashboard of a period, for the organization's
// admins (their organization) and platform operators (the whole network, or their active organization). Every
// figure comes from GET /api/metrics; rates are fractions shown as percents with one decimal.

/** How the referrals of the period stand: served, ended without service, still open (the pie). */
export function outcomeSlices(metrics: Metrics) {
  return [
    { name: 'Succeeded', value: metrics.counts.succeeded, color: CHART_COLORS[0] },
    { name: 'Ended without service', value: metrics.counts.failed, color: CHART_COLORS[3] },
    { name: 'Still open', value: metrics.counts.open, color: CHART_COLORS[1] },
  ];
}

function OutcomeChart({ metrics }: { metrics: Metrics }) {
  const slices = outcomeSlices(metrics);
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        Referral Outcomes
      </Title>
      {total === 0 ? (
        <Text c="dimmed" size="sm">
          No referrals to chart in this period.
        </Text>
      ) : (
        <ChartFigure
          label="Referral outcomes"
          testId="outcome-chart"
          columns={[
            { header: 'Outcome', cells: slices.map((s) => s.name) },
            { header: 'Referrals', cells: slices.map((s) => formatCount(s.value)) },
            { header: 'Share', cells: slices.map((s) => formatRate(s.value / total)) },
          ]}
        >
          <Group justify="center">
            <PieChart
              data={slices.filter((s) => s.value > 0)}
              withTooltip
              tooltipDataSource="segment"
              withLabels
              labelsType="percent"
              size={200}
              accessibilityLayer={false}
              // Out of the tab order: the chart is one image to assistive technology, its table says it all.
              pieProps={{ rootTabIndex: -1 }}
            />
          </Group>
          <Group justify="center" gap="md" mt="xs">
            {slices.map((s) => (
              <Group key={s.name} gap={6} wrap="nowrap">
                <span
                  style={{
                    display: 'inline-block',
                    width: 12,
                    height: 12,
                    borderRadius: 3,
                    background: `var(--mantine-color-${s.color.replace('.', '-')})`,
                  }}
                />
                <Text size="sm">
                  {s.name}: {formatCount(s.value)}
                </Text>
              </Group>
            ))}
          </Group>
        </ChartFigure>
      )}
    </Card>
  );
}

function TopCbosChart({ metrics }: { metrics: Metrics }) {
  const data = metrics.top_cbos.map((c) => ({ name: c.name, success: percentOf(c.success_rate) }));
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        Success Rate of the Top Performing CBOs
      </Title>
      {data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No organization has ended referrals in this period.
        </Text>
      ) : (
        <ChartFigure
          label="Success rate of the top performing CBOs"
          testId="top-cbos-chart"
          columns={[
            { header: 'Organization', cells: metrics.top_cbos.map((c) => c.name) },
            { header: 'Success rate', cells: metrics.top_cbos.map((c) => formatRate(c.success_rate)) },
          ]}
        >
          <BarChart
            h={240}
            data={data}
            dataKey="name"
            series={[{ name: 'success', label: 'Success rate', color: CHART_COLORS[0] }]}
            yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
            unit="%"
            // Axis ticks read 0–100; a bar's tooltip keeps its one decimal.
            valueFormatter={(v) => (Number.isInteger(v) ? String(v) : v.toFixed(1))}
            accessibilityLayer={false}
          />
        </ChartFigure>
      )}
    </Card>
  );
}

function MetricsReport({ metrics }: { metrics: Metrics }) {
  const { counts } = metrics;
  const empty = metrics.total_referrals === 0;
  return (
    <Stack gap="md">
      {empty && (
        <Text c="dimmed" data-testid="metrics-empty">
          No referrals in this period yet: every figure is zero.
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Total Referrals" value={formatCount(metrics.total_referrals)} />
        <StatCard label="Total Feedback" value={formatCount(metrics.total_feedback)} />
        <StatCard
          label="Success Rate"
          value={formatRate(metrics.success_rate)}
          hint={`${formatCount(counts.succeeded)} of ${formatCount(counts.ended)} ended`}
        />
        <StatCard label="Avg Response Time" value={formatDays(metrics.avg_response_time_days)} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <OutcomeChart metrics={metrics} />
        <TopCbosChart metrics={metrics} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard
          label="Acceptance Rate"
          value={formatRate(metrics.acceptance_rate)}
          hint={`${formatCount(counts.accepted)} of ${formatCount(counts.answered)} answers`}
        />
        <StatCard
          label="Rejection Rate"
          value={formatRate(metrics.rejection_rate)}
          hint={`${formatCount(counts.rejected)} of ${formatCount(counts.answered)} answers`}
        />
        <StatCard
          label="Failure Rate"
          value={formatRate(metrics.failure_rate)}
          hint={`${formatCount(counts.failed)} of ${formatCount(counts.ended)} ended`}
        />
      </SimpleGrid>

      <Card withBorder>
        <Title order={3} size="h4" mb="sm">
          {ANALYTICS_MESSAGES.topCbos}
        </Title>
        {metrics.top_cbos.length === 0 ? (
          <Text c="dimmed" size="sm">
            No organization has ended referrals in this period.
          </Text>
        ) : (
          <List type="ordered" spacing="xs" aria-label={ANALYTICS_MESSAGES.topCbos}>
            {metrics.top_cbos.map((c) => (
              <List.Item key={c.cbo_id}>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatRate(c.success_rate)} success
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Card>

      <Text size="xs" c="dimmed">
        {metrics.scope === 'network' ? 'Whole network' : 'Your organization'} · computed{' '}
        {formatDateTime(metrics.computed_at)}
      </Text>
    </Stack>
  );
}

export function SystemMetricsPage() {
  const { user } = useAuth();
  const filter = usePeriodFilter(user);
  const metrics = useMetrics(filter.query);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{ANALYTICS_MESSAGES.metricsTitle}</Title>
        <Button
          leftSection={<IconRefresh size={16} />}
          onClick={() => void metrics.refetch()}
          loading={metrics.isFetching && !metrics.isPending}
          disabled={filter.query === null}
        >
          {ANALYTICS_MESSAGES.refresh}
        </Button>
      </Group>

      <PeriodFilter
        value={filter.value}
        onChange={filter.setValue}
        fields={filter.fields}
        operator={filter.operator}
        organizationAvailable={user?.active_cbo_id !== null && user?.active_cbo_id !== undefined}
      />

      {filter.query === null ? null : metrics.error && !metrics.data ? (
        <LoadErrorAlert
          error={metrics.error}
          title={ANALYTICS_MESSAGES.metricsErrorTitle}
          message={errorText(metrics.error, ANALYTICS_MESSAGES.metricsFetchFailed)}
          retrying={metrics.isFetching}
          onRetry={() => void metrics.refetch()}
        />
      ) : metrics.isPending ? (
        <Text role="status">{ANALYTICS_MESSAGES.metricsLoading}</Text>
      ) : (
        <>
          {metrics.error && (
            <LoadErrorAlert
              compact
              error={metrics.error}
              message={errorText(metrics.error, ANALYTICS_MESSAGES.metricsFetchFailed)}
              onRetry={() => void metrics.refetch()}
            />
          )}
          <MetricsReport metrics={metrics.data} />
        </>
      )}
    </Stack>
  );
}
