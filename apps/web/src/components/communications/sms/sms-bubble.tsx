import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { SmsMessage } from '@trust/domain';
import { formatMessageTime } from '../../format-date.ts';
import { intentColor, isFailedStatus, statusColor, statusLabel } from '../status-colors.ts';

/**
 * 001 §2.12 chat bubble: outbound on the right ('You', time, delivery status; the error under a failed one),
 * inbound on the left with its intent badge; 'N parts' when the message took more than one segment.
 */
export function SmsBubble({ message, providerName }: { message: SmsMessage; providerName: string }) {
  const outbound = message.direction === 'outbound';
  const failed = isFailedStatus(message.status);
  const who = outbound ? 'You' : providerName;
  return (
    <Group
      component="li"
      justify={outbound ? 'flex-end' : 'flex-start'}
      aria-label={`${outbound ? 'Sent' : 'Received'} message`}
      wrap="nowrap"
    >
      <Box
        maw="80%"
        px="sm"
        py={8}
        style={{
          borderRadius: 'var(--mantine-radius-lg)',
          background: outbound ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-1)',
          color: outbound ? 'white' : undefined,
          border: failed ? '2px solid var(--mantine-color-red-6)' : undefined,
        }}
      >
        <Stack gap={4}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.message_body}
          </Text>
          <Group gap={6} wrap="wrap" justify={outbound ? 'flex-end' : 'flex-start'}>
            <Text size="xs" c={outbound ? 'blue.1' : 'dimmed'}>
              {who} · {formatMessageTime(message.created_at)}
            </Text>
            {outbound && (
              <Badge size="xs" color={statusColor(message.status)} variant={outbound ? 'white' : 'light'}>
                {statusLabel(message.status)}
              </Badge>
            )}
            {!outbound && message.intent && message.intent !== 'other' && (
              <Badge size="xs" color={intentColor(message.intent)} variant="light">
                {message.intent}
              </Badge>
            )}
            {message.num_segments > 1 && (
              <Text size="xs" c={outbound ? 'blue.1' : 'dimmed'}>
                {message.num_segments} parts
              </Text>
            )}
          </Group>
          {failed && message.error_message && (
            <Text size="xs" c={outbound ? 'red.1' : 'red'} role="note">
              {message.error_message}
            </Text>
          )}
        </Stack>
      </Box>
    </Group>
  );
}
