import { Badge } from '@mantine/core';
import { urgencyColor, urgencyLabel } from '@trust/domain';

/** An urgency (stored value or label) as its client label in its 000 §9 colour. */
export function UrgencyBadge({ urgency, size = 'md' }: { urgency: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={urgencyColor(urgency)} variant="outline" size={size} style={{ flexShrink: 0 }}>
      {urgencyLabel(urgency)}
    </Badge>
  );
}
