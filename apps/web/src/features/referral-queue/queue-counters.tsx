import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReferralCounts } from '@trust/domain';

function Counter({ label, caption, value }: { label: string; caption: string; value: number | undefined }) {
  return (
    <Paper
      withBorder
      p={{ base: 6, xs: 'sm' }}
      radius="md"
      aria-label={`${label}: ${value ?? 'loading'}`}
      role="group"
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        fz={{ base: 'lg', xs: 'xl' }}
        fw={700}
        data-testid={`counter-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}
      >
        {value ?? '—'}
      </Text>
      {/* On a phone the seven counters fit in two short rows: the captions only explain, the labels name. */}
      <Text size="xs" c="dimmed" visibleFrom="xs">
        {caption}
      </Text>
    </Paper>
  );
}

/**
 * 000 §2.3 summary counters, for the current search and filters except status (000 §4.1: Assigned = Matched +
 * Authorized + In Progress + Completed), and the statuses that counter leaves out (issue #14), so that the
 * counters add up to Published: Accepted, On Hold, Needs re-matching (Rejected or Expired) and Closed
 * (Cancelled).
 */
export function queueCounters(counts: ReferralCounts | undefined) {
  const sum = (...values: (number | undefined)[]) =>
    counts ? values.reduce<number>((n, v) => n + (v ?? 0), 0) : undefined;
  return [
    { label: 'Published', caption: 'Total', value: counts?.all },
    { label: 'Pending', caption: 'Awaiting assignment', value: counts?.pending },
    { label: 'Assigned', caption: 'Matched & completed', value: counts?.assigned },
    { label: 'Accepted', caption: 'Provider accepted', value: counts?.accepted },
    { label: 'On Hold', caption: 'Service paused', value: counts?.on_hold },
    {
      label: 'Needs re-matching',
      caption: 'Declined or expired',
      value: sum(counts?.rejected, counts?.expired),
    },
    { label: 'Closed', caption: 'Cancelled', value: counts?.cancelled },
  ];
}

export function QueueCounters({ counts }: { counts: ReferralCounts | undefined }) {
  return (
    <SimpleGrid cols={{ base: 4, md: 7 }} spacing={6}>
      {queueCounters(counts).map((c) => (
        <Counter key={c.label} label={c.label} caption={c.caption} value={c.value} />
      ))}
    </SimpleGrid>
  );
}
