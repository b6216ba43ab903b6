import { Alert, Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { ENROLLMENT_MESSAGES } from '@trust/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEnrollments } from '../../api/enrollments/enrollments.ts';
import { errorText } from '../../api/errors.ts';
import { formatCalendarDate } from '../format-date.ts';
import { EnrollMemberModal } from './enroll-member-modal.tsx';
import { EnrollmentStatusBadge } from './enrollment-status-badge.tsx';

export type MemberEnrollmentsCardProps = {
  memberId: number;
  /** The member's name, shown in the enroll dialog. */
  memberName: string;
  /** The caller may enroll members (every organization role but viewer; the server decides). */
  canEnroll: boolean;
  /** Managers and administrators may enroll past a program's capacity. */
  canOverrideCapacity?: boolean;
  /** Where an enrollment opens (its details screen by default). */
  enrollmentHref?: (enrollmentId: number) => string;
};

/**
 * A member's Program Enrollments (002 §2 member profile; issue #15 item 6): the enrollments of one member (the
 * first 50, newest first: GET /api/enrollments/?member_id=) with program, status and date, each opening its
 * details, and Enroll in Program. For the member profile and any screen about one member.
 */
export function MemberEnrollmentsCard({
  memberId,
  memberName,
  canEnroll,
  canOverrideCapacity = false,
  enrollmentHref = (id) => `/enrollments-view/${id}`,
}: MemberEnrollmentsCardProps) {
  const [enrolling, setEnrolling] = useState(false);
  const list = useEnrollments({ page: 1, pageSize: 50, memberId });
  const rows = list.data?.enrollments ?? [];

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Program Enrollments
          </Title>
          {canEnroll && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEnrolling(true)}>
              Enroll in Program
            </Button>
          )}
        </Group>
        {list.isLoading && <Loader size="sm" aria-label="Loading enrollments" />}
        {list.error && (
          <Alert color="red" role="alert">
            {errorText(list.error, ENROLLMENT_MESSAGES.fetchFailed)}
          </Alert>
        )}
        {list.data && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No program enrollments yet.
          </Text>
        )}
        {rows.length > 0 && (
          <Table aria-label={`Enrollments of ${memberName}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Program</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Enrollment Date</Table.Th>
                <Table.Th>Case Manager</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Anchor component={Link} to={enrollmentHref(e.id)} size="sm">
                      {e.program_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <EnrollmentStatusBadge status={e.status} />
                  </Table.Td>
                  <Table.Td>{formatCalendarDate(e.enrollment_date)}</Table.Td>
                  <Table.Td>{e.case_manager_name ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {list.data && list.data.total > rows.length && (
          <Text size="xs" c="dimmed">
            Showing {rows.length} of {list.data.total} enrollments.
          </Text>
        )}
      </Stack>
      <EnrollMemberModal
        opened={enrolling}
        onClose={() => setEnrolling(false)}
        member={{ id: memberId, name: memberName }}
        canOverrideCapacity={canOverrideCapacity}
        onEnrolled={(e) =>
          notifications.show({ color: 'green', message: `${memberName} enrolled in ${e.program_name}.` })
        }
      />
    </Card>
  );
}
