import { Group, Loader, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useLandingStats } from '../../api/stats/get-landing-stats.ts';

const numberFormat = new Intl.NumberFormat('en-US');

/** 003 §2.3: live counts of referrals, providers and auto-matched referrals, from GET /api/stats/landing. */
export function LiveCounts() {
  const stats = useLandingStats();
  return (
    <section aria-labelledby="live-counts-title">
      <Title order={2} size="h3" id="live-counts-title" mb="sm">
        Right now on Trust Marketplace
      </Title>
      {stats.isPending ? (
        <Group gap="xs" role="status" aria-label="Loading live counts">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading live counts...
          </Text>
        </Group>
      ) : stats.isError ? (
        <Text size="sm" c="dimmed">
          Live counts are unavailable right now.
        </Text>
      ) : (
        <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'sm' }}>
          <Count label="Referrals" value={numberFormat.format(stats.data.referrals_count)} />
          <Count label="Providers" value={numberFormat.format(stats.data.providers_count)} />
          <Count
            label="Auto-matched"
            value={`${stats.data.auto_matched_percent}%`}
            hint={`${numberFormat.format(stats.data.auto_matched_count)} of ${numberFormat.format(stats.data.referrals_count)} referrals`}
          />
        </SimpleGrid>
      )}
    </section>
  );
}

function Count({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
      <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 28 }} fw={800} lh={1.2} data-testid={`count-${label.toLowerCase()}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
