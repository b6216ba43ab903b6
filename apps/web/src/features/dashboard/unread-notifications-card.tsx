import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Notification } from '@trust/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { useBellNotifications, useMarkNotificationRead } from '../../api/notifications/bell.ts';
import { formatDateTime, formatRelativeTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

/** The newest unread ones listed; the bell in the header has the rest. */
const SHOWN = 3;

export const UNREAD_TEXT = {
  title: 'Unread notifications',
  none: 'You are all caught up.',
  more: (n: number) => `${n} more in the bell at the top of the page.`,
} as const;

function NotificationLine({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const when = (
    <Text size="xs" c="dimmed" span>
      <time dateTime={n.created_ts} title={formatDateTime(n.created_ts)}>
        {formatRelativeTime(n.created_ts)}
      </time>
    </Text>
  );
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        {n.link?.startsWith('/') ? (
          <Anchor component={Link} to={n.link} size="sm" onClick={() => onOpen(n)}>
            {n.title}
          </Anchor>
        ) : (
          <Text size="sm">{n.title}</Text>
        )}
        {when}
      </Group>
    </li>
  );
}

/**
 * The signed-in person's unread in-app notifications of the active organization on the dashboard: the count and
 * the newest few. The same query as the header's bell (one request for both, refreshed by the live stream).
 */
export function UnreadNotificationsCard() {
  const list = useBellNotifications(true);
  const markRead = useMarkNotificationRead();
  const titleId = useId();
  const unread = list.data?.unread_count ?? 0;
  const shown = (list.data?.notifications ?? []).filter((n) => !n.read).slice(0, SHOWN);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id={titleId}>
          {UNREAD_TEXT.title}
        </Title>
        {list.data && (
          <Badge color={unread > 0 ? 'red' : 'gray'} variant="light" aria-label={`${unread} unread`}>
            {unread}
          </Badge>
        )}
      </Group>
      {list.error ? (
        <LoadErrorAlert compact error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : unread === 0 ? (
        <Text size="sm" c="dimmed">
          {UNREAD_TEXT.none}
        </Text>
      ) : (
        <Stack gap="xs">
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((n) => (
              <NotificationLine key={n.id} n={n} onOpen={(x) => markRead.mutate(x.id)} />
            ))}
          </Stack>
          {unread > shown.length && (
            <Text size="xs" c="dimmed">
              {UNREAD_TEXT.more(unread - shown.length)}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
