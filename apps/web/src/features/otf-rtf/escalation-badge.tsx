import { Badge } from '@mantine/core';
import { escalationColor } from '@trust/domain';

/** An escalation level in its colour (Low green, Medium yellow, High orange, Critical red). */
export function EscalationBadge({ level }: { level: string }) {
  return (
    <Badge color={escalationColor(level)} variant="light">
      {level}
    </Badge>
  );
}
