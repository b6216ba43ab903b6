import { Paper, Stack, Text, Title } from '@mantine/core';
import type { VoiceConversationMessage } from '@trust/domain';

/** 000 §2.2 the conversation history: the assistant's prompts and what the person said. */
export function ConversationHistory({ messages }: { messages: readonly VoiceConversationMessage[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5" id="voice-conversation-title">
          Conversation
        </Title>
        {messages.length === 0 ? (
          <Text size="sm" c="dimmed">
            The prompts and what you said appear here once you start speaking.
          </Text>
        ) : (
          <Stack component="ol" gap={6} aria-labelledby="voice-conversation-title" m={0} p={0}>
            {messages.map((message, i) => (
              <Text
                component="li"
                // Messages are only ever appended (or all cleared).
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
                key={i}
                size="sm"
                style={{ listStyle: 'none', overflowWrap: 'anywhere' }}
                c={message.type === 'assistant' ? 'dimmed' : undefined}
              >
                <Text span fw={600}>
                  {message.type === 'assistant' ? 'Assistant' : 'You'}:
                </Text>{' '}
                {message.content}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
