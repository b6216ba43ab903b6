import { Box, Group, Text } from '@mantine/core';
import type { EventsStatus } from '../../api/events/subscribe.ts';
import { useDrawnAhead } from '../../app/prerender-context.ts';
import { formatTime } from '../../components/format-date.ts';
import { useNow } from './use-now.ts';

/** As wide as the clock's widest usual text. */
const CLOCK_ROOM = '00:00:00 PM';

const LABELS: Record<EventsStatus, { text: string; color: string }> = {
  open: { text: 'Live', color: 'var(--mantine-color-green-6)' },
  connecting: { text: 'Connecting…', color: 'var(--mantine-color-yellow-6)' },
  closed: { text: 'Offline · refreshing every 15 s', color: 'var(--mantine-color-gray-5)' },
};

/**
 * 000 §2.6 "real-time updates (a clock ticks every second)": whether the live stream is connected, and the
 * clock. The clock is its own component so only it renders every second, not the cards.
 */
export function LiveIndicator({ status }: { status: EventsStatus }) {
  const now = useNow(1000);
  // Drawn ahead at build time, the clock would show the time of the build: it starts with the app instead.
  const drawnAhead = useDrawnAhead();
  const label = LABELS[status];
  return (
    <Group gap="xs" data-testid="live-indicator">
      <Box
        aria-hidden
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: label.color, flexShrink: 0 }}
      />
      <Text size="sm" fw={500}>
        {label.text}
      </Text>
      <Text
        size="sm"
        c="dimmed"
        component="time"
        dateTime={drawnAhead ? undefined : now.toISOString()}
        data-testid="live-clock"
      >
        {drawnAhead ? (
          // Its room is kept (the same text everywhere, hidden) so that nothing wraps anew when the time comes.
          <span style={{ visibility: 'hidden' }}>{CLOCK_ROOM}</span>
        ) : (
          formatTime(now)
        )}
      </Text>
    </Group>
  );
}
