import { Badge } from '@mantine/core';
import { IMPORT_JOB_STATUS_COLORS, type ImportJobStatus } from '@trust/domain';

/**
 * 002 §4 a job's status in its colour (completed green, running blue, queued orange, failed red, cancelled
 * gray), always with its word: the colour is never the only sign.
 */
export function JobStatusBadge({ status }: { status: ImportJobStatus }) {
  return (
    <Badge
      color={IMPORT_JOB_STATUS_COLORS[status]}
      // Dark text on the light tints: Mantine's orange and gray text on them fall below 4.5:1.
      c="dark.6"
      variant="light"
      size="sm"
      tt="none"
      leftSection={<StatusDot color={IMPORT_JOB_STATUS_COLORS[status]} />}
    >
      {status}
    </Badge>
  );
}

function StatusDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: `var(--mantine-color-${color}-6)`,
      }}
    />
  );
}
