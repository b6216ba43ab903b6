import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { plural, smsCounters } from './sms-counters.ts';

/**
 * 001 §2.12 composer: 3 rows, the character count, the segment count, the characters left until the next
 * segment, the long-message warning above 3 segments, and Send. Enter sends and Shift+Enter starts a new line;
 * a blank message or a send in flight sends nothing (001 §5). `onSend` resolves true when the text may go.
 */
export function SmsComposer({
  onSend,
  sending,
  error,
  disabledReason,
}: {
  onSend: (text: string) => Promise<boolean>;
  sending: boolean;
  error: string | null;
  /** Why nothing can be sent here (an opted-out number, no number); the composer is disabled. */
  disabledReason: string | null;
}) {
  const [text, setText] = useState('');
  const counters = smsCounters(text);
  const blocked = disabledReason !== null;
  const canSend = !blocked && !sending && text.trim() !== '';

  const send = async () => {
    if (!canSend) return;
    if (await onSend(text)) setText('');
  };

  return (
    <Stack
      gap={6}
      component="form"
      aria-label="Send SMS"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {disabledReason && (
        <Alert color="orange" role="status">
          {disabledReason}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Textarea
        aria-label="SMS message"
        placeholder="Type a message…"
        rows={3}
        value={text}
        disabled={blocked}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="xs" c={counters.overOneSegment ? 'orange' : 'dimmed'} aria-live="polite">
          {plural(counters.length, 'character')} · {plural(counters.segments, 'segment')} ·{' '}
          {counters.remaining} until the next segment
        </Text>
        <Button
          type="submit"
          size="xs"
          leftSection={<IconSend size={14} />}
          disabled={!canSend}
          loading={sending}
        >
          Send
        </Button>
      </Group>
      {counters.long && (
        <Text size="xs" c="orange" role="status">
          Long message warning: this message will be sent as {counters.segments} segments.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Press Enter to send, Shift+Enter for new line
      </Text>
      <Text size="xs" c="dimmed">
        Keep messages under 160 characters to avoid extra charges
      </Text>
    </Stack>
  );
}
