import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSearch } from '@tabler/icons-react';
import {
  type CommunicationMethod,
  isFallbackMethodId,
  methodLabel,
  referralCommunicationCreateSchema,
  renderTemplate,
  SENDING_MESSAGES,
  SMS_SEGMENT_WARNING_ABOVE,
  smsSegments,
  type TemplateReferral,
  templatesFor,
  templateValues,
} from '@trust/domain';
import { useState } from 'react';
import { useDiscoverProviderMethods } from '../../api/communication-methods/discover-provider-methods.ts';
import { useProviderMethods } from '../../api/communication-methods/get-provider-methods.ts';
import { useUpdateProviderMethod } from '../../api/communication-methods/update-provider-method.ts';
import { errorText } from '../../api/errors.ts';
import { useReferralCommunications } from '../../api/referral-sending/get-referral-communications.ts';
import { useSendReferralCommunication } from '../../api/referral-sending/send-referral-communication.ts';
import { applyServerErrors } from '../form/apply-server-errors.ts';
import { useZodForm } from '../form/use-zod-form.ts';
import { isOptedOut, isSendable, MethodList, OPTED_OUT_LABEL, PriorityExplanation } from './method-list.tsx';
import { sentResultLine, sentViaText } from './sent-via.ts';

// 001 §2.1 Send-referral panel (single provider): the provider's methods (§2.2), a message with templates,
// and a real send through the SMS or email adapter. The server enforces every rule shown here.

export type SendableReferral = TemplateReferral & { id: number };

const UNSENDABLE_NOTE: Record<string, string> = {
  portal: SENDING_MESSAGES.portalUnavailable,
  fax: SENDING_MESSAGES.faxUnavailable,
};

/** 001 §2.1: templates for phone, email and fax only. */
const TEMPLATE_TYPES = ['phone', 'email', 'fax'];

