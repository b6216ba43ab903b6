import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MemberGroup } from './group-by-member.ts';

/** 000 §2.3: a member's referrals under the member's name, ID and total count. */
export function MemberGroupSection({ group, children }: { group: MemberGroup; children: ReactNode }) {
  const headingId = `queue-member-${group.medicaidId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Title order={3} size="h4" id={headingId}>
          {group.memberName || 'Unnamed member'}
        </Title>
        <Text size="sm" c="dimmed">
          ID: {group.medicaidId}
        </Text>
        <Badge variant="light" color="gray" data-testid="member-referral-count">
          {group.total === 1 ? '1 referral' : `${group.total} referrals`}
        </Badge>
      </Group>
      {children}
    </Stack>
  );
}
