import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { Email } from '@trust/domain';
import { formatMessageTime } from '../../format-date.ts';
import { isFailedStatus, statusColor, statusLabel } from '../status-colors.ts';
import { AttachmentRow } from './attachment-row.tsx';
import { EmailBody } from './email-body.tsx';

/**
 * 001 §2.13 one email: outbound shifted right in blue, inbound white; who, status, attachment count, To or
 * From, CC, created/opened/clicked times, subject, body and attachment rows.
 */
export function EmailCard({ email, providerName }: { email: Email; providerName: string }) {
  const outbound = email.direction === 'outbound';
  const who = outbound ? 'You' : providerName;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      ml={outbound ? 'xl' : 0}
      mr={outbound ? 0 : 'xl'}
      bg={outbound ? 'blue.0' : 'white'}
      style={outbound ? { borderColor: 'var(--mantine-color-blue-3)' } : undefined}
      aria-label={`${outbound ? 'Sent' : 'Received'} email: ${email.subject}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {who}
            </Text>
            <Badge size="sm" variant="light" color={statusColor(email.status)}>
              {statusLabel(email.status)}
            </Badge>
            {email.attachments_count > 0 && (
              <Badge size="sm" variant="outline" color="gray" leftSection={<IconPaperclip size={10} />}>
                {email.attachments_count}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatMessageTime(email.created_at)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {outbound ? `To: ${email.to_email}` : `From: ${email.from_email}`}
        </Text>
        {email.cc_emails.length > 0 && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            CC: {email.cc_emails.join(', ')}
          </Text>
        )}
        {(email.opened_at || email.clicked_at) && (
          <Text size="xs" c="dimmed">
            {email.opened_at ? `Opened ${formatMessageTime(email.opened_at)}` : ''}
            {email.opened_at && email.clicked_at ? ' · ' : ''}
            {email.clicked_at ? `Clicked ${formatMessageTime(email.clicked_at)}` : ''}
          </Text>
        )}
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {email.subject}
        </Text>
        <EmailBody email={email} />
        {isFailedStatus(email.status) && email.error_message && (
          <Text size="xs" c="red" role="note">
            {email.error_message}
          </Text>
        )}
        {email.attachments.length > 0 && (
          <Stack
            component="ul"
            gap={4}
            aria-label="Attachments"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {email.attachments.map((a) => (
              <AttachmentRow key={a.id} attachment={a} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
