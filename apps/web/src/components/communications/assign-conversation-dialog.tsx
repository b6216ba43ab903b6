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
import {
  type ClientReferral,
  type Conversation,
  conversationAssignSchema,
  normaliseReferralStatus,
} from '@trust/domain';
import { useState } from 'react';
import { useAssignConversation } from '../../api/communications/assign-conversation.ts';
import { referralsQueryOptions } from '../../api/referrals/get-referrals.ts';
import { applyServerErrors } from '../form/apply-server-errors.ts';
import { useZodForm } from '../form/use-zod-form.ts';

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
  // The search is a filter of the list, not part of the request.
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const form = useZodForm({
    schema: conversationAssignSchema,
    initialValues: { referral_id: null as number | null, provider_id: null as number | null },
    // A message stays until the next attempt.
    clearInputErrorOnChange: false,
  });
  const chosenId = form.values.referral_id;
  const opened = conversation !== null;
  const referrals = useQuery({
    ...referralsQueryOptions({ search: debounced || undefined, page: 1, page_size: RESULTS }),
    enabled: opened,
  });
  const assign = useAssignConversation();
  // The list has no place for a message: the server's, whatever its field, shows in the alert.
  const error = form.formError ?? Object.values(form.errors)[0] ?? null;

  const close = () => {
    setSearch('');
    form.reset();
    onClose();
  };

  const choose = (r: ClientReferral) => {
    if (!conversation) return;
    form.setValues({
      referral_id: Number(r.id),
      provider_id: conversation.provider_id ?? r.matchedProviderId ?? null,
    });
  };

  const send = form.onSubmit(async ({ referral_id, provider_id }) => {
    if (!conversation) return;
    try {
      const assigned = await assign.mutateAsync({ id: conversation.id, referral_id, provider_id });
      onAssigned?.(assigned);
      close();
    } catch (err) {
      applyServerErrors(form, err, 'The conversation could not be assigned.');
    }
  });
  const submit = () => {
    if (conversation && chosenId !== null) send();
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
              const selected = chosenId === Number(r.id);
              return (
                <UnstyledButton
                  key={r.id}
                  role="option"
                  aria-selected={selected}
                  onClick={() => choose(r)}
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
          <Button onClick={submit} disabled={chosenId === null} loading={assign.isPending}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
