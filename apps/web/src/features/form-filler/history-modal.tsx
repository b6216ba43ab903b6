import { Badge, Group, Loader, Modal, Stack, Text, Timeline } from '@mantine/core';
import type { FormInstanceHistory } from '@trust/domain';
import { memo } from 'react';
import { useFormInstanceHistory } from '../../api/forms/instances.ts';
import { formatDateTime } from '../../components/format-date.ts';

type Action = FormInstanceHistory['history'][number]['action'];

const ACTION_LABELS: Record<Action, string> = {
  created: 'Created',
  saved: 'Saved',
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  approved: 'Approved',
  assigned: 'Assigned',
};

/**
 * Edit History (002 §2, §3; issue #16): every save, submission, review and assignment with who, when and the
 * fields it changed (their labels in the pinned version; never the answers). A failed load shows an empty list
 * (002 §8 "history fetch failures return an empty list silently").
 */
export const HistoryModal = memo(function HistoryModal({
  instanceId,
  opened,
  onClose,
}: {
  instanceId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const history = useFormInstanceHistory(instanceId, { enabled: opened });
  const entries = history.data?.history ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="Edit History" size="lg">
      {history.isPending && opened ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading history" />
        </Group>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No history yet.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {entries.map((entry) => (
            <Timeline.Item
              key={entry.id}
              title={
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {ACTION_LABELS[entry.action]}
                  </Text>
                  <Text size="sm">by {entry.user_name ?? 'Unknown user'}</Text>
                </Group>
              }
            >
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.timestamp)}
                </Text>
                {entry.changed_fields.length > 0 && (
                  <Group gap={4}>
                    <Text size="xs">Changed:</Text>
                    {entry.changed_fields.map((f) => (
                      <Badge key={f.field_id} size="sm" variant="light" color="gray" tt="none">
                        {f.label}
                      </Badge>
                    ))}
                  </Group>
                )}
                {entry.comment && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    “{entry.comment}”
                  </Text>
                )}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Modal>
  );
});
