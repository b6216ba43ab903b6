import { Paper, SimpleGrid, Text } from '@mantine/core';
import { type PerformanceSummary, qualityColor } from '@trust/domain';

/** 001 §2.19 summary cards: Providers, Quality, Rating, Total; figures from the server over every filtered provider. */
export function SummaryCards({ summary }: { summary: PerformanceSummary }) {
  const cards = [
    {
      label: 'Providers',
      value: String(summary.providers),
      hint: 'with referrals in this range',
      color: undefined,
    },
    {
      label: 'Quality',
      value: summary.avgQuality === null ? '—' : `${summary.avgQuality}%`,
      hint: 'average data quality',
      color: summary.avgQuality === null ? undefined : qualityColor(summary.avgQuality),
    },
    {
      label: 'Rating',
      value: summary.avgRating === null ? '—' : `${summary.avgRating.toFixed(1)} ★`,
      hint: 'average Google rating',
      color: undefined,
    },
    { label: 'Total', value: String(summary.totalReferrals), hint: 'referrals matched', color: undefined },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {cards.map((c) => (
        <Paper key={c.label} withBorder p="sm" aria-label={`${c.label}: ${c.value}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.label}
          </Text>
          <Text fw={700} size="xl" c={c.color}>
            {c.value}
          </Text>
          <Text size="xs" c="dimmed">
            {c.hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
