import { Badge } from '@mantine/core';
import { ENROLLMENT_STATUS_COLORS, ENROLLMENT_STATUS_LABELS, type EnrollmentStatus } from '@trust/domain';

/** An enrollment's status (002 §4) as a coloured badge. */
export function EnrollmentStatusBadge({ status }: { status: EnrollmentStatus }) {
  return (
    <Badge variant="light" color={ENROLLMENT_STATUS_COLORS[status] ?? 'gray'}>
      {ENROLLMENT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
