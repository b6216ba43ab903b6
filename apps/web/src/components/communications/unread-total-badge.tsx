import { Badge } from '@mantine/core';
import { useUnreadTotal } from '../../api/communications/use-unread-total.ts';

/** The total unread of the organization's inbox, as a small red badge; nothing when all is read. */
export function UnreadTotalBadge() {
  const unread = useUnreadTotal();
  if (unread <= 0) return null;
  return (
    <Badge size="xs" color="red" circle={unread < 10} aria-label={`${unread} unread`}>
      {unread > 99 ? '99+' : unread}
    </Badge>
  );
}
