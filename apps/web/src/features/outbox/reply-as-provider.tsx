import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconMessageReply } from '@tabler/icons-react';
import { type OutboundMessage, simulatedInboundEmailSchema, simulatedInboundSmsSchema } from '@trust/domain';
import { useSimulateInboundEmail } from '../../api/outbox/simulate-inbound-email.ts';
import { useSimulateInboundSms } from '../../api/outbox/simulate-inbound-sms.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import {
  emailPlacementText,
  type Replier,
  replySubject,
  smsActionText,
  smsPlacementText,
} from './provider-reply.ts';

const BLANK_REPLY = 'Type the reply to send.';
const SEND_FAILED = 'Failed to send the reply';

const blankReply = ({ body }: { body: string }) => (body.trim() === '' ? { body: BLANK_REPLY } : {});

function Section({
  children,
  description,
  replier = 'provider',
}: {
  children: React.ReactNode;
  description: string;
  replier?: Replier;
}) {
  const title = `Reply as the ${replier}`;
  return (
    <Paper withBorder p="md" radius="md" bg="gray.0" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group gap={6}>
          <IconMessageReply size={18} aria-hidden />
          <Title order={4}>{title}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

const SMS_HELP: Record<Replier, (to: string) => string> = {
  provider: (to) =>
    `Type the text ${to} sends back. It is received exactly like a real reply: YES or ACCEPT with the referral number accepts the referral, DECLINE declines it, STARTED or DONE with the number reports progress on an accepted one, STOP opts the number out, HELP asks for help.`,
  member: (to) =>
    `Type the text the member at ${to} sends back. It is received exactly like a real reply: YES or NO answers whether they got the help they needed.`,
};

/**
 * Texts a reply as if the message's recipient had answered it (POST /api/outbox/inbound/sms): a provider, or the
 * member answering the follow-up question.
 */
export function ReplyAsProviderSms({
  message,
  replier = 'provider',
}: {
  message: OutboundMessage;
  replier?: Replier;
}) {
  const form = useZodForm({
    schema: simulatedInboundSmsSchema,
    initialValues: { from_phone: message.to, body: '' },
    rules: blankReply,
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const send = useSimulateInboundSms();

  const submit = form.onSubmit((body) =>
    send.mutate(body, { onError: (error) => applyServerErrors(form, error, SEND_FAILED) }),
  );

  return (
    <Section replier={replier} description={SMS_HELP[replier](message.to)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput label="From" readOnly {...form.getInputProps('from_phone')} />
          <Textarea
            label="Reply text"
            placeholder={replier === 'member' ? 'YES' : 'YES 1234567890'}
            rows={2}
            maxLength={1600}
            {...form.getInputProps('body')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send reply as the {replier}
            </Button>
          </Group>
        </Stack>
      </form>
      {form.formError && (
        <Alert color="red" role="alert" title="The reply was not received">
          {form.formError}
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
            <Text size="sm">{smsPlacementText(send.data, replier)}</Text>
            {send.data.reply && <Text size="sm">Texted back: “{send.data.reply}”</Text>}
          </Stack>
        </Alert>
      )}
    </Section>
  );
}

/** Answers one email of the outbox as its recipient (POST /api/outbox/inbound/email). */
export function ReplyAsProviderEmail({ message }: { message: OutboundMessage }) {
  const form = useZodForm({
    schema: simulatedInboundEmailSchema,
    initialValues: { subject: replySubject(message.subject), body: '' },
    // The reply answers this message; a blank subject is left out.
    toInput: ({ subject, body }) => ({
      outbox_message_id: message.id,
      body,
      ...(subject.trim() ? { subject: subject.trim() } : {}),
    }),
    rules: blankReply,
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const send = useSimulateInboundEmail();

  const submit = form.onSubmit((body) =>
    send.mutate(body, { onError: (error) => applyServerErrors(form, error, SEND_FAILED) }),
  );

  return (
    <Section
      description={`Write the email ${message.to} sends back. It arrives as a reply to this message and threads onto the provider's email conversation.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput label="From" value={message.to} readOnly />
          <TextInput label="Reply subject" maxLength={1000} {...form.getInputProps('subject')} />
          <Textarea label="Reply text" rows={3} {...form.getInputProps('body')} />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send reply as the provider
            </Button>
          </Group>
        </Stack>
      </form>
      {form.formError && (
        <Alert color="red" role="alert" title="The reply was not received">
          {form.formError}
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
