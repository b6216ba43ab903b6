import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ClientReferral, REFERRAL_STATUS_LABELS, REFERRAL_STATUSES } from '@trust/domain';
import { relativeAge } from '../../components/format-date.ts';
import { ReferralStatusBadge } from '../../components/referral/status-badge.tsx';
import { UrgencyBadge } from '../../components/referral/urgency-badge.tsx';

/** 000 §4.1: every status, in any order. */
const STATUS_OPTIONS = REFERRAL_STATUSES.map((s) => ({ value: s, label: REFERRAL_STATUS_LABELS[s] }));

export type ReferralCardActions = {
  onView: (referral: ClientReferral) => void;
  onEdit: (referral: ClientReferral) => void;
  onDelete: (referral: ClientReferral) => void;
  onStatusChange: (referral: ClientReferral, status: string) => void;
};

/** Every need of a referral: the §9 needs and the housing and transportation subcategories, once each. */
function needsOf(r: ClientReferral): string[] {
  return [...new Set([...r.sdohNeeds, ...r.housingSubcategories, ...r.transportationSubcategories])];
}

/**
 * One referral of the queue (000 §2.3): number, status, urgency, needs, age, matched provider, and View, Edit,
 * Delete and the status control. Edit, Delete and the status control belong to the organization that created
 * the referral and to roles that may write (the server checks both again); Delete only while Pending.
 */
export function ReferralCard({
  referral,
  canWrite,
  statusBusy,
  now,
  actions,
}: {
  referral: ClientReferral;
  canWrite: boolean;
  statusBusy: boolean;
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
          {mayChange && (
            <NativeSelect
              size="xs"
              label="Change status"
              aria-label={`Status of referral ${number}`}
              data={STATUS_OPTIONS}
              value={referral.status}
              disabled={statusBusy}
              onChange={(e) => actions.onStatusChange(referral, e.currentTarget.value)}
              w={150}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
