import { Card, Center, Loader, Text, VisuallyHidden } from '@mantine/core';
import {
  IMPORT_TREND_MONTHS,
  IMPORT_TREND_RED_FACTOR,
  type ImportSchedule,
  type ImportTrend,
} from '@trust/domain';
import { useScheduleTrend } from '../../api/imports/analytics.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { formatUsd, periodLabel, runsText } from './import-format.ts';

// The Analytics tab's cost trends (002 §3 Trend, §9): a schedule's last months of cost as bars.

/** 002 §9: a trend bar is red above 1.2 times the schedule's average. */
export function isAboveAverage(cost: number, average: number): boolean {
  return cost > IMPORT_TREND_RED_FACTOR * average;
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

export function TrendCard({ schedule }: { schedule: ImportSchedule }) {
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
