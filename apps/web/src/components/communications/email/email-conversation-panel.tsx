import { Alert, Box, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { EMAIL_MESSAGES, emailSendFailedMessage, type TemplateValues } from '@trust/domain';
import { useEffect, useState } from 'react';
import { communicationKeys } from '../../../api/communications/keys.ts';
import { useCommunicationUpdates } from '../../../api/communications/use-communication-updates.ts';
import { useEmailConversation } from '../../../api/email/get-email-conversation.ts';
import { useEmailTemplates } from '../../../api/email/get-email-templates.ts';
import type { EmailThreadParams } from '../../../api/email/keys.ts';
import { useSendEmail } from '../../../api/email/send-email.ts';
import { ApiError, errorText } from '../../../api/errors.ts';
import { PanelHeader } from '../panel-header.tsx';
import { EmailCard } from './email-card.tsx';
import { type ComposedEmail, EmailComposer } from './email-composer.tsx';

/** 001 §8: 'Failed to send email: {server error or Unknown error}'; 'Failed to send email.' when unreachable. */
export function emailFailureText(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return EMAIL_MESSAGES.sendFailedNetwork;
  if (error instanceof ApiError) return emailSendFailedMessage(error.detail);
  return EMAIL_MESSAGES.sendFailedNetwork;
}

/**
 * 001 §2.13 email conversation panel: one card per email, oldest first, and the composer. Opening it reads the
 * thread, which marks its inbound emails read on the server; the inbox's counts refresh.
 */
export function EmailConversationPanel({
  thread,
  referralId,
  providerId,
  providerName,
  values = {},
  onClose,
}: {
  thread: EmailThreadParams;
  referralId?: number | null;
  providerId?: number | null;
  providerName?: string | null;
  /** What the browser knows for the template placeholders (provider, referral number, member…). */
  values?: TemplateValues;
  onClose?: () => void;
}) {
  const queryClient = useQueryClient();
  useCommunicationUpdates();
  const conversation = useEmailConversation(thread);
  const templates = useEmailTemplates();
  const send = useSendEmail();
  const [error, setError] = useState<string | null>(null);
  const data = conversation.data;
  const emails = data?.emails ?? [];
  const threadId = data?.conversation_id ?? null;

  // The read marked the thread read (the GET does, 001 §7): the unread badges of the lists follow at once.
  useEffect(() => {
    if (threadId !== null)
      void queryClient.invalidateQueries({ queryKey: communicationKeys.conversations() });
  }, [threadId, queryClient]);

  const name = data?.provider_name ?? providerName ?? 'Provider';
  const toProvider = data?.provider_id ?? providerId ?? null;
  const address = data ? data.email : null;

  const onSend = async (email: ComposedEmail): Promise<boolean> => {
    if (toProvider === null) return false;
    setError(null);
    try {
      const result = await send.mutateAsync({
        ...email,
        provider_id: toProvider,
        referral_id: referralId ?? thread.referral_id ?? emails[0]?.referral_id ?? null,
        to_email: address,
      });
      if (!result.success) {
        setError(emailSendFailedMessage(result.error));
        return false;
      }
      return true;
    } catch (err) {
      setError(emailFailureText(err));
      return false;
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Email Conversation">
      <Stack gap="sm">
        <PanelHeader
          title="Email Conversation"
          subtitle={address ? `${name} · ${address}` : name}
          onClose={onClose}
        />
        {conversation.isPending ? (
          <Center py="lg">
            <Stack align="center" gap={6}>
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {EMAIL_MESSAGES.loading}
              </Text>
            </Stack>
          </Center>
        ) : !data ? (
          <Alert color="red" role="alert">
            {errorText(conversation.error, 'The emails could not be loaded.')}
          </Alert>
        ) : emails.length === 0 ? (
          <Stack gap={2} align="center" py="lg" ta="center">
            <Text fw={600}>{EMAIL_MESSAGES.noEmails}</Text>
            <Text size="sm" c="dimmed">
              {EMAIL_MESSAGES.sendFirst}
            </Text>
          </Stack>
        ) : (
          <Box mah={560} style={{ overflowY: 'auto' }}>
            <Stack
              component="ul"
              aria-label="Emails"
              gap="sm"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {emails.map((email) => (
                <EmailCard key={email.id} email={email} providerName={name} />
              ))}
            </Stack>
          </Box>
        )}
        {data && toProvider !== null && (
          <EmailComposer
            templates={templates.data ?? []}
            values={{ ...values, provider_name: values.provider_name ?? name }}
            providerEmail={address}
            sending={send.isPending}
            error={error}
            onSend={onSend}
          />
        )}
        {data && toProvider === null && (
          <Text size="sm" c="dimmed">
            Assign this conversation to a referral before replying.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
