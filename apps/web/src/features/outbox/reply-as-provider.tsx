import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import type { OutboundMessage } from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useSimulateInboundEmail } from '../../api/outbox/simulate-inbound-email.ts';
import { useSimulateInboundSms } from '../../api/outbox/simulate-inbound-sms.ts';
import { emailPlacementText, replySubject, smsActionText, smsPlacementText } from './provider-reply.ts';

function Section({ children, description }: { children: React.ReactNode; description: string }) {
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" component="section" aria-label="Reply as the provider">
      <Stack gap="sm">
        <Group gap={6}>
          <IconMessageReply size={18} aria-hidden />
          <Title order={4}>Reply as the provider</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** Texts a reply as if the message's recipient had answered it (POST /api/outbox/inbound/sms). */
export function ReplyAsProviderSms({ message }: { message: OutboundMessage }) {
  const [body, setBody] = useState('');
  const [blank, setBlank] = useState(false);
  const send = useSimulateInboundSms();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') {
      setBlank(true);
      return;
    }
    setBlank(false);
    send.mutate({ from_phone: message.to, body });
  };

  return (
    <Section
      description={`Type the text ${message.to} sends back. It is received exactly like a real reply: YES or ACCEPT with the referral number accepts the referral, DECLINE declines it, STOP opts the number out, HELP asks for help.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput label="From" value={message.to} readOnly />
          <Textarea
            label="Reply text"
            placeholder="YES 1234567890"
            rows={2}
            maxLength={1600}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={blank ? 'Type the reply to send.' : undefined}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send reply as the provider
            </Button>
          </Group>
        </Stack>
      </form>
      {send.error && (
        <Alert color="red" role="alert" title="The reply was not received">
          {errorText(send.error, 'Failed to send the reply')}
        </Alert>
      )}
      {send.data && (
        <Alert color="teal" role="status" title="Reply received">
          <Stack gap={4}>
            <Text size="sm">
              What the reply did: <strong>{smsActionText(send.data)}</strong>
            </Text>
            <Group gap={6}>
              <Text size="sm">Intent:</Text>
              <Badge variant="light">{send.data.intent}</Badge>
            </Group>
            <Text size="sm">{smsPlacementText(send.data)}</Text>
            {send.data.reply && <Text size="sm">Texted back: “{send.data.reply}”</Text>}
          </Stack>
        </Alert>
      )}
    </Section>
  );
}

/** Answers one email of the outbox as its recipient (POST /api/outbox/inbound/email). */
export function ReplyAsProviderEmail({ message }: { message: OutboundMessage }) {
  const [subject, setSubject] = useState(() => replySubject(message.subject));
  const [body, setBody] = useState('');
  const [blank, setBlank] = useState(false);
  const send = useSimulateInboundEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') {
      setBlank(true);
      return;
    }
    setBlank(false);
    const trimmedSubject = subject.trim();
    send.mutate({
      outbox_message_id: message.id,
      body,
      ...(trimmedSubject ? { subject: trimmedSubject } : {}),
    });
  };

  return (
    <Section
      description={`Write the email ${message.to} sends back. It arrives as a reply to this message and threads onto the provider's email conversation.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput label="From" value={message.to} readOnly />
          <TextInput
            label="Reply subject"
            value={subject}
            maxLength={1000}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
          <Textarea
            label="Reply text"
            rows={3}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={blank ? 'Type the reply to send.' : undefined}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send reply as the provider
            </Button>
          </Group>
        </Stack>
      </form>
      {send.error && (
        <Alert color="red" role="alert" title="The reply was not received">
          {errorText(send.error, 'Failed to send the reply')}
        </Alert>
      )}
      {send.data && (
        <Alert color="teal" role="status" title="Reply received">
          {emailPlacementText(send.data)}
        </Alert>
      )}
    </Section>
  );
}
