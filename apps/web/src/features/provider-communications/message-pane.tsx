import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * 001 §2.10 message pane: the Compose/Cancel toggle above either the compose form or the chosen thread.
 */
export function MessagePane({
  composing,
  onToggle,
  compose,
  children,
}: {
  composing: boolean;
  onToggle: () => void;
  compose: ReactNode;
  /** The chosen thread's panel, or null when none is chosen. */
  children: ReactNode | null;
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{composing ? 'New message' : 'Messages'}</Title>
        <Button
          size="xs"
          variant={composing ? 'default' : 'filled'}
          leftSection={composing ? <IconX size={14} /> : <IconPencil size={14} />}
          onClick={onToggle}
        >
          {composing ? 'Cancel' : 'Compose'}
        </Button>
      </Group>
      {composing ? (
        <Paper withBorder radius="md" p="md">
          {compose}
        </Paper>
      ) : (
        (children ?? (
          <Paper withBorder radius="md" p="lg">
            <Text size="sm" c="dimmed" ta="center">
              Choose a conversation, or Compose a new message.
            </Text>
          </Paper>
        ))
      )}
    </Stack>
  );
}
