import { Card, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A figure, as a group named by its label (so it reads "Total Referrals, 42"). */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder padding="sm" role="group" aria-labelledby={id}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={id}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
