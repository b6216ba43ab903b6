import { Button, Group, Paper, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { SESSION_WARNING_SECONDS } from '@trust/domain';

/** m:ss, e.g. 1:05 (003 §2.13). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 003 §2.13: shows when 120 seconds or fewer remain (and more than 0). */
export function shouldWarn(secondsLeft: number): boolean {
  return secondsLeft > 0 && secondsLeft <= SESSION_WARNING_SECONDS;
}

export function SessionWarningToast({
  secondsLeft,
  onStay,
  onLogout,
}: {
  secondsLeft: number;
  onStay: () => void;
  onLogout: () => void;
}) {
  if (!shouldWarn(secondsLeft)) return null;
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-text"
      shadow="lg"
      withBorder
      p="md"
      radius="md"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 400, maxWidth: 360 }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconClockExclamation size={24} color="var(--mantine-color-orange-6)" />
        <div>
          <Text fw={700} id="session-warning-title">
            Your session is about to expire
          </Text>
          <Text size="sm" id="session-warning-text">
            You will be logged out in{' '}
            <Text span fw={700} ff="monospace" data-testid="session-countdown">
              {formatCountdown(secondsLeft)}
            </Text>{' '}
            due to inactivity.
          </Text>
          <Group gap="xs" mt="sm">
            <Button size="xs" onClick={onStay}>
              Stay Logged In
            </Button>
            <Button size="xs" variant="default" onClick={onLogout}>
              Logout Now
            </Button>
          </Group>
        </div>
      </Group>
    </Paper>
  );
}
