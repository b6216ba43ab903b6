import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { COMMUNICATION_MESSAGES, type ProviderReferral } from '@trust/domain';
import { useState } from 'react';
import { useSendEmail } from '../../api/email/send-email.ts';
import { ApiError } from '../../api/errors.ts';
import { useSendSms } from '../../api/sms/send-sms.ts';
import { plural, smsCounters } from '../../components/communications/sms/sms-counters.ts';
import { type ComposeChannel, composeProblem, sendFailedText } from './compose-rules.ts';
import { ReferralSelect } from './referral-select.tsx';

type Notice = { color: 'red' | 'green'; text: string };

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return COMMUNICATION_MESSAGES.sendFailed;
  return sendFailedText(error instanceof ApiError ? error.detail : null);
}

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
  const [referral, setReferral] = useState<ProviderReferral | null>(null);
  const [referralId, setReferralId] = useState<number | null>(initialReferralId);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const sms = useSendSms();
  const email = useSendEmail();
  const sending = sms.isPending || email.isPending;
  const counters = smsCounters(message);

  const reset = () => {
    setReferral(null);
    setReferralId(null);
    setSubject('');
    setMessage('');
  };

  const send = async () => {
    const problem = composeProblem({ channel, contact, referralId, subject, message });
    if (problem) {
      setNotice({ color: 'red', text: problem });
      return;
    }
    const id = referralId as number;
    setNotice(null);
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
      setNotice({ color: 'red', text: failureText(error) });
    }
  };

  return (
    <Stack
      gap="sm"
      component="form"
      aria-label={channel === 'sms' ? 'New SMS' : 'New email'}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {notice && (
        <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      <ReferralSelect
        providerId={providerId}
        value={referralId}
        onChange={(r) => {
          setReferral(r);
          setReferralId(r?.id ?? null);
        }}
      />
      {referral && (
        <Text size="xs" c="dimmed">
          {referral.sdoh_needs.join(', ') || 'No needs recorded'} · {referral.status}
        </Text>
      )}
      {channel === 'email' && (
        <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
      )}
      <Textarea
        label="Message"
        rows={channel === 'sms' ? 4 : 8}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
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
