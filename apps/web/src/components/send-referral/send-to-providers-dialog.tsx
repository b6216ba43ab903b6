import { Accordion, Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import {
  type CommunicationMethod,
  type MatchedProviderEntry,
  methodLabel,
  priorityColor,
  providersReadyMessage,
  SENDING_MESSAGES,
  type SendToProvidersResponse,
  selectMethodForAllMessage,
  sendToProvidersSchema,
} from '@trust/domain';
import { useEffect, useState } from 'react';
import { useProviderMethods } from '../../api/communication-methods/get-provider-methods.ts';
import { useSendToProviders } from '../../api/referral-sending/send-to-providers.ts';
import { applyServerErrors } from '../form/apply-server-errors.ts';
import { useZodForm } from '../form/use-zod-form.ts';
import { isSendable, unsendableReason } from './method-list.tsx';
import { sentResultLine } from './sent-via.ts';

// 001 §2.8 'Send Referral to N Providers': collapsible numbered cards, nearest first, each with a method chooser;
// the footer counts 'X of N providers ready'; Send is enabled only when every provider has a method (001 §5).
// The server holds the same rule and sends each for real (POST /api/referrals/{id}/send-to-providers).
// Once sent, the dialog shows the spec's summary and, under it, each provider with the method the server actually
// used (issue #14: the summary says "preferred" even when the coordinator chose another method).

type Provider = Pick<MatchedProviderEntry, 'provider_id' | 'provider_name' | 'distance_miles' | 'status'> &
  Partial<Pick<MatchedProviderEntry, 'organization_name' | 'rank'>>;

/** Nearest first; a provider without a distance goes last, by its rank. */
function nearestFirst(a: Provider, b: Provider) {
  const da = a.distance_miles ?? Number.POSITIVE_INFINITY;
  const db = b.distance_miles ?? Number.POSITIVE_INFINITY;
  return da === db ? (a.rank ?? 0) - (b.rank ?? 0) : da - db;
}

function ProviderMethodChooser({
  provider,
  chosen,
  onChoose,
}: {
  provider: Provider;
  chosen: CommunicationMethod | null;
  onChoose: (method: CommunicationMethod) => void;
}) {
  const methods = useProviderMethods(provider.provider_id);
  // The provider's preferred method, when it can be sent through, is chosen for it (001 §4 "via their preferred
  // communication methods"); any other choice is the user's.
  const preferred = methods.data?.find((m) => m.is_preferred && isSendable(m)) ?? null;
  useEffect(() => {
    if (!chosen && preferred) onChoose(preferred);
  }, [chosen, preferred, onChoose]);
  if (methods.isPending)
    return <Loader size="xs" aria-label={`Loading methods of ${provider.provider_name}`} />;
  if (methods.isError) {
    return (
      <Text size="sm" c="red">
        {SENDING_MESSAGES.fetchFailed}
      </Text>
    );
  }
  if (methods.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {SENDING_MESSAGES.noMethods}
      </Text>
    );
  }
  return (
    <Radio.Group
      aria-label={`Communication method for ${provider.provider_name}`}
      value={chosen ? String(chosen.id) : null}
      onChange={(value) => {
        const method = methods.data.find((m) => String(m.id) === value);
        if (method) onChoose(method);
      }}
    >
      <Stack gap={6}>
        {methods.data.map((m) => (
          <Group key={m.id} gap="xs" wrap="nowrap">
            <Radio
              value={String(m.id)}
              disabled={!isSendable(m)}
              label={`${methodLabel(m.method_type)}: ${m.contact_value}`}
              description={unsendableReason(m) ?? undefined}
            />
            <Badge size="xs" variant="light" color={priorityColor(m.priority)}>
              {m.priority}
            </Badge>
            {m.is_preferred && (
              <Badge size="xs" variant="outline" color="yellow">
                Preferred
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function SendToProvidersDialog({
  referral,
  providers,
  opened,
  onClose,
  onSent,
}: {
  referral: { id: number; referral_number?: string | null };
  providers: Provider[];
  opened: boolean;
  onClose: () => void;
  onSent?: (result: SendToProvidersResponse) => void;
}) {
  // Only open entries are sent: one already answered (accepted, declined, not_selected) or expired is not sent again.
  const open = providers.filter((p) => p.status === 'pending' || p.status === 'sent').sort(nearestFirst);
  const n = open.length;
  const form = useZodForm({
    schema: sendToProvidersSchema,
    // The method chosen for each provider, by provider id.
    initialValues: { chosen: {} as Record<number, CommunicationMethod> },
    toInput: ({ chosen }) => ({
      providers: open.map((p) => {
        const m = chosen[p.provider_id];
        return {
          provider_id: p.provider_id,
          communication_method_id: m?.id,
          method_type: m?.method_type,
          contact_value: m?.contact_value,
        };
      }),
    }),
    // 001 §5: every open provider needs a method.
    rules: ({ chosen }) => {
      if (n === 0) return { providers: SENDING_MESSAGES.noMatchedProviders };
      if (open.some((p) => !chosen[p.provider_id])) return { providers: selectMethodForAllMessage(n) };
      return {};
    },
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const { chosen } = form.values;
  const sendAll = useSendToProviders(referral.id);
  const ready = open.filter((p) => chosen[p.provider_id]).length;
  const allReady = n > 0 && ready === n;
  // The cards have no place for a message: the form's first one (a provider's, the server's) shows above.
  const error = form.formError ?? Object.values(form.errors)[0] ?? null;
  // What the last send did: the server's summary and one line per provider (names taken when it was sent).
  const [sent, setSent] = useState<{
    message: string;
    count: number;
    lines: { providerId: number; text: string }[];
  } | null>(null);
  // Closed from outside: the next opening starts a new send.
  useEffect(() => {
    if (!opened) setSent(null);
  }, [opened]);

  const close = () => {
    form.clearErrors();
    form.setFormError(null);
    setSent(null);
    onClose();
  };

  const choose = (providerId: number, method: CommunicationMethod) =>
    form.setValues((values) => ({ chosen: { ...values.chosen, [providerId]: method } }));

  const submit = form.onSubmit(async (body) => {
    const names = new Map(open.map((p) => [p.provider_id, p.provider_name]));
    try {
      const result = await sendAll.mutateAsync(body);
      form.reset();
      setSent({
        message: result.message,
        count: n,
        lines: result.results.map((r) => ({
          providerId: r.provider_id,
          text: sentResultLine(names.get(r.provider_id) ?? `Provider ${r.provider_id}`, r),
        })),
      });
      onSent?.(result);
    } catch (err) {
      applyServerErrors(form, err, SENDING_MESSAGES.sendToProvidersFailed);
    }
  });

  if (sent) {
    return (
      <Modal
        opened={opened}
        onClose={close}
        title={`Send Referral to ${sent.count} Providers`}
        size="lg"
        centered
      >
        <Stack>
          <Alert color="green" icon={<IconCircleCheck size={16} />} role="status" title={sent.message}>
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Send results">
              {sent.lines.map((line) => (
                <Text key={line.providerId} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.text}
                </Text>
              ))}
            </Stack>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={`Send Referral to ${n} Providers`} size="lg" centered>
      <Stack>
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert">
            {error}
          </Alert>
        )}
        {n === 0 ? (
          <Text c="dimmed">{SENDING_MESSAGES.noMatchedProviders}</Text>
        ) : (
          <Accordion multiple defaultValue={open.map((p) => String(p.provider_id))} variant="separated">
            {open.map((p, i) => (
              <Accordion.Item key={p.provider_id} value={String(p.provider_id)}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" pr="sm">
                    <Text fw={600} size="sm">
                      {i + 1}. {p.provider_name}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      {p.distance_miles !== null && <Text size="xs">{p.distance_miles} miles</Text>}
                      <Badge size="sm" color={chosen[p.provider_id] ? 'green' : 'gray'} variant="light">
                        {chosen[p.provider_id] ? 'Ready' : 'Choose a method'}
                      </Badge>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <ProviderMethodChooser
                    provider={p}
                    chosen={chosen[p.provider_id] ?? null}
                    onChoose={(m) => choose(p.provider_id, m)}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        <Group justify="space-between">
          <Text size="sm" data-testid="providers-ready">
            {providersReadyMessage(ready, n)}
          </Text>
          <Group>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              onClick={() => submit()}
              disabled={!allReady || sendAll.isPending}
              loading={sendAll.isPending}
            >
              Send to {n} Providers
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
