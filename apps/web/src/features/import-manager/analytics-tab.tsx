import { Alert, Center, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  IMPORT_ANALYTICS_SCHEDULES,
  IMPORT_SCHEDULE_MESSAGES,
  IMPORT_TREND_MONTHS,
  type ImportRecommendation,
  type ImportSchedule,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useMonthlyCosts } from '../../api/imports/analytics.ts';
import { useImportSchedules, useUpdateScheduleTiming } from '../../api/imports/schedules.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { CostSummary } from './cost-summary.tsx';
import { TrendCard } from './cost-trend.tsx';
import { recentPeriods } from './import-format.ts';
import { RecommendationCard, suggestedTime } from './recommendation-card.tsx';

// The Analytics tab of the Import Manager (002 §2 "Analytics", §3 Cost/Trend/Recommendation, §8, §9; issue #18
// items 4 and 5): a month's import costs, the cost trend and a timing recommendation of the first 5 schedules.
// Every figure comes from the server's recorded runs; a failed load shows why and a Retry, never sample data.

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
