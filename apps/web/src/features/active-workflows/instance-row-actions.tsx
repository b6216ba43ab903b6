import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconHistory,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { personStatusesFrom, type WorkflowInstance } from '@trust/domain';

export type InstanceAction = 'paused' | 'running' | 'cancelled' | 'delete' | 'error' | 'history';

const MOVES = {
  paused: { label: 'Pause', icon: IconPlayerPause, color: undefined },
  running: { label: 'Resume', icon: IconPlayerPlay, color: 'green' },
  cancelled: { label: 'Cancel', icon: IconPlayerStop, color: 'orange' },
} as const;

/**
 * The row actions of Active Workflows (002 §2): History for everyone; for managers pause, resume and cancel as the
 * instance's state machine allows (002 §4, the server checks the same), and delete; View Error on a failed
 * instance with a message.
 */
export function InstanceRowActions({
  instance: i,
  canManage,
  onAction,
}: {
  instance: WorkflowInstance;
  canManage: boolean;
  onAction: (action: InstanceAction) => void;
}) {
  const who = `${i.workflow_name} for ${i.member_name}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="History">
        <ActionIcon variant="subtle" aria-label={`History of ${who}`} onClick={() => onAction('history')}>
          <IconHistory size={16} />
        </ActionIcon>
      </Tooltip>
      {i.status === 'failed' && i.error_message && (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconAlertTriangle size={12} />}
          aria-label={`View Error of ${who}`}
          onClick={() => onAction('error')}
        >
          View Error
        </Button>
      )}
      {canManage &&
        personStatusesFrom(i.status).map((to) => {
          const move = MOVES[to as keyof typeof MOVES];
          if (!move) return null;
          const Icon = move.icon;
          return (
            <Tooltip key={to} label={move.label}>
              <ActionIcon
                variant="subtle"
                color={move.color}
                aria-label={`${move.label} ${who}`}
                onClick={() => onAction(to as InstanceAction)}
              >
                <Icon size={16} />
              </ActionIcon>
            </Tooltip>
          );
        })}
      {canManage && (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${who}`}
            onClick={() => onAction('delete')}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
