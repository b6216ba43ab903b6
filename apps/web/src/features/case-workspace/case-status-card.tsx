import { Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  type ClientReferral,
  normaliseReferralStatus,
  REFERRAL_OUTCOME_LABELS,
  type ReferralOutcome,
} from '@trust/domain';
import { formatDateTime } from '../../components/format-date.ts';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { StatusStepsSelect, statusStepsFor } from '../../components/referral/status-steps.tsx';
import { WORKSPACE_MESSAGES } from './messages.ts';

/** How a closed referral ended: the outcome and note of a Completed one, the reason of a Cancelled one. */
function ClosedAs({ referral }: { referral: ClientReferral }) {
  if (referral.status === 'completed' && referral.outcome) {
    const label = REFERRAL_OUTCOME_LABELS[referral.outcome as ReferralOutcome] ?? referral.outcome;
    return (
      <Text size="sm">
        <strong>Outcome:</strong> {label}
        {referral.completedAt && ` (${formatDateTime(new Date(referral.completedAt))})`}
        {referral.outcomeNote && ` — ${referral.outcomeNote}`}
      </Text>
    );
  }
  if (referral.status === 'cancelled' && referral.cancellationReason) {
    return (
      <Text size="sm">
        <strong>Cancelled:</strong> {referral.cancellationReason}
        {referral.cancelledAt && ` (${formatDateTime(new Date(referral.cancelledAt))})`}
      </Text>
    );
  }
  return null;
}

/**
 * 000 §2.7 Case Status card, after issue #14: the status, how a closed referral ended, and Change status with
 * only the steps of the lifecycle this organization may take now (the referrer's: Authorize, Cancel, Back to
 * Pending; the accepted provider's: In Progress, On Hold, Completed with an outcome), each confirmed with what
 * will happen. Every change is on the timeline with who made it and when.
 */
export function CaseStatusCard({ referral, canAct }: { referral: ClientReferral; canAct: boolean }) {
  const steps = statusStepsFor(referral);
  const current = normaliseReferralStatus(referral.status);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Case Status">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Case Status</Title>
          <ReferralStatusBadge status={referral.status} />
        </Group>
        <ClosedAs referral={referral} />
        {!canAct ? (
          <Text size="sm" c="dimmed">
            {WORKSPACE_MESSAGES.viewerReadOnly}
          </Text>
        ) : steps.length === 0 ? (
          <Text size="sm" c="dimmed">
            {WORKSPACE_MESSAGES.noStatusStep(current)}
          </Text>
        ) : (
          <Group justify="flex-end">
            <StatusStepsSelect referral={referral} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
