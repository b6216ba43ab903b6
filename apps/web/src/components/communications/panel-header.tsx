import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The head of a conversation panel: its title, who it is with, and a close button when it can be closed. */
export function PanelHeader({
  title,
  subtitle,
  onClose,
}: {
  title: string;
  subtitle?: ReactNode;
  onClose?: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Title order={4}>{title}</Title>
        {subtitle && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {subtitle}
          </Text>
        )}
      </Stack>
      {onClose && (
        <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close conversation">
          <IconX size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}
