import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * 001 §2.10 message pane: the Compose/Cancel toggle above either the compose form or the chosen thread. After a
 * send the form closes onto the thread the message went to, with 'Message sent successfully!' above it.
 */
export function MessagePane({
  composing,
  onToggle,
  compose,
  notice = null,
  children,
}: {
  composing: boolean;
  onToggle: () => void;
  compose: ReactNode;
  /** A success line shown above the thread (the last send's). */
  notice?: string | null;
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
        <>
          {notice && (
            <Alert color="green" role="status">
              {notice}
            </Alert>
          )}
          {children ?? (
            <Paper withBorder radius="md" p="lg">
              <Text size="sm" c="dimmed" ta="center">
                Choose a conversation, or Compose a new message.
              </Text>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
