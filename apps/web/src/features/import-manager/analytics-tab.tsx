import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  confidenceColor,
  IMPORT_ANALYTICS_SCHEDULES,
  IMPORT_COST_TYPE_LABELS,
  IMPORT_COST_TYPES,
  IMPORT_DATA_SOURCES,
  IMPORT_PERIOD_MONTHS,
  IMPORT_RECOMMENDATION_APPLY_CONFIDENCE,
  IMPORT_SCHEDULE_MESSAGES,
  IMPORT_TREND_MONTHS,
  IMPORT_TREND_RED_FACTOR,
  IMPORT_WEEKDAYS,
  type ImportMonthlyCost,
  type ImportRecommendation,
  type ImportSchedule,
  type ImportTrend,
} from '@trust/domain';
import { useId, useState } from 'react';
import { ApiError, errorText } from '../../api/errors.ts';
import { useMonthlyCosts, useOptimalTime, useScheduleTrend } from '../../api/imports/analytics.ts';
import { useImportSchedules, useUpdateScheduleTiming } from '../../api/imports/schedules.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { formatCount, formatUsd, sourceLabel } from './import-format.ts';

// The Analytics tab of the Import Manager (002 §2 "Analytics", §3 Cost/Trend/Recommendation, §8, §9; issue #18
// items 4 and 5): a month's import costs, the cost trend and a timing recommendation of the first 5 schedules.
// Every figure comes from the server's recorded runs; a failed load shows why and a Retry, never sample data.

/** A billing period (YYYY-MM, UTC) as a reader says it: "November 2026". */
export function periodLabel(period: string, month: 'long' | 'short' = 'long'): string {
  const [year, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', {
    month,
    year: month === 'long' ? 'numeric' : undefined,
    timeZone: 'UTC',
  });
}

/** 002 §9: the last 12 months (UTC), this one first, as options of the month selector. */
export function recentPeriods(
  now: Date = new Date(),
  count: number = IMPORT_PERIOD_MONTHS,
): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const value = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
      .toISOString()
      .slice(0, 7);
    return { value, label: periodLabel(value) };
  });
}

/** 002 §9: a trend bar is red above 1.2 times the schedule's average. */
export function isAboveAverage(cost: number, average: number): boolean {
  return cost > IMPORT_TREND_RED_FACTOR * average;
}

/** 002 §9 confidence colours (green, amber, red) as the theme's colours (amber is its yellow). */
function confidenceThemeColor(confidence: number): string {
  const color = confidenceColor(confidence);
  return color === 'amber' ? 'yellow' : color;
}

/** "Tuesday at 03:00 UTC". */
export function suggestedTime(rec: Pick<ImportRecommendation, 'suggested_day' | 'suggested_hour'>): string {
  return `${IMPORT_WEEKDAYS[rec.suggested_day] ?? `Day ${rec.suggested_day}`} at ${String(rec.suggested_hour).padStart(2, '0')}:00 UTC`;
}

/** The known keys first, in their own order, then any other the server names. */
function orderedKeys(record: Record<string, unknown>, known: readonly string[]): string[] {
  return [
    ...known.filter((k) => k in record),
    ...Object.keys(record)
      .filter((k) => !known.includes(k))
      .sort(),
  ];
}

function costTypeLabel(type: string): string {
  return IMPORT_COST_TYPE_LABELS[type as keyof typeof IMPORT_COST_TYPE_LABELS] ?? type;
}

function runsText(n: number): string {
  return `${formatCount(n)} run${n === 1 ? '' : 's'}`;
}

function BreakdownTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: { key: string; label: string; total: number; count: number }[];
}) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={600} id={id} mb={4}>
        {caption}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded.
        </Text>
      ) : (
        <Table aria-labelledby={id} verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{head}</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
              <Table.Th ta="right">Runs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{formatUsd(r.total)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

function CostSummary({ cost, period }: { cost: ImportMonthlyCost; period: string }) {
  const byType = orderedKeys(cost.by_type, IMPORT_COST_TYPES).map((key) => ({
    key,
    label: costTypeLabel(key),
    total: cost.by_type[key]?.total ?? 0,
    count: cost.by_type[key]?.count ?? 0,
  }));
  const bySource = orderedKeys(cost.by_source, IMPORT_DATA_SOURCES).map((key) => ({
    key,
    label: sourceLabel(key),
    total: cost.by_source[key]?.total ?? 0,
    count: cost.by_source[key]?.count ?? 0,
  }));
  return (
    <Card withBorder padding="md" component="section" aria-label={`Costs of ${periodLabel(period)}`}>
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Total for {periodLabel(period)}
          </Text>
          <Text size="xl" fw={700}>
            {formatUsd(cost.total)}
          </Text>
          <Text size="sm" c="dimmed">
            {cost.runs === 0
              ? 'No import run ended this month.'
              : `From ${runsText(cost.runs)} that ended this month`}
          </Text>
        </div>
        {cost.runs > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <BreakdownTable caption="By type" head="Type" rows={byType} />
            <BreakdownTable caption="By source" head="Source" rows={bySource} />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

const CHART_HEIGHT = 120;
/** The month label under the bars, a fixed height so the red line's height matches the bars'. */
const LABEL_HEIGHT = 20;
/** Room above the tallest bar for its figure. */
const FIGURE_HEIGHT = 20;

/** Six months of a schedule's cost as bars; a bar above 1.2 × its average is red (and says so). */
export function TrendBars({ name, trend }: { name: string; trend: ImportTrend }) {
  const max = Math.max(...trend.trend.map((t) => t.cost), IMPORT_TREND_RED_FACTOR * trend.average, 0);
  const threshold = IMPORT_TREND_RED_FACTOR * trend.average;
  const height = (value: number) => (max > 0 ? (value / max) * CHART_HEIGHT : 0);
  return (
    <div>
      <div style={{ position: 'relative' }}>
        {trend.average > 0 && (
          // The red line: bars that cross it are red (colour is not the only sign).
          <div
            aria-hidden
            style={{
              position: 'absolute',
              left: 0,
              right: 0,
              bottom: height(threshold) + LABEL_HEIGHT,
              borderTop: '1px dashed var(--mantine-color-red-6)',
            }}
          />
        )}
        <ul
          aria-label={`${name}: cost per month`}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'flex',
            alignItems: 'flex-end',
            gap: 8,
            height: CHART_HEIGHT + FIGURE_HEIGHT + LABEL_HEIGHT,
          }}
        >
          {trend.trend.map((t) => {
            const above = isAboveAverage(t.cost, trend.average);
            return (
              <li
                key={t.period}
                style={{
                  flex: 1,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'flex-end',
                  minWidth: 0,
                }}
              >
                <Text size="xs" c={above ? 'red.8' : undefined} fw={above ? 700 : undefined}>
                  {formatUsd(t.cost)}
                </Text>
                <div
                  data-testid={`trend-bar-${t.period}`}
                  aria-hidden
                  style={{
                    width: '70%',
                    maxWidth: 36,
                    height: Math.max(height(t.cost), t.cost > 0 ? 2 : 1),
                    background: above ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-teal-6)',
                    borderRadius: '3px 3px 0 0',
                  }}
                />
                <Text
                  size="xs"
                  c="dimmed"
                  title={periodLabel(t.period)}
                  style={{ height: LABEL_HEIGHT, lineHeight: `${LABEL_HEIGHT}px`, whiteSpace: 'nowrap' }}
                >
                  {periodLabel(t.period, 'short')}
                  <VisuallyHidden>
                    {` ${t.period.slice(0, 4)}, ${runsText(t.runs)}${above ? ', above 1.2 × the average' : ''}`}
                  </VisuallyHidden>
                </Text>
              </li>
            );
          })}
        </ul>
      </div>
      <Text size="xs" c="dimmed" mt={4}>
        Average {formatUsd(trend.average)} a month; red above {formatUsd(threshold)} (1.2 × the average).
      </Text>
    </div>
  );
}

function TrendCard({ schedule }: { schedule: ImportSchedule }) {
  const trend = useScheduleTrend(schedule.id, IMPORT_TREND_MONTHS);
  return (
    <Card withBorder padding="md" component="section" aria-label={`Cost trend of ${schedule.name}`}>
      <Text fw={600} mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {schedule.name}
      </Text>
      {trend.isPending ? (
        <Center h={CHART_HEIGHT}>
          <Loader size="sm" aria-label={`Loading the cost trend of ${schedule.name}`} />
        </Center>
      ) : trend.error ? (
        <LoadErrorAlert
          error={trend.error}
          compact
          onRetry={() => void trend.refetch()}
          retrying={trend.isFetching}
        />
      ) : (
        <TrendBars name={schedule.name} trend={trend.data} />
      )}
    </Card>
  );
}

function RecommendationCard({
  schedule,
  onApply,
}: {
  schedule: ImportSchedule;
  onApply: (rec: ImportRecommendation) => void;
}) {
  const rec = useOptimalTime(schedule.id);
  const applied = rec.data
    ? schedule.frequency === 'custom' && schedule.cron_expression === rec.data.cron_expression
    : false;
  const canApply = rec.data ? rec.data.confidence >= IMPORT_RECOMMENDATION_APPLY_CONFIDENCE : false;
  return (
    <Card withBorder padding="md" component="section" aria-label={`Recommendation for ${schedule.name}`}>
      <Stack gap="xs">
        <div>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {schedule.name}
          </Text>
          <Text size="xs" c="dimmed">
            Now: {schedule.frequency} <code>{schedule.cron_expression}</code> (UTC)
          </Text>
        </div>
        {rec.isPending ? (
          <Loader size="sm" aria-label={`Loading the recommendation for ${schedule.name}`} />
        ) : rec.error ? (
          rec.error instanceof ApiError && rec.error.status === 422 ? (
            // Too few runs yet: not a failure, the server says how many it has.
            <Text size="sm" c="dimmed">
              {errorText(rec.error, 'Not enough runs for a recommendation yet.')}
            </Text>
          ) : (
            <LoadErrorAlert
              error={rec.error}
              compact
              onRetry={() => void rec.refetch()}
              retrying={rec.isFetching}
            />
          )
        ) : (
          <>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">
                Suggested: <strong>{suggestedTime(rec.data)}</strong>
              </Text>
              <Badge color={confidenceThemeColor(rec.data.confidence)} variant="light" c="dark.6" tt="none">
                Confidence {Math.round(rec.data.confidence * 100)}%
              </Badge>
            </Group>
            {rec.data.reasoning.length > 0 && (
              <List size="sm" spacing={2}>
                {rec.data.reasoning.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            )}
            <Text size="xs" c="dimmed">
              From {runsText(rec.data.runs_considered)}; cron <code>{rec.data.cron_expression}</code>
            </Text>
            {applied ? (
              <Badge color="teal" variant="light" c="dark.6" tt="none" style={{ alignSelf: 'flex-start' }}>
                Applied
              </Badge>
            ) : (
              <Group gap="xs" wrap="wrap">
                <Button
                  size="xs"
                  disabled={!canApply}
                  onClick={() => onApply(rec.data)}
                  aria-label={`Apply the recommendation for ${schedule.name}`}
                >
                  Apply
                </Button>
                {!canApply && (
                  <Text size="xs" c="dimmed">
                    Applying needs a confidence of at least{' '}
                    {Math.round(IMPORT_RECOMMENDATION_APPLY_CONFIDENCE * 100)}%.
                  </Text>
                )}
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** 002 §2 Analytics: the month's costs, then the first 5 schedules' trends and recommendations. */
export function AnalyticsTab() {
  const [periods] = useState(() => recentPeriods());
  const [period, setPeriod] = useState(() => periods[0]?.value ?? '');
  const costs = useMonthlyCosts(period);
  const list = useImportSchedules();
  const update = useUpdateScheduleTiming();
  const [confirming, setConfirming] = useState<{
    schedule: ImportSchedule;
    rec: ImportRecommendation;
  } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const all = list.data?.schedules ?? [];
  const shown = all.slice(0, IMPORT_ANALYTICS_SCHEDULES);

  const apply = () => {
    const target = confirming;
    if (!target) return;
    update.mutate(
      { id: target.schedule.id, frequency: 'custom', cron_expression: target.rec.cron_expression },
      {
        onSuccess: () => {
          setConfirming(null);
          setFailure(null);
          notifications.show({
            color: 'teal',
            icon: <IconCircleCheck size={18} />,
            message: `${target.schedule.name} now runs every ${suggestedTime(target.rec)}.`,
          });
        },
        onError: (error) => {
          setConfirming(null);
          const detail = errorText(error, '');
          setFailure(
            detail
              ? `${IMPORT_SCHEDULE_MESSAGES.applyFailed}: ${detail}`
              : IMPORT_SCHEDULE_MESSAGES.applyFailed,
          );
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={3}>Cost summary</Title>
            <Text size="sm" c="dimmed">
              What the import runs that ended in the month cost (UTC months)
            </Text>
          </div>
          <NativeSelect
            label="Month"
            value={period}
            data={periods}
            onChange={(e) => setPeriod(e.currentTarget.value)}
          />
        </Group>
        {costs.error && !costs.data ? (
          <LoadErrorAlert
            error={costs.error}
            what="the month's costs"
            onRetry={() => void costs.refetch()}
            retrying={costs.isFetching}
          />
        ) : costs.isPending ? (
          <Center py="lg">
            <Loader aria-label="Loading the month's costs" />
          </Center>
        ) : (
          <CostSummary cost={costs.data} period={period} />
        )}
      </Stack>

      {failure && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      )}

      {list.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading the schedules" />
        </Center>
      ) : list.error && !list.data ? (
        <LoadErrorAlert
          error={list.error}
          what="the schedules"
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : shown.length === 0 ? (
        <Text c="dimmed">
          No schedules yet: cost trends and timing recommendations appear here once a schedule exists.
        </Text>
      ) : (
        <>
          <Stack gap="sm">
            <div>
              <Title order={3}>Cost trends</Title>
              <Text size="sm" c="dimmed">
                The last {IMPORT_TREND_MONTHS} months of{' '}
                {all.length > shown.length
                  ? `the first ${shown.length} of ${all.length} schedules`
                  : shown.length === 1
                    ? 'the schedule'
                    : `the ${shown.length} schedules`}
                ; a red bar costs more than 1.2 × the schedule's average.
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
              {shown.map((s) => (
                <TrendCard key={s.id} schedule={s} />
              ))}
            </SimpleGrid>
          </Stack>

          <Stack gap="sm">
            <div>
              <Title order={3}>Smart scheduling recommendations</Title>
              <Text size="sm" c="dimmed">
                The weekday and hour (UTC) each schedule's past runs went best. Confidence: green at 80% or
                more, amber at 60% or more, red below.
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
              {shown.map((s) => (
                <RecommendationCard
                  key={s.id}
                  schedule={s}
                  onApply={(rec) => setConfirming({ schedule: s, rec })}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title="Apply recommendation"
        message={
          confirming
            ? `Run ${confirming.schedule.name} every ${suggestedTime(confirming.rec)}? Its frequency becomes custom, with the cron ${confirming.rec.cron_expression} (was ${confirming.schedule.frequency}, ${confirming.schedule.cron_expression}).`
            : ''
        }
        confirmLabel="Apply"
        busy={update.isPending}
        onConfirm={apply}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
