import { Button, Group, Paper, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { describeGapFilters, type GapQueueFilters } from './queue-filters.ts';

/** Issue #20: the queue opened from a Service Gaps figure says so, lists its filters and can drop them. */
export function GapFilterBar({ filters, onClear }: { filters: GapQueueFilters; onClear: () => void }) {
  const words = describeGapFilters(filters);
  if (words.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="var(--mantine-color-blue-light)"
      component="section"
      aria-labelledby="gap-filters-title"
    >
      <Group justify="space-between" gap="sm">
        <Group gap="md" wrap="wrap">
          <Text fw={600} id="gap-filters-title">
            Filtered from Service Gaps
          </Text>
          {words.map((w) => (
            <Text key={w.label} size="sm" data-testid="gap-filter">
              <Text span c="dimmed" size="sm">
                {`${w.label}: `}
              </Text>
              {w.value}
            </Text>
          ))}
        </Group>
        <Button variant="default" size="xs" leftSection={<IconFilterOff size={14} />} onClick={onClear}>
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}
