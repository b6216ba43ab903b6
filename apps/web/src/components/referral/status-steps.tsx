import { Alert, Button, Group, Modal, NativeSelect, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  allowedTransitions,
  type ClientReferral,
  lifecycleActorsOf,
  REFERRAL_OUTCOME_LABELS,
  REFERRAL_OUTCOMES,
  REFERRAL_STATUS_LABELS,
  type ReferralOutcome,
  type ReferralStatus,
  type Transition,
} from '@trust/domain';
import { useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useChangeReferralStatus } from '../../api/referrals/change-referral-status.ts';
import { statusUpdateNotice } from './status-update-notice.ts';

// Issue #14: a referral's status changes only by a step of its lifecycle (packages/domain referral-lifecycle.ts).
// The control offers the steps the signed-in organization may take from the current status, nothing else, and
// takes one only after a confirmation that says what will happen and asks what the step needs (the outcome of
// a Completed referral, the reason of a Cancelled one). The server checks the same table.

/** The steps a plain status change makes that this organization may take now. */
export function statusStepsFor(referral: ClientReferral): Transition[] {
  const actors = lifecycleActorsOf({
    viewer_role: referral.viewerRole,
    organization_id: referral.organizationId,
    matched_provider: referral.matchedProvider
      ? { organization_id: referral.matchedProvider.organization_id ?? null }
      : null,
  });
  return allowedTransitions(referral.status as ReferralStatus, actors, { byStatusChange: true });
}

/** 000 §8: "Failed to update status…" when the server refused (with its reason), "Error updating status…" when unreachable. */
export const STATUS_CHANGE_MESSAGES = {
  failed: 'Failed to update status. Please try again.',
  error: 'Error updating status. Please try again.',
} as const;

function failureOf(error: unknown): { title: string; detail: string | null } {
  const network = !(error instanceof ApiError) || error.isNetworkError;
  return network
    ? { title: STATUS_CHANGE_MESSAGES.error, detail: null }
    : { title: STATUS_CHANGE_MESSAGES.failed, detail: error.detail };
}

const OUTCOME_OPTIONS = REFERRAL_OUTCOMES.map((o) => ({ value: o, label: REFERRAL_OUTCOME_LABELS[o] }));

/** The confirmation of one step, with its outcome or reason and an optional note. */
function StepDialog({
  referral,
  step,
  onClose,
}: {
  referral: ClientReferral;
  step: Transition;
  onClose: () => void;
}) {
  const change = useChangeReferralStatus();
  const [outcome, setOutcome] = useState<ReferralOutcome | null>(null);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ title: string; detail: string | null } | null>(null);
  const missing =
    step.needs === 'outcome' ? outcome === null : step.needs === 'reason' ? reason.trim() === '' : false;

  const confirm = () => {
    setError(null);
    change.mutate(
      {
        id: Number(referral.id),
        status: step.to,
        ...(outcome ? { outcome } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: (updated) => {
          const notice = statusUpdateNotice(updated);
          notifications.show({ color: 'green', title: notice.title, message: notice.lines.join(' ') });
          onClose();
        },
        onError: (e) => setError(failureOf(e)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`${step.label}: referral #${referral.referralNumber}`} centered>
      <Stack gap="sm">
        <Text size="sm">
          {REFERRAL_STATUS_LABELS[referral.status as ReferralStatus] ?? referral.status} →{' '}
          <strong>{REFERRAL_STATUS_LABELS[step.to]}</strong>. {step.consequence}
        </Text>
        {step.needs === 'outcome' && (
          <Select
            label="Outcome"
            placeholder="How did it end?"
            data={OUTCOME_OPTIONS}
            value={outcome}
            onChange={(v) => setOutcome(v as ReferralOutcome | null)}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {step.needs === 'reason' && (
          <Textarea
            label="Reason"
            description="Why the referral is cancelled; it is kept on the timeline."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            required
            rows={2}
          />
        )}
        <Textarea
          label="Note"
          description="Optional; shown on the referral's timeline."
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={2000}
          rows={2}
        />
        {error && (
          <Alert color="red" role="alert" title={error.title}>
            {error.detail}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Back
          </Button>
          <Button
            onClick={confirm}
            disabled={missing}
            loading={change.isPending}
            color={step.action === 'cancel' ? 'red' : undefined}
          >
            {step.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * "Change status": a list of the allowed steps (a native select: the phone's own picker, and every step read out
 * by screen readers); choosing one opens its confirmation, and nothing changes before that. Nothing shows when
 * the organization may take no step from here (a closed referral, or a step that is someone else's).
 */
export function StatusStepsSelect({
  referral,
  size = 'sm',
  disabled = false,
}: {
  referral: ClientReferral;
  size?: 'xs' | 'sm';
  disabled?: boolean;
}) {
  const steps = statusStepsFor(referral);
  const [chosen, setChosen] = useState<Transition | null>(null);
  if (steps.length === 0) return null;
  return (
    <>
      <NativeSelect
        size={size}
        aria-label={`Change the status of referral ${referral.referralNumber}`}
        data={[
          { value: '', label: 'Change status…', disabled: true },
          ...steps.map((step) => ({ value: step.action, label: step.label })),
        ]}
        value=""
        disabled={disabled}
        onChange={(e) => setChosen(steps.find((s) => s.action === e.currentTarget.value) ?? null)}
        w={size === 'xs' ? 170 : 190}
      />
      {chosen && <StepDialog referral={referral} step={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}
