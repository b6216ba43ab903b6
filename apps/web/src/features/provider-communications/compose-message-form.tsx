import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { COMMUNICATION_MESSAGES, emailSendSchema, type ProviderReferral, smsSendSchema } from '@trust/domain';
import { useState } from 'react';
import { useSendEmail } from '../../api/email/send-email.ts';
import { ApiError } from '../../api/errors.ts';
import { useSendSms } from '../../api/sms/send-sms.ts';
import { plural, smsCounters } from '../../components/communications/sms/sms-counters.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import type { FormSchema } from '../../components/form/schema-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { type ComposeChannel, composeProblem, sendFailedText } from './compose-rules.ts';
import { ReferralSelect } from './referral-select.tsx';

type Notice = { color: 'red' | 'green'; text: string };

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return COMMUNICATION_MESSAGES.sendFailed;
  return sendFailedText(error instanceof ApiError ? error.detail : null);
}

/** The message's wire field (SMS message_text, email body) shows on the Message input. */
const fieldOf = (field: string) => (field === 'message_text' || field === 'body' ? 'message' : field);

/**
 * 001 §2.10 compose form of one provider's SMS or Email tab: the referral to discuss, the subject (email) and
 * the message, checked by the rules of 001 §5 before anything is sent. On success 'Message sent successfully!'
 * and the form empties; a failure says 'Failed to send: {error or Unknown error}' (001 §8).
 */
export function ComposeMessageForm({
  channel,
  providerId,
  contact,
  initialReferralId = null,
  onSent,
}: {
  channel: ComposeChannel;
  providerId: number;
  /** The provider's phone (SMS) or email address from its record. */
  contact: string | null;
  initialReferralId?: number | null;
  /** The thread the message went to, to open it. */
  onSent?: (referralId: number) => void;
}) {
  // The chosen referral's needs and status, shown under the field (its id is the form's).
  const [referral, setReferral] = useState<ProviderReferral | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useZodForm({
    // The request of the channel, checked as the server does.
    schema: (channel === 'sms' ? smsSendSchema : emailSendSchema) as FormSchema<unknown>,
    initialValues: { referral_id: initialReferralId, subject: '', message: '' },
    toInput: ({ referral_id, subject, message }) =>
      channel === 'sms'
        ? { provider_id: providerId, referral_id, to_phone: contact, message_text: message }
        : {
            provider_id: providerId,
            referral_id,
            to_email: contact,
            cc_emails: [],
            subject,
            body: message,
            use_html: false,
          },
    // 001 §5: the first rule broken, in the spec's order, on its field (the contact has no input: the alert
    // shows it like every message of this form).
    rules: ({ referral_id, subject, message }) => {
      const problem = composeProblem({ channel, contact, referralId: referral_id, subject, message });
      if (!problem) return {};
      if (!contact?.trim()) return { [channel === 'sms' ? 'to_phone' : 'to_email']: problem };
      if (referral_id === null) return { referral_id: problem };
      if (channel === 'email' && !subject.trim()) return { subject: problem };
      return { message: problem };
    },
    fieldOf,
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const sms = useSendSms();
  const email = useSendEmail();
  const sending = sms.isPending || email.isPending;
  const { referral_id: referralId, subject, message } = form.values;
  const counters = smsCounters(message);
  const errors = form.errors;
  // 001 §8: one alert, the form's first message, else the outcome of the last send.
  const problem = Object.values(errors)[0];
  const shown: Notice | null = problem ? { color: 'red', text: String(problem) } : notice;

  const reset = () => {
    setReferral(null);
    form.setValues({ referral_id: null, subject: '', message: '' });
  };

  const send = form.onSubmit(async () => {
    const id = referralId as number;
    try {
      const result =
        channel === 'sms'
          ? await sms.mutateAsync({
              provider_id: providerId,
              referral_id: id,
              to_phone: contact,
              message_text: message,
            })
          : await email.mutateAsync({
              provider_id: providerId,
              referral_id: id,
              to_email: contact,
              cc_emails: [],
              subject,
              body: message,
              use_html: false,
              attachments: [],
            });
      if (!result.success) {
        setNotice({ color: 'red', text: sendFailedText(result.error) });
        return;
      }
      setNotice({ color: 'green', text: COMMUNICATION_MESSAGES.messageSent });
      reset();
      onSent?.(id);
    } catch (error) {
      // A field's message goes on its input (and the alert); anything else is worded 'Failed to send: …'.
      const rest = applyServerErrors(form, error, COMMUNICATION_MESSAGES.sendFailed, { fieldOf });
      if (rest !== null) setNotice({ color: 'red', text: failureText(error) });
    }
  });

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label={channel === 'sms' ? 'New SMS' : 'New email'}
      onSubmit={(e) => {
        e.preventDefault();
        setNotice(null);
        send();
      }}
    >
      {shown && (
        <Alert color={shown.color} role={shown.color === 'red' ? 'alert' : 'status'}>
          {shown.text}
        </Alert>
      )}
      <ReferralSelect
        providerId={providerId}
        value={referralId}
        onChange={(r) => {
          setReferral(r);
          form.setFieldValue('referral_id', r?.id ?? null);
        }}
      />
      {referral && (
        <Text size="xs" c="dimmed">
          {referral.sdoh_needs.join(', ') || 'No needs recorded'} · {referral.status}
        </Text>
      )}
      {channel === 'email' && (
        <TextInput
          label="Subject"
          {...form.getInputProps('subject', { withError: false })}
          error={Boolean(errors.subject)}
        />
      )}
      <Textarea
        label="Message"
        rows={channel === 'sms' ? 4 : 8}
        {...form.getInputProps('message', { withError: false })}
        error={Boolean(errors.message)}
      />
      {channel === 'sms' && (
        // 001 §2.12: the counter turns orange above 160 characters.
        <Text size="xs" c={counters.overOneSegment ? 'orange' : 'dimmed'} data-testid="sms-counter">
          {plural(counters.length, 'character')} · {plural(counters.segments, 'segment')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button type="submit" leftSection={<IconSend size={14} />} loading={sending}>
          {channel === 'sms' ? 'Send SMS' : 'Send Email'}
        </Button>
      </Group>
    </Stack>
  );
}
