import { ActionIcon, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { FORM_TYPE_LABELS, type FormInstanceSummary } from '@trust/domain';
import { Link } from 'react-router';
import { tabPath } from '../../app/navigation/tabs.ts';
import { formatDateTimeMedium } from '../../components/format-date.ts';
import { FormDueDate } from '../../components/smart-form/form-due.tsx';
import { FormStatusBadge, FormStatusIcon } from '../../components/smart-form/form-status-badge.tsx';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </div>
  );
}

/**
 * A form of the enrollment (002 §2 library instance card): status icon and badge, progress for drafts, assigned
 * to, due, started, submitted, last updated; Continue for a draft, View otherwise; delete only for a draft.
 */
export function InstanceCard({
  instance,
  onDelete,
}: {
  instance: FormInstanceSummary;
  onDelete: (instance: FormInstanceSummary) => void;
}) {
  const draft = instance.status === 'draft';
  const canContinue = draft && instance.can_edit;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={instance.form_template_name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <FormStatusIcon status={instance.status} />
            <div>
              <Text fw={600}>{instance.form_template_name}</Text>
              <Text size="xs" c="dimmed">
                {FORM_TYPE_LABELS[instance.form_type]} · version {instance.form_template_version}
              </Text>
            </div>
          </Group>
          <FormStatusBadge status={instance.status} />
        </Group>
        {draft && (
          <Stack gap={2}>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                Progress
              </Text>
              <Text size="xs">{instance.completion_percentage}%</Text>
            </Group>
            <Progress
              value={instance.completion_percentage}
              size="sm"
              aria-label={`${instance.form_template_name}: ${instance.completion_percentage}% complete`}
            />
          </Stack>
        )}
        <SimpleGrid cols={{ base: 2 }} spacing="xs" verticalSpacing={6}>
          <Detail label="Assigned to">{instance.assigned_to_name ?? 'Nobody'}</Detail>
          <Detail label="Due">
            <FormDueDate form={instance} />
          </Detail>
          <Detail label="Started">{formatDateTimeMedium(instance.started_at)}</Detail>
          <Detail label="Submitted">{formatDateTimeMedium(instance.submitted_at, 'Not yet')}</Detail>
          <Detail label="Last updated">{formatDateTimeMedium(instance.last_updated_ts)}</Detail>
          {instance.status === 'approved' && (
            <Detail label="Approved by">{instance.approved_by_name ?? '—'}</Detail>
          )}
          {instance.status === 'reviewed' && (
            <Detail label="Reviewed by">{instance.reviewed_by_name ?? '—'}</Detail>
          )}
        </SimpleGrid>
        <Group justify="space-between">
          <Button
            component={Link}
            to={tabPath('form-fill', instance.id)}
            size="xs"
            variant={canContinue ? 'filled' : 'light'}
            leftSection={canContinue ? <IconPlayerPlay size={14} /> : <IconEye size={14} />}
            aria-label={`${canContinue ? 'Continue' : 'View'} ${instance.form_template_name}`}
          >
            {canContinue ? 'Continue' : 'View'}
          </Button>
          {draft && instance.can_delete && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${instance.form_template_name}`}
                onClick={() => onDelete(instance)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
