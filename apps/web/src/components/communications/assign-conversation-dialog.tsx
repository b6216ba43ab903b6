import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ClientReferral, type Conversation, normaliseReferralStatus } from '@trust/domain';
import { useState } from 'react';
import { useAssignConversation } from '../../api/communications/assign-conversation.ts';
import { errorText } from '../../api/errors.ts';
import { referralsQueryOptions } from '../../api/referrals/get-referrals.ts';

const RESULTS = 10;

/**
 * Files an unmatched thread (an inbound message from an unknown number or address) under one of the
 * organization's referrals, found by number or member name on the server (GET /api/referrals?search=).
 */
export function AssignConversationDialog({
  conversation,
  onClose,
  onAssigned,
}: {
  conversation: Conversation | null;
  onClose: () => void;
  onAssigned?: (assigned: Conversation) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<ClientReferral | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opened = conversation !== null;
  const referrals = useQuery({
    ...referralsQueryOptions({ search: debounced || undefined, page: 1, page_size: RESULTS }),
    enabled: opened,
  });
  const assign = useAssignConversation();

  const close = () => {
    setSearch('');
    setChosen(null);
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!conversation || !chosen) return;
    setError(null);
    try {
      const assigned = await assign.mutateAsync({
        id: conversation.id,
        referral_id: Number(chosen.id),
        provider_id: conversation.provider_id ?? chosen.matchedProviderId ?? null,
      });
      onAssigned?.(assigned);
      close();
    } catch (err) {
      setError(errorText(err, 'The conversation could not be assigned.'));
    }
  };

  const list = referrals.data?.referrals ?? [];
  return (
    <Modal opened={opened} onClose={close} title="Assign to referral" size="lg" centered>
      <Stack>
        {conversation && (
          <Text size="sm" c="dimmed">
            Messages from {conversation.contact_value} will join the chosen referral's conversation.
          </Text>
        )}
        <TextInput
          label="Search referrals"
          placeholder="Referral number or member name"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {referrals.isPending && <Loader size="sm" aria-label="Loading referrals" />}
        {referrals.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            No referrals found
          </Text>
        )}
        <ScrollArea.Autosize mah={320}>
          <Stack gap={6} role="listbox" aria-label="Referrals">
            {list.map((r) => {
              const selected = chosen?.id === r.id;
              return (
                <UnstyledButton
                  key={r.id}
                  role="option"
                  aria-selected={selected}
                  onClick={() => setChosen(r)}
                  p="xs"
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    border: `1px solid var(--mantine-color-${selected ? 'blue-5' : 'gray-3'})`,
                    background: selected ? 'var(--mantine-color-blue-0)' : undefined,
                  }}
                >
                  <Text size="sm" fw={600}>
                    #{r.referralNumber} · {r.memberName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {normaliseReferralStatus(r.status)}
                    {r.matchedProvider ? ` · ${r.matchedProvider.name}` : ''}
                  </Text>
                </UnstyledButton>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!chosen} loading={assign.isPending}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
