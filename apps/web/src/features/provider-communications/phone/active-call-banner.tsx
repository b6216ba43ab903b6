import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { shortCallId, statusLabel } from './phone-format.ts';

export type ActiveCall = {
  /** The stored call and its communication record (live events name the record). */
  callId: number | null;
  communicationId: number | null;
  /** The voice service's id (Twilio's CA…), else the stored id. */
  displayId: string;
  status: string;
  toNumber: string;
};

/** 001 §2.14 active-call banner: the call's status and the first 12 characters of its id; End clears it here only. */
export function ActiveCallBanner({ call, onEnd }: { call: ActiveCall; onEnd: () => void }) {
  const failed = call.status === 'failed';
  return (
    <Paper
      role="status"
      aria-label="Active call"
      p="xs"
      radius="md"
      bg={failed ? 'red.0' : 'green.0'}
      style={{ border: `1px solid var(--mantine-color-${failed ? 'red' : 'green'}-3)` }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconPhoneCall size={18} color={`var(--mantine-color-${failed ? 'red' : 'green'}-7)`} aria-hidden />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              Call {statusLabel(call.status)}
            </Text>
            {call.displayId && (
              <Text size="xs" c="dimmed" ff="monospace">
                {shortCallId(call.displayId)}
              </Text>
            )}
          </div>
        </Group>
        <Button size="xs" color="red" radius="xl" onClick={onEnd}>
          End
        </Button>
      </Group>
    </Paper>
  );
}
