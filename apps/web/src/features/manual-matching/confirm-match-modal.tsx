import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  type CommunicationMethod,
  type DirectoryProvider,
  isFallbackMethodId,
  MATCH_METHOD_LABELS,
  type MatchingReferral,
} from '@trust/domain';
import { useState } from 'react';
import { useProviderMethods } from '../../api/communication-methods/get-provider-methods.ts';

/** What the match sends through: a stored method (by id) or a directory contact (fallback, not stored). */
export type ChosenMethod = Pick<CommunicationMethod, 'id' | 'method_type' | 'contact_value'>;

export function toMatchMethod(m: ChosenMethod) {
  return {
    communication_method: m.method_type,
    communication_method_id: isFallbackMethodId(m.id) ? null : m.id,
    contact_value: m.contact_value,
  };
}

/**
 * 001 §2.3 'Confirm Referral Submission': the referral, the provider and how to send it. The methods are the
 * provider's communication methods, highest priority first (directory fallbacks when none is stored); the first
 * is selected (001 §2.1).
 */
export function ConfirmMatchModal({
  referral,
  provider,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  referral: MatchingReferral | null;
  provider: DirectoryProvider | null;
  busy: boolean;
  error: string | null;
  onConfirm: (method: ChosenMethod) => void;
  onCancel: () => void;
}) {
  const methods = useProviderMethods(provider?.id ?? null, provider !== null);
  const list = methods.data ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = list.find((m) => String(m.id) === picked) ?? list[0] ?? null;
  const opened = referral !== null && provider !== null;
  return (
    <Modal opened={opened} onClose={onCancel} title="Confirm Referral Submission" centered>
      {referral && provider && (
        <Stack>
          <Text size="sm">
            Match referral #{referral.referral_number} ({referral.member_name}) with{' '}
            <strong>{provider.organization_name}</strong>?
          </Text>
          {methods.isPending && <Loader size="sm" aria-label="Loading contact methods" />}
          {methods.isSuccess && list.length === 0 && (
            <Text size="sm" c="dimmed">
              No contact methods available
            </Text>
          )}
          {list.length > 0 && (
            <Radio.Group label="Send via" value={chosen ? String(chosen.id) : null} onChange={setPicked}>
              <Stack gap={4} mt="xs">
                {list.map((m) => (
                  <Radio
                    key={m.id}
                    value={String(m.id)}
                    label={`${MATCH_METHOD_LABELS[m.method_type]} (${m.contact_value})`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button loading={busy} disabled={!chosen} onClick={() => chosen && onConfirm(chosen)}>
              Confirm and Send
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
