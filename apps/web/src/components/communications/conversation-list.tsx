import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { type Conversation, messagePreview } from '@trust/domain';
import { type ReactNode, useId } from 'react';
import { formatMessageTime } from '../format-date.ts';
import { ChannelIcon, channelLabel } from './channel-icon.tsx';

/** What names a row: the provider (the inbox) or the referral (one provider's screen, 001 §2.10). */
export type ConversationTitle = 'provider' | 'referral';

export function conversationTitle(conversation: Conversation, by: ConversationTitle): string {
  if (by === 'referral') {
    return conversation.referral_number ? `Referral #${conversation.referral_number}` : 'No referral';
  }
  return conversation.provider_name ?? conversation.contact_value;
}

/**
 * One thread (001 §2.11): who it is with, the method icon, the unread badge, the last message (80 characters
 * and an ellipsis) and its time. `extra` sits under it (the unmatched thread's Assign action, an expansion).
 */
export function ConversationRow({
  conversation,
  by,
  selected,
  onSelect,
  badge,
  extra,
}: {
  conversation: Conversation;
  by: ConversationTitle;
  selected: boolean;
  onSelect: () => void;
  /** Beside the unread badge (the count of emails of a referral row). */
  badge?: ReactNode;
  extra?: ReactNode;
}) {
  const title = conversationTitle(conversation, by);
  const unread = conversation.unread_count;
  // WCAG 2.5.3: the row's name is 'Open' and its visible title; the badges and the last message, hidden from
  // the name, are its description.
  const describedBy = useId();
  const description = [
    channelLabel(conversation.method_type),
    conversation.matched ? '' : 'Unmatched',
    unread > 0 ? `${unread} unread` : '',
    by === 'provider' && conversation.referral_number ? `Referral #${conversation.referral_number}` : '',
    conversation.last_message ? messagePreview(conversation.last_message) : '',
    conversation.last_message_at ? formatMessageTime(conversation.last_message_at) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack
      component="li"
      gap={6}
      p="sm"
      aria-label={title}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-gray-3)',
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <UnstyledButton
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        aria-label={`Open ${title}`}
        aria-describedby={`${describedBy} ${describedBy}-extra`}
      >
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <span aria-hidden style={{ display: 'inline-flex' }}>
                <ChannelIcon channel={conversation.method_type} />
              </span>
              <Text fw={unread > 0 ? 700 : 600} size="sm" truncate>
                {title}
              </Text>
              {!conversation.matched && (
                <Badge color="orange" variant="light" size="sm" aria-hidden>
                  Unmatched
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="nowrap" aria-hidden>
              {badge && <span id={`${describedBy}-extra`}>{badge}</span>}
              {unread > 0 && (
                <Badge color="red" size="sm" circle={unread < 10} aria-label={`${unread} unread`}>
                  {unread}
                </Badge>
              )}
            </Group>
          </Group>
          <Stack gap={4} aria-hidden>
            {by === 'provider' && conversation.referral_number && (
              <Text size="xs" c="dimmed">
                Referral #{conversation.referral_number}
              </Text>
            )}
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {conversation.last_message ? messagePreview(conversation.last_message) : ''}
              </Text>
              {conversation.last_message_at && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatMessageTime(conversation.last_message_at)}
                </Text>
              )}
            </Group>
          </Stack>
        </Stack>
      </UnstyledButton>
      {/* The button's description, said once (the text it repeats is hidden from screen readers). */}
      <span id={describedBy} hidden>
        {description}
      </span>
      {extra}
    </Stack>
  );
}

/** The rows of a thread list; `renderRow` lets a screen add its badge or expansion to a row. */
export function ConversationList({
  conversations,
  label,
  children,
}: {
  conversations: Conversation[];
  label: string;
  children: (conversation: Conversation) => ReactNode;
}) {
  return (
    <Stack component="ul" aria-label={label} gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {conversations.map(children)}
    </Stack>
  );
}
