import { Alert, Box, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { COMMUNICATION_MESSAGES, formatPhone } from '@trust/domain';
import { useEffect, useRef, useState } from 'react';
import { communicationKeys } from '../../../api/communications/keys.ts';
import { useCommunicationUpdates } from '../../../api/communications/use-communication-updates.ts';
import { errorText } from '../../../api/errors.ts';
import { useSmsConversation } from '../../../api/sms/get-sms-conversation.ts';
import type { SmsThreadParams } from '../../../api/sms/keys.ts';
import { useSendSms } from '../../../api/sms/send-sms.ts';
import { PanelHeader } from '../panel-header.tsx';
import { SmsBubble } from './sms-bubble.tsx';
import { SmsComposer } from './sms-composer.tsx';

/** Why a thread cannot be answered from here, or null when it can. */
function blockedReason(optedOut: boolean, providerId: number | null): string | null {
  if (optedOut) return COMMUNICATION_MESSAGES.optedOut;
  if (providerId === null) return 'Assign this conversation to a referral before replying.';
  return null;
}

/**
 * 001 §2.12 SMS conversation panel: the thread's messages as chat bubbles and the composer. Opening it reads
 * the thread, which marks its inbound messages read on the server; the inbox's counts refresh.
 */
export function SmsConversationPanel({
  thread,
  referralId,
  providerId,
  providerName,
  onClose,
}: {
  thread: SmsThreadParams;
  /** The referral the thread is about (a thread opened by its id does not say). */
  referralId?: number | null;
  /** Who to send to when the thread does not say (a thread not started yet). */
  providerId?: number | null;
  providerName?: string | null;
  onClose?: () => void;
}) {
  const queryClient = useQueryClient();
  useCommunicationUpdates();
  const conversation = useSmsConversation(thread);
  const send = useSendSms();
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const data = conversation.data;
  const messages = data?.messages ?? [];
  const lastId = messages.at(-1)?.id;
  const threadId = data?.conversation_id ?? null;

  // The read marked the thread read: the unread badges of the lists follow at once.
  useEffect(() => {
    if (threadId !== null)
      void queryClient.invalidateQueries({ queryKey: communicationKeys.conversations() });
  }, [threadId, queryClient]);

  // The newest message stays in view as messages arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list && lastId !== undefined) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  const name = data?.provider_name ?? providerName ?? 'Provider';
  const toProvider = data?.provider_id ?? providerId ?? null;
  const phone = data?.phone ?? null;
  const disabledReason = data ? blockedReason(data.opted_out, toProvider) : null;

  const onSend = async (text: string): Promise<boolean> => {
    if (toProvider === null) return false;
    setError(null);
    try {
      const result = await send.mutateAsync({
        provider_id: toProvider,
        referral_id: referralId ?? thread.referral_id ?? messages[0]?.referral_id ?? null,
        // Without a number the server uses the provider's, or says 'Provider phone number not available'.
        to_phone: phone,
        message_text: text,
      });
      if (!result.success) {
        setError(result.error?.trim() || COMMUNICATION_MESSAGES.unknownError);
        return false;
      }
      return true;
    } catch (err) {
      setError(errorText(err, COMMUNICATION_MESSAGES.unknownError));
      return false;
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="SMS Conversation">
      <Stack gap="sm">
        <PanelHeader
          title="SMS Conversation"
          subtitle={phone ? `${name} · ${formatPhone(phone)}` : name}
          onClose={onClose}
        />
        {conversation.isPending ? (
          <Center py="lg">
            <Stack align="center" gap={6}>
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Loading conversation...
              </Text>
            </Stack>
          </Center>
        ) : !data ? (
          <Alert color="red" role="alert">
            {errorText(conversation.error, 'The conversation could not be loaded.')}
          </Alert>
        ) : messages.length === 0 ? (
          <Stack gap={2} align="center" py="lg" ta="center">
            <Text fw={600}>No messages yet</Text>
            <Text size="sm" c="dimmed">
              Start the conversation below
            </Text>
          </Stack>
        ) : (
          <Box ref={listRef} mah={440} style={{ overflowY: 'auto' }}>
            <Stack
              component="ul"
              aria-label="Messages"
              gap="xs"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {messages.map((message) => (
                <SmsBubble key={message.id} message={message} providerName={name} />
              ))}
            </Stack>
          </Box>
        )}
        {data && (
          <SmsComposer
            onSend={onSend}
            sending={send.isPending}
            error={error}
            disabledReason={disabledReason}
          />
        )}
      </Stack>
    </Paper>
  );
}
