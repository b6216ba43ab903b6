import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  CHANGEABLE_MATCH_STATUSES,
  MATCH_ENTRY_STATUS_LABELS,
  type MatchedProviderEntry,
} from '@trust/domain';

const STATUS_COLORS: Record<MatchedProviderEntry['status'], string> = {
  pending: 'orange',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
  not_selected: 'gray',
};

/** 001 §9: three service chips, then '+N more'. */
function services(list: string[]) {
  const shown = list.slice(0, 3).join(', ');
  return list.length > 3 ? `${shown} +${list.length - 3} more` : shown;
}

/** One matched provider (001 §3 entry) with Change and Remove while it is pending or sent (001 §2.9). */
export function MatchedProviderRow({
  entry,
  busy,
  onChange,
  onRemove,
}: {
  entry: MatchedProviderEntry;
  busy: boolean;
  onChange: () => void;
  onRemove: () => void;
}) {
  const changeable = CHANGEABLE_MATCH_STATUSES.includes(entry.status);
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      component="li"
      aria-label={`${entry.rank}. ${entry.organization_name}`}
    >
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {entry.rank}. {entry.organization_name}
        </Text>
        <Text size="xs" c="dimmed">
          {entry.distance_miles === null ? 'Distance unknown' : `${entry.distance_miles} miles`} ·{' '}
          {services(entry.services)}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Badge color={STATUS_COLORS[entry.status]}>{MATCH_ENTRY_STATUS_LABELS[entry.status]}</Badge>
        {changeable && (
          <>
            <Button size="compact-xs" variant="default" onClick={onChange} disabled={busy}>
              Change
            </Button>
            <Button size="compact-xs" variant="light" color="red" onClick={onRemove} disabled={busy}>
              Remove
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
