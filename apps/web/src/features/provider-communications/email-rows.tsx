import { Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconPaperclip } from '@tabler/icons-react';
import { useEmailConversation } from '../../api/email/get-email-conversation.ts';
import { formatMessageTime } from '../../components/format-date.ts';

/** The per-email rows of an expanded referral row (001 §2.10): direction, subject, time; one opens in full. */
export function EmailRows({
  conversationId,
  selectedEmailId,
  onSelect,
}: {
  conversationId: number;
  selectedEmailId: number | null;
  onSelect: (emailId: number) => void;
}) {
  const conversation = useEmailConversation({ conversation_id: conversationId });
  if (conversation.isPending) return <Loader size="xs" aria-label="Loading emails" />;
  const emails = [...(conversation.data?.emails ?? [])].reverse();
  return (
    <Stack
      component="ul"
      gap={2}
      aria-label="Emails of this referral"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {emails.map((email) => {
        const outbound = email.direction === 'outbound';
        const Direction = outbound ? IconArrowUpRight : IconArrowDownLeft;
        const selected = email.id === selectedEmailId;
        return (
          <li key={email.id}>
            <UnstyledButton
              onClick={() => onSelect(email.id)}
              aria-current={selected ? 'true' : undefined}
              aria-label={`Open email ${email.subject}`}
              w="100%"
              px="xs"
              py={4}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: selected ? 'var(--mantine-color-blue-1)' : undefined,
              }}
            >
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Direction size={14} aria-label={outbound ? 'Sent' : 'Received'} role="img" />
                  <Text size="xs" truncate>
                    {email.subject || '(no subject)'}
                  </Text>
                  {email.attachments_count > 0 && (
                    <IconPaperclip size={12} aria-label="Has attachments" role="img" />
                  )}
                </Group>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatMessageTime(email.created_at)}
                </Text>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
