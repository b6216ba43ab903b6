import { Alert, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ClientReferral, normaliseReferralStatus } from '@trust/domain';
import { useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useChangeReferralStatus } from '../../api/referrals/change-referral-status.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { statusUpdateNotice } from '../../components/referral/status-update-notice.ts';
import { WORKSPACE_MESSAGES } from './messages.ts';
import { WORKSPACE_STATUS_OPTIONS } from './status-options.ts';

/** 000 §8: "Failed to update status…" when the server refused, "Error updating status…" when unreachable. */
function failureOf(error: unknown): { title: string; detail: string | null } {
  const network = !(error instanceof ApiError) || error.isNetworkError;
  return network
    ? { title: WORKSPACE_MESSAGES.statusError, detail: null }
    : { title: WORKSPACE_MESSAGES.statusFailed, detail: error.detail };
}

/**
 * 000 §2.7 Case Status card: a dropdown of statuses in any order (000 §4.1); choosing one fills the date
 * field with the current date-time; Update Status saves it as the signed-in user. The timeline and the rest
 * of the workspace refresh from the server (no page reload). Only the creating organization changes it.
 */
export function CaseStatusCard({
  referral,
  canChange,
  readOnlyReason,
}: {
  referral: ClientReferral;
  canChange: boolean;
  readOnlyReason: string | null;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const [statusDate, setStatusDate] = useState('');
  const [failure, setFailure] = useState<{ title: string; detail: string | null } | null>(null);
  const change = useChangeReferralStatus();
  const current = normaliseReferralStatus(referral.status);

  const choose = (value: string | null) => {
    setSelected(value);
    setFailure(null);
    setStatusDate(value ? formatDateTime(new Date()) : '');
  };

  const update = () => {
    if (!selected) return;
    setFailure(null);
    change.mutate(
      { id: Number(referral.id), status: selected },
      {
        onSuccess: (updated) => {
          const notice = statusUpdateNotice(updated);
          notifications.show({
            color: 'green',
            title: notice.title,
            message: notice.lines.join(' '),
            autoClose: 8000,
          });
          setSelected(null);
          setStatusDate('');
        },
        onError: (error) => setFailure(failureOf(error)),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Case Status">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Case Status</Title>
          <ReferralStatusBadge status={referral.status} />
        </Group>
        {readOnlyReason && (
          <Text size="sm" c="dimmed">
            {readOnlyReason}
          </Text>
        )}
        <NativeSelect
          label="Status"
          data={[
            { value: '', label: 'Choose a status', disabled: true },
            ...WORKSPACE_STATUS_OPTIONS.map((s) => ({
              value: s,
              label: s === current ? `${s} (current)` : s,
            })),
          ]}
          value={selected ?? ''}
          onChange={(e) => choose(e.currentTarget.value || null)}
          disabled={!canChange || change.isPending}
        />
        <TextInput
          label="Status Date"
          value={statusDate}
          readOnly
          placeholder="Filled when you choose a status"
          disabled={!canChange}
        />
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={failure.title}>
            {failure.detail}
          </Alert>
        )}
        <Button
          onClick={update}
          disabled={!canChange || !selected || selected === current}
          loading={change.isPending}
        >
          Update Status
        </Button>
      </Stack>
    </Card>
  );
}
