import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A row's icon buttons side by side: a narrow Actions column must not stack them. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}

/**
 * An icon button. `ariaLabel` names the record too ("Delete consent.pdf"), since a screen reader lists every
 * row's buttons together; the tooltip says only the action, for those who see which row it is on.
 */
export function RowAction({
  tooltip,
  ariaLabel,
  color,
  loading,
  onClick,
  children,
}: {
  tooltip: string;
  ariaLabel: string;
  color?: string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} aria-label={ariaLabel} onClick={onClick} loading={loading}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function EditRowAction({ ariaLabel, onClick }: { ariaLabel: string; onClick: () => void }) {
  return (
    <RowAction tooltip="Edit" ariaLabel={ariaLabel} onClick={onClick}>
      <IconPencil size={16} />
    </RowAction>
  );
}

export function DeleteRowAction({ ariaLabel, onClick }: { ariaLabel: string; onClick: () => void }) {
  return (
    <RowAction tooltip="Delete" ariaLabel={ariaLabel} color="red" onClick={onClick}>
      <IconTrash size={16} />
    </RowAction>
  );
}

export function CompleteRowAction({
  ariaLabel,
  loading,
  onClick,
}: {
  ariaLabel: string;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <RowAction
      tooltip="Mark completed"
      ariaLabel={ariaLabel}
      color="green"
      loading={loading}
      onClick={onClick}
    >
      <IconCheck size={16} />
    </RowAction>
  );
}
