import { Badge } from '@mantine/core';
import { normaliseReferralStatus, statusColor } from '@trust/domain';

/** A referral status as its label in its 000 §4.1 colour. */
export function ReferralStatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={statusColor(status)} variant="light" size={size} style={{ flexShrink: 0 }}>
      {normaliseReferralStatus(status)}
    </Badge>
  );
}
