import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { type ReferralMember, statusColor } from '@trust/domain';
import { formatCalendarDate, relativeAge } from '../../components/format-date.ts';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { memberInitials, orNotAvailable } from './member-format.ts';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * One member (000 §2.8): initials, name, Medicaid ID, contact details, date of birth, referral count, last
 * activity, status, View Details (the latest referral's case workspace) and, for a Pending member and a role
 * that may write, Delete.
 */
export function MemberCard({
  member,
  canDelete,
  now,
  onView,
  onDelete,
}: {
  member: ReferralMember;
  canDelete: boolean;
  now: Date;
  onView: (member: ReferralMember) => void;
  onDelete: (member: ReferralMember) => void;
}) {
  const name = `${member.first_name} ${member.last_name}`.trim();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar color={statusColor(member.status)} radius="xl" aria-hidden>
              {memberInitials(member.first_name, member.last_name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <Text size="sm" c="dimmed">
                ID: {member.medicaid_id}
              </Text>
            </div>
          </Group>
          <ReferralStatusBadge status={member.status} size="sm" />
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Field label="Phone" value={orNotAvailable(member.phone_number)} />
          <Field label="Email" value={orNotAvailable(member.email)} />
          <Field label="ZIP" value={orNotAvailable(member.zip_code)} />
          <Field label="Date of birth" value={formatCalendarDate(member.date_of_birth, 'N/A')} />
          <Field
            label="Referrals"
            value={member.referral_count === 1 ? '1 referral' : `${member.referral_count} referrals`}
          />
          <Field label="Last activity" value={relativeAge(member.last_activity, now)} />
        </SimpleGrid>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEye size={14} />}
            onClick={() => onView(member)}
            aria-label={`View details of ${name}`}
          >
            View Details
          </Button>
          {canDelete && member.status === 'pending' && member.pending_count > 0 && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onDelete(member)}
              aria-label={`Delete pending referrals of ${name}`}
            >
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
