import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FeedCard } from '@trust/domain';
import { useEffect, useState } from 'react';
import {
  RejectReasonInput,
  reasonIsBlank,
  rejectionFailure,
  useRejectReasonForm,
} from '../../components/referral/reject-reason.tsx';

/**
 * Declining a referral awaiting the organization's answer (000 §2.5, §5.6): a reason is required; Confirm
 * Rejection stays disabled while it is blank or the call runs.
 */
export function DeclineDialog({
  card,
  busy,
  refusal,
  onConfirm,
  onCancel,
}: {
  card: FeedCard | null;
  busy: boolean;
  /** The failed call, if the last try failed: its reason message goes on the field, anything else above. */
  refusal: unknown;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const form = useRejectReasonForm();
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per failed call.
  useEffect(() => {
    setError(refusal ? rejectionFailure(form, refusal) : null);
  }, [refusal]);
  const blank = reasonIsBlank(form);
  const close = () => {
    form.reset();
    onCancel();
  };
  const confirm = form.onSubmit(({ reason }) => onConfirm(reason));
  return (
    <Modal opened={card !== null} onClose={close} title="Decline referral" centered>
      <Stack gap="sm">
        {card && (
          <Text size="sm">
            Decline referral #{card.referral_number} for {card.member_name}? It goes back to be matched again.
          </Text>
        )}
        <RejectReasonInput form={form} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" disabled={blank || busy} loading={busy} onClick={() => confirm()}>
          Confirm Rejection
        </Button>
      </Group>
    </Modal>
  );
}
