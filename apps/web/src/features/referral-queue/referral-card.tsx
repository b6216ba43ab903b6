import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ClientReferral } from '@trust/domain';
import { relativeAge } from '../../components/format-date.ts';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { StatusStepsSelect } from '../../components/referral/status-steps.tsx';
import { UrgencyBadge } from '../../components/referral/urgency-badge.tsx';

export type ReferralCardActions = {
  onView: (referral: ClientReferral) => void;
  onEdit: (referral: ClientReferral) => void;
  onDelete: (referral: ClientReferral) => void;
};

/** Every need of a referral: the §9 needs and the housing and transportation subcategories, once each. */
function needsOf(r: ClientReferral): string[] {
  return [...new Set([...r.sdohNeeds, ...r.housingSubcategories, ...r.transportationSubcategories])];
}

/**
 * One referral of the queue (000 §2.3): number, status, urgency, needs, age, matched provider, and View, Edit,
 * Delete and Change status. Edit and Delete belong to the organization that created the referral and to roles
 * that may write (the server checks both again); Delete only while Pending. Change status offers the steps of
 * the referral's lifecycle this organization may take (issue #14): the referrer's and, for a referral it
 * received, the provider's.
 */
export function ReferralCard({
  referral,
  canWrite,
  now,
  actions,
}: {
  referral: ClientReferral;
  canWrite: boolean;
  now: Date;
  actions: ReferralCardActions;
}) {
  const owner = referral.viewerRole === 'owner';
  const mayChange = owner && canWrite;
  const number = `#${referral.referralNumber}`;
  const needs = needsOf(referral);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Referral ${number}`}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={600}>Referral {number}</Text>
          <Group gap={6} wrap="wrap">
            {!owner && (
              <Badge color="teal" variant="light" size="sm">
                Received
              </Badge>
            )}
            <ReferralStatusBadge status={referral.status} size="sm" />
            <UrgencyBadge urgency={referral.urgencyLevel} size="sm" />
          </Group>
        </Group>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Needs:{' '}
          </Text>
          {needs.length ? needs.join(', ') : 'None listed'}
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            Created {relativeAge(referral.createdAt, now)}
          </Text>
          {referral.matchedProvider && (
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Matched provider:{' '}
              </Text>
              {referral.matchedProvider.name}
            </Text>
          )}
        </Group>
        <Group gap="xs" justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEye size={14} />}
              onClick={() => actions.onView(referral)}
              aria-label={`View referral ${number}`}
            >
              View
            </Button>
            {mayChange && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} />}
                onClick={() => actions.onEdit(referral)}
                aria-label={`Edit referral ${number}`}
              >
                Edit
              </Button>
            )}
            {mayChange && referral.status === 'pending' && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => actions.onDelete(referral)}
                aria-label={`Delete referral ${number}`}
              >
                Delete
              </Button>
            )}
          </Group>
          {canWrite && <StatusStepsSelect referral={referral} size="xs" />}
        </Group>
      </Stack>
    </Paper>
  );
}
