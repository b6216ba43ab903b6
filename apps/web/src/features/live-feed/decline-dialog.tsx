import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FeedCard, RESPONSE_MESSAGES } from '@trust/domain';
import { useState } from 'react';

/**
 * Declining a referral awaiting the organization's answer (000 §2.5, §5.6): a reason is required; Confirm
 * Rejection stays disabled while it is blank or the call runs.
 */
export function DeclineDialog({
  card,
  busy,
  error,
  fieldError,
  onConfirm,
  onCancel,
}: {
  card: FeedCard | null;
  busy: boolean;
  /** A failure of the call that is not about the reason. */
  error: string | null;
  /** The server's message for the reason field. */
  fieldError: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = reason.trim() === '';
  const close = () => {
    setReason('');
    setTouched(false);
    onCancel();
  };
  return (
    <Modal opened={card !== null} onClose={close} title="Decline referral" centered>
      <Stack gap="sm">
        {card && (
          <Text size="sm">
            Decline referral #{card.referral_number} for {card.member_name}? It goes back to be matched again.
          </Text>
        )}
        <Textarea
          label="Reason for rejection"
          required
          minRows={3}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={(touched && blank ? RESPONSE_MESSAGES.reasonRequired : null) ?? fieldError}
          data-autofocus
        />
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
        <Button
          color="red"
          disabled={blank || busy}
          loading={busy}
          onClick={() => {
            setTouched(true);
            if (!blank) onConfirm(reason.trim());
          }}
        >
          Confirm Rejection
        </Button>
      </Group>
    </Modal>
  );
}
