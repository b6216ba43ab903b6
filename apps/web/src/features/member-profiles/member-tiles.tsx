import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import {
  MEMBER_TILE_STATUSES,
  type MemberTileStatus,
  REFERRAL_STATUS_LABELS,
  type ReferralMemberCounts,
  statusColor,
} from '@trust/domain';

export type MemberStatusFilter = 'all' | MemberTileStatus;

function Tile({
  label,
  value,
  color,
  active,
  onClick,
}: {
  label: string;
  value: number | undefined;
  color: string;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <UnstyledButton onClick={onClick} aria-pressed={active} aria-label={`${label}: ${value ?? 'loading'}`}>
      <Paper
        withBorder
        p="sm"
        radius="md"
        style={{
          borderColor: active ? `var(--mantine-color-${color}-6)` : undefined,
          borderWidth: active ? 2 : undefined,
          background: active ? `var(--mantine-color-${color}-light)` : undefined,
        }}
      >
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text size="xl" fw={700} c={color === 'gray' ? undefined : `${color}.7`}>
          {value ?? '—'}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * 000 §2.8 summary tiles. They act as filters: a status tile shows only its members, clicking it again (or Total
 * Members) shows every member.
 */
export function MemberTiles({
  counts,
  active,
  onChange,
}: {
  counts: ReferralMemberCounts | undefined;
  active: MemberStatusFilter;
  onChange: (next: MemberStatusFilter) => void;
}) {
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, md: 6 }}
      spacing="xs"
      role="group"
      aria-label="Filter members by status"
    >
      <Tile
        label="Total Members"
        value={counts?.total}
        color="gray"
        active={active === 'all'}
        onClick={() => onChange('all')}
      />
      {MEMBER_TILE_STATUSES.map((status) => (
        <Tile
          key={status}
          label={REFERRAL_STATUS_LABELS[status]}
          value={counts?.[status]}
          color={statusColor(status)}
          active={active === status}
          onClick={() => onChange(active === status ? 'all' : status)}
        />
      ))}
    </SimpleGrid>
  );
}
