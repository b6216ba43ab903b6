import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { queued: 'yellow', sent: 'teal', failed: 'red' };

export function OutboxStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}
