import { Badge, Button, Card, Group, List, Loader, Stack, Text } from '@mantine/core';
import {
  confidenceColor,
  IMPORT_RECOMMENDATION_APPLY_CONFIDENCE,
  IMPORT_WEEKDAYS,
  type ImportRecommendation,
  type ImportSchedule,
} from '@trust/domain';
import { ApiError, errorText } from '../../api/errors.ts';
import { useOptimalTime } from '../../api/imports/analytics.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { runsText } from './import-format.ts';

// The Analytics tab's timing recommendation of a schedule (002 §3 Recommendation, §9), with its Apply.

/** 002 §9 confidence colours (green, amber, red) as the theme's colours (amber is its yellow). */
function confidenceThemeColor(confidence: number): string {
  const color = confidenceColor(confidence);
  return color === 'amber' ? 'yellow' : color;
}

/** "Tuesday at 03:00 UTC". */
export function suggestedTime(rec: Pick<ImportRecommendation, 'suggested_day' | 'suggested_hour'>): string {
  return `${IMPORT_WEEKDAYS[rec.suggested_day] ?? `Day ${rec.suggested_day}`} at ${String(rec.suggested_hour).padStart(2, '0')}:00 UTC`;
}

export function RecommendationCard({
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
