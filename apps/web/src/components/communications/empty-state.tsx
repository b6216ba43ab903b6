import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A title and a line of help where a list has nothing yet (001 §2.10–§2.13 empty states). */
export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap={4} align="center" ta="center">
        <Text fw={600}>{title}</Text>
        {text && (
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
