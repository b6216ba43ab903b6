import { Box, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { AutoMatchOverview } from '@trust/domain';
import { formatDateTime } from '../../components/format-date.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box role="group" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Box>
  );
}

/** 001 §2.9 Algorithm Status panel, from the server's figures (last run = newest auto_matched_at). */
export function AlgorithmStatus({
  algorithm,
  refreshing,
  onRefresh,
}: {
  algorithm: AutoMatchOverview['algorithm'];
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <Card withBorder aria-label="Algorithm Status">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Algorithm Status</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={refreshing}
          onClick={onRefresh}
        >
          Refresh
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Status" value={algorithm.status} />
        <Figure label="Last Run" value={formatDateTime(algorithm.last_run, 'Never')} />
        <Figure label="Auto-Matched" value={String(algorithm.auto_matched_count)} />
        <Figure label="Pending" value={String(algorithm.pending_count)} />
      </SimpleGrid>
    </Card>
  );
}
