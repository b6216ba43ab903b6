import { Loader, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReferralFigures } from '@trust/domain';
import { useState } from 'react';
import { useDashboardStats } from '../../api/dashboard/get-dashboard-stats.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

type View = 'personal' | 'organization';

function percent(rate: number | null) {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

function hours(value: number | null) {
  return value === null ? '—' : `${value.toFixed(1)} hours`;
}

/** The stat cards of 003 §2.4 with the Personal / Organization toggle, figures from the server. */
export function StatCards() {
  const [view, setView] = useState<View>('personal');
  const stats = useDashboardStats();

  let body: React.ReactNode;
  if (stats.isPending) body = <Loader size="sm" aria-label="Loading statistics" />;
  else if (stats.isError)
    body = (
      <LoadErrorAlert
        error={stats.error}
        what="statistics"
        message={stats.error.message}
        onRetry={() => void stats.refetch()}
      />
    );
  else {
    const f: ReferralFigures = stats.data[view];
    const cards = [
      { label: 'Total referrals', value: String(f.total) },
      { label: 'Pending', value: String(f.pending) },
      { label: 'Completed', value: String(f.completed) },
      { label: 'Success rate', value: percent(f.success_rate) },
      { label: 'Avg. response time', value: hours(f.avg_response_hours) },
      { label: 'Active cases', value: String(f.active) },
    ];
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {cards.map((c) => (
          <Paper key={c.label} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {c.label}
            </Text>
            <Text fw={700} size="xl">
              {c.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Title order={3} size="h4">
            Your Performance
          </Title>
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as View)}
            data={[
              { value: 'personal', label: 'Personal' },
              { value: 'organization', label: 'Organization' },
            ]}
            size="xs"
          />
        </SimpleGrid>
        {body}
      </Stack>
    </Paper>
  );
}
