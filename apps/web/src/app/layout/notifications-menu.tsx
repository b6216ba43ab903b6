import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { Notification } from '@trust/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useBellNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../../api/notifications/bell.ts';
import { formatRelativeTime } from '../../components/format-date.ts';

function NotificationItem({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  return (
    <UnstyledButton
      onClick={onOpen}
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      bg={n.read ? undefined : 'var(--mantine-color-default-hover)'}
      aria-label={`${n.read ? '' : 'Unread: '}${n.title}. ${n.body}`}
    >
      <Group gap={8} wrap="nowrap" align="flex-start">
        <span
          aria-hidden
          style={{
            width: 8,
            height: 8,
            marginTop: 6,
            borderRadius: 4,
            flexShrink: 0,
            background: n.read ? 'transparent' : 'var(--mantine-color-teal-6)',
          }}
        />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={n.read ? 400 : 600}>
            {n.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {n.body}
          </Text>
          <Text size="xs" c="dimmed">
            {formatRelativeTime(n.created_ts)}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The header's bell (issue #17: "an in-app notification, a bell with unread count, live over the event stream"):
 * the unread count on the icon, the newest notifications in a popover; opening one marks it read and goes to its
 * enrollment. Only for a member of an organization (notifications belong to the active one).
 */
export function NotificationsMenu() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const list = useBellNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unread_count ?? 0;
  const items = list.data?.notifications ?? [];

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    setOpened(false);
    if (n.link?.startsWith('/')) navigate(n.link);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Notifications, ${unread} unread`}
          onClick={() => setOpened((o) => !o)}
          style={{ position: 'relative', overflow: 'visible' }}
        >
          <IconBell size={20} />
          {unread > 0 && (
            <Badge
              size="xs"
              color="red"
              circle={unread < 10}
              aria-hidden
              style={{ position: 'absolute', top: -2, right: -4, pointerEvents: 'none' }}
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          )}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Notifications" role="dialog">
        <Group justify="space-between" mb={4} px={4}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} onClick={() => markAll.mutate()}>
            Mark all as read
          </Button>
        </Group>
        {list.isPending ? (
          <Text size="sm" c="dimmed" p="xs">
            Loading…
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            No notifications yet.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={2}>
              {items.map((n) => (
                <NotificationItem key={n.id} n={n} onOpen={() => open(n)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