function RecentSends({ referralId, providerId }: { referralId: number; providerId: number }) {
  const list = useReferralCommunications(referralId, providerId);
  if (!list.data?.length) return null;
  return (
    <Stack gap={4} aria-label="Sent to this provider">
      <Text size="sm" fw={600}>
        Sent to this provider
      </Text>
      {list.data.slice(0, 5).map((c) => (
        <Group key={c.id} gap="xs" wrap="nowrap">
          <Badge size="sm" color={c.status === 'failed' ? 'red' : c.status === 'sent' ? 'green' : 'gray'}>
            {c.status}
          </Badge>
          <Text size="xs">{sentViaText(c.method_type, c.contact_value)}</Text>
          {c.error_message && (
            <Text size="xs" c="red">
              {c.error_message}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

export function SendReferralPanel({
  referral,
  provider,
  onSent,
}: {
  referral: SendableReferral;
  provider: { id: number; name: string };
  onSent?: () => void;
}) {
  const methods = useProviderMethods(provider.id);
  const discover = useDiscoverProviderMethods(provider.id);
  const update = useUpdateProviderMethod(provider.id);
  const sendMutation = useSendReferralCommunication();

  const [chosenId, setChosenId] = useState<number | null>(null);
  const [showTemplates, setShowTemplates] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Issue #14: after a send, the method and contact the server actually used ("Bayview: SMS to (510) 555-0100").
  const [sentVia, setSentVia] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const list: CommunicationMethod[] = methods.data ?? [];
  // 001 §2.1: the first method is auto-selected.
  const selected = list.find((m) => m.id === chosenId) ?? list[0] ?? null;
  const onlyFallbacks = list.every((m) => isFallbackMethodId(m.id));
  const values = templateValues(referral, provider.name);
  const sendable = selected ? isSendable(selected) : false;
  // A web form is filled from the referral itself by the server's browser: there is no message to write.
  const webForm = selected?.method_type === 'web_form';
  // The message to the selected method, checked by the 001 §3 payload schema the server checks it with.
  const form = useZodForm({
    schema: referralCommunicationCreateSchema,
    initialValues: { message_content: '', subject: '' },
    toInput: ({ message_content, subject }) => ({
      referral_id: referral.id,
      provider_id: provider.id,
      provider_name: provider.name,
      communication_method_id: selected?.id,
      method_type: selected?.method_type,
      contact_value: selected?.contact_value,
      message_content: webForm ? null : message_content,
      subject: selected?.method_type === 'email' && subject.trim() ? subject : null,
      status: 'sent',
    }),
  });
  const message = form.values.message_content;
  const segments = selected?.method_type === 'phone' ? smsSegments(message) : 0;

  const act = async (run: () => Promise<unknown>, success: string | null, failure: string) => {
    setError(null);
    setNotice(null);
    setSentVia(null);
    try {
      await run();
      if (success) setNotice(success);
    } catch (err) {
      setError(errorText(err, failure));
    }
  };

  const send = form.onSubmit(
    async (body) => {
      setError(null);
      setNotice(null);
      setSentVia(null);
      try {
        const result = await sendMutation.mutateAsync(body);
        form.reset();
        onSent?.();
        setNotice(SENDING_MESSAGES.sent);
        setSentVia(sentResultLine(provider.name, result));
      } catch (err) {
        // A field's message goes on its input; anything else in the red box.
        setError(applyServerErrors(form, err, SENDING_MESSAGES.unknownError));
      }
    },
    (errors) => {
      // A refusal of what no input shows (the method's contact) goes in the red box.
      const other = Object.entries(errors).find(([path]) => path !== 'message_content' && path !== 'subject');
      setError(other ? String(other[1]) : null);
    },
  );

  return (
    <Stack>
      <Title order={4}>Send Referral to {provider.name}</Title>
      {methods.isPending && <Loader size="sm" aria-label="Loading communication methods" />}
      {methods.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert">
          {SENDING_MESSAGES.fetchFailed}
        </Alert>
      )}
      {notice && (
        <Alert color="green" icon={<IconCircleCheck size={16} />} role="status">
          <Text size="sm">{notice}</Text>
          {sentVia && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {sentVia}
            </Text>
          )}
        </Alert>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert">
          {error}
        </Alert>
      )}
      {methods.isSuccess && onlyFallbacks && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconSearch size={16} />}
            loading={discover.isPending}
            onClick={() =>
              act(
                async () => {
                  const found = await discover.mutateAsync();
                  if (!found.success) throw new Error(found.error ?? SENDING_MESSAGES.discoverFailed);
                },
                null,
                SENDING_MESSAGES.discoverFailed,
              )
            }
          >
            Discover Contacts
          </Button>
        </Group>
      )}
      {methods.isSuccess && list.length === 0 && <Text c="dimmed">{SENDING_MESSAGES.noMethods}</Text>}
      {list.length > 0 && (
        <MethodList
          methods={list}
          selectedId={selected?.id ?? null}
          onSelect={(m) => {
            setChosenId(m.id);
            setShowTemplates(false);
          }}
          busy={update.isPending}
          onVerify={(m) =>
            act(
              () => update.mutateAsync({ id: m.id, body: { verified: true } }),
              SENDING_MESSAGES.verified,
              SENDING_MESSAGES.verifyFailed,
            )
          }
          onPrefer={(m) =>
            act(
              () => update.mutateAsync({ id: m.id, body: { is_preferred: true } }),
              null,
              SENDING_MESSAGES.preferredFailed,
            )
          }
        />
      )}
      {selected && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            {!sendable && (
              <Text size="sm" c="dimmed">
                {methodLabel(selected.method_type)}:{' '}
                {isOptedOut(selected)
                  ? `${OPTED_OUT_LABEL}. This number answered STOP; no SMS is sent to it until it texts START.`
                  : UNSENDABLE_NOTE[selected.method_type]}
              </Text>
            )}
            {TEMPLATE_TYPES.includes(selected.method_type) && (
              <Group>
                <Button variant="subtle" size="compact-sm" onClick={() => setShowTemplates((v) => !v)}>
                  {showTemplates ? 'Hide Templates' : 'Use Template'}
                </Button>
              </Group>
            )}
            {showTemplates && (
              <Group gap="xs" aria-label="Templates">
                {templatesFor(selected.method_type).map((t) => (
                  <Button
                    key={t.id}
                    size="compact-sm"
                    variant="outline"
                    onClick={() => {
                      // The browser fills what it knows; the server fills the rest from the whole referral.
                      form.setFieldValue(
                        'message_content',
                        renderTemplate(t.body, values, { keepMissing: true }),
                      );
                      if (t.subject)
                        form.setFieldValue(
                          'subject',
                          renderTemplate(t.subject, values, { keepMissing: true }),
                        );
                      setShowTemplates(false);
                    }}
                  >
                    {t.name}
                  </Button>
                ))}
              </Group>
            )}
            {selected.method_type === 'email' && (
              <TextInput label="Subject" {...form.getInputProps('subject')} />
            )}
            {webForm ? (
              <Text size="sm" c="dimmed">
                The server fills the provider's web form from this referral and submits it; the screenshots
                before and after appear on the referral's Communications tab.
              </Text>
            ) : (
              <Textarea
                label="Message"
                // Fixed rows: Mantine's autosize measures fonts, which test DOMs do not have.
                rows={5}
                {...form.getInputProps('message_content')}
              />
            )}
            {segments > SMS_SEGMENT_WARNING_ABOVE && (
              <Text size="xs" c="orange">
                This message is {segments} SMS segments long.
              </Text>
            )}
            <Group>
              <Button
                onClick={() => send()}
                loading={sendMutation.isPending}
                disabled={!sendable || (!webForm && !message.trim()) || sendMutation.isPending}
              >
                Send Referral
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {selected && <PriorityExplanation />}
      <RecentSends referralId={referral.id} providerId={provider.id} />
    </Stack>
  );
}
