import {
  ActionIcon,
  Button,
  Group,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { IMPORT_SCHEDULE_MESSAGES, type ImportSchedule } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import {
  useDeleteSchedule,
  useImportSchedules,
  useRunScheduleNow,
  useToggleSchedule,
} from '../../api/imports/schedules.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { formatCount, sourceLabel } from './import-format.ts';
import { JobStatusBadge } from './job-status-badge.tsx';
import { ScheduleFormModal } from './schedule-form-modal.tsx';

const FREQUENCY_NAMES = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', custom: 'Custom' } as const;

function failed(what: string, error: unknown) {
  notifications.show({ color: 'red', message: `${what}: ${errorText(error, 'try again.')}` });
}

/**
 * 002 §2 Schedules: the list (runs successful / total, last and next run, enabled) with the create form; toggle,
 * run now and delete (after a confirmation). Schedules run on the database's queue, once each even with several
 * server processes; their runs' jobs show in Manual Jobs too.
 */
export function SchedulesTab() {
  const list = useImportSchedules();
  const toggle = useToggleSchedule();
  const run = useRunScheduleNow();
  const remove = useDeleteSchedule();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ImportSchedule | null>(null);

  const columns: DataTableColumn<ImportSchedule>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (s) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed">
            {sourceLabel(s.data_source)}
            {s.taxonomy && s.data_source !== 'hrsa' ? ` · ${s.taxonomy}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'frequency',
      header: 'Frequency',
      cell: (s) => (
        <Stack gap={0}>
          <Text size="sm">{FREQUENCY_NAMES[s.frequency]}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {s.cron_expression}
          </Text>
        </Stack>
      ),
    },
    { key: 'states', header: 'States', cell: (s) => s.states.join(', ') },
    { key: 'limit', header: 'Per run', cell: (s) => formatCount(s.limit_per_run), nowrap: true },
    {
      key: 'runs',
      header: 'Runs',
      cell: (s) => (
        // "3 / 4" on the screen, read as "3 successful of 4 runs" (an aria-label on text is not read).
        <Text size="sm">
          <span aria-hidden>
            {s.successful_runs} / {s.total_runs}
          </span>
          <VisuallyHidden>{`${s.successful_runs} successful of ${s.total_runs} runs`}</VisuallyHidden>
        </Text>
      ),
      nowrap: true,
    },
    {
      key: 'last',
      header: 'Last run',
      cell: (s) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm">{formatDateTime(s.last_run, 'Never')}</Text>
          {s.last_status && <JobStatusBadge status={s.last_status} />}
        </Stack>
      ),
    },
    {
      key: 'next',
      header: 'Next run',
      cell: (s) => (s.enabled ? formatDateTime(s.next_run) : 'Disabled'),
      nowrap: true,
    },
    {
      key: 'enabled',
      header: 'Enabled',
      cell: (s) => (
        <Switch
          checked={s.enabled}
          aria-label={`${s.name} enabled`}
          disabled={toggle.isPending && toggle.variables === s.id}
          onChange={() => toggle.mutate(s.id, { onError: (e) => failed('Failed to change the schedule', e) })}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (s) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            loading={run.isPending && run.variables === s.id}
            aria-label={`Run now: ${s.name}`}
            onClick={() =>
              run.mutate(s.id, {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    icon: <IconCircleCheck size={18} />,
                    message: `${s.name} started.`,
                  }),
                onError: (e) => failed('Failed to run the schedule', e),
              })
            }
          >
            Run now
          </Button>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${s.name}`}
              onClick={() => setDeleting(s)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const confirmDelete = () => {
    const target = deleting;
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({
          color: 'teal',
          icon: <IconCircleCheck size={18} />,
          message: IMPORT_SCHEDULE_MESSAGES.deleted,
        });
      },
      onError: (e) => {
        setDeleting(null);
        failed('Failed to delete the schedule', e);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={3} size="h4">
            Schedules
          </Title>
          <Text size="sm" c="dimmed">
            Imports that run by themselves (times in UTC). A schedule's runs show in Manual Jobs too.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New schedule
        </Button>
      </Group>
      <DataTable<ImportSchedule>
        label="Import schedules"
        columns={columns}
        rows={list.data?.schedules}
        rowKey={(s) => s.id}
        fetching={list.isFetching}
        loadingLabel="Loading the schedules"
        empty="No schedules yet. Create one to keep the directory current."
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{ what: 'the schedules' }}
        minWidth={900}
      />
      <ScheduleFormModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete schedule"
        message={
          deleting
            ? `Delete the schedule "${deleting.name}"? Its dependencies go with it; its past jobs and costs stay.`
            : ''
        }
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
