import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReferralCounts } from '@trust/domain';

function Counter({ label, caption, value }: { label: string; caption: string; value: number | undefined }) {
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`${label}: ${value ?? 'loading'}`} role="group">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`counter-${label.toLowerCase()}`}>
        {value ?? '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Paper>
  );
}

/**
 * 000 §2.3 summary counters, for the current search and filters except status (000 §4.1: Assigned = Matched +
 * Authorized + In Progress + Completed).
 */
export function QueueCounters({ counts }: { counts: ReferralCounts | undefined }) {
  return (
    <SimpleGrid cols={3} spacing="xs">
      <Counter label="Published" caption="Total" value={counts?.all} />
      <Counter label="Pending" caption="Awaiting assignment" value={counts?.pending} />
      <Counter label="Assigned" caption="Matched & completed" value={counts?.assigned} />
    </SimpleGrid>
  );
}
