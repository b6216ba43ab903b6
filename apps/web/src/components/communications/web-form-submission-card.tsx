import { Badge, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { WEB_FORM_FINISHED, type WebFormSubmission, webFormSubmissionStatus } from '@trust/domain';
import { formatDateTime } from '../format-date.ts';

const STATUS_COLORS = {
  Submitted: 'green',
  Attempted: 'yellow',
  Filled: 'blue',
  'In progress': 'gray',
} as const;

/** 001 §3 displayed status of an ended run; a run still queued or running says so. */
function displayedStatus(record: WebFormSubmission): keyof typeof STATUS_COLORS {
  // Older answers have no status: their runs had ended.
  if (record.status && !WEB_FORM_FINISHED.includes(record.status)) return 'In progress';
  return webFormSubmissionStatus(record);
}

/** A stored screenshot is base64 PNG (001 §3); a data URL is accepted as it is. */
export function screenshotSrc(value: string): string {
  return value.startsWith('data:') ? value : `data:image/png;base64,${value}`;
}

/**
 * 001 §3 web form submission record: status Submitted / Attempted / Filled, the fields filled, the page's URL
 * and title, the message or error, and both screenshots.
 */
export function WebFormSubmissionCard({
  record,
  showFields = false,
  component = 'li',
}: {
  record: WebFormSubmission;
  /** Name each field and whether it was filled (the Web Form tab's result). */
  showFields?: boolean;
  component?: 'li' | 'div';
}) {
  const status = displayedStatus(record);
  const fields = Object.entries(record.fields_filled);
  const filled = fields.filter(([, ok]) => ok).length;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component={component}
      aria-label={`Web form ${record.page_title ?? ''}`.trim()}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconWorldWww size={18} aria-hidden />
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {record.page_title ?? record.page_url ?? 'Web form'}
            </Text>
          </Group>
          <Badge color={STATUS_COLORS[status]} variant="light">
            {status}
          </Badge>
        </Group>
        {record.page_url && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {record.page_url}
          </Text>
        )}
        {fields.length > 0 && (
          <Text size="sm">
            {filled} of {fields.length} fields filled
          </Text>
        )}
        {showFields && fields.length > 0 && (
          <Group gap={6} aria-label="Fields filled">
            {fields.map(([name, ok]) => (
              <Badge key={name} size="sm" variant="outline" color={ok ? 'green' : 'gray'}>
                {name}: {ok ? 'filled' : 'not filled'}
              </Badge>
            ))}
          </Group>
        )}
        {record.message && <Text size="sm">{record.message}</Text>}
        {record.error && (
          <Text size="sm" c="red">
            Error: {record.error}
          </Text>
        )}
        {(record.screenshot_before || record.screenshot_after) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {record.screenshot_before && (
              <Image src={screenshotSrc(record.screenshot_before)} alt="Form before filling" radius="sm" />
            )}
            {record.screenshot_after && (
              <Image src={screenshotSrc(record.screenshot_after)} alt="Form after filling" radius="sm" />
            )}
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed">
          {formatDateTime(record.created_at)}
        </Text>
      </Stack>
    </Paper>
  );
}
