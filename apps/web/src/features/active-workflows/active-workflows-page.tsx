import {
  Alert,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  isOrgManager,
  WORKFLOW_INSTANCE_STATUSES,
  WORKFLOW_PAGE_SIZE,
  WORKFLOW_TEMPLATE_DROPDOWN_SIZE,
  type WorkflowInstance,
  type WorkflowInstanceStatus,
  workflowDuration,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useAppEvents } from '../../api/events/use-app-events.ts';
import { useWorkflowTemplates } from '../../api/workflows/templates.ts';
import {
  useDeleteWorkflowInstance,
  useSetWorkflowInstanceStatus,
  useWorkflowInstances,
} from '../../api/workflows/workflow-instances.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { pageCount } from '../../components/data-table/list-pagination.tsx';
import { PageControls, useKeepPageInRange } from '../../components/data-table/page-controls.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { InstanceHistoryModal } from '../../components/workflows/instance-history-modal.tsx';
import { InstanceStatusBadge } from '../../components/workflows/instance-status-badge.tsx';
import { INSTANCE_TEXTS } from '../../components/workflows/instance-texts.ts';
import { type InstanceAction, InstanceRowActions } from './instance-row-actions.tsx';

const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** Actions that ask first: the ones that cannot be undone. */
type Confirming = { instance: WorkflowInstance; action: 'cancelled' | 'delete' };

/**
 * Active Workflows (002 §2 "Active Workflows"): counts per status, filters by template and status, the instances
 * table with progress and duration, paged on the server, live as steps move (each step is announced on the event
 * stream). Managers pause, resume, cancel and delete; everyone reads each instance's history.
 */
export function ActiveWorkflowsPage() {
  const { user } = useAuth();
  const manager = user?.org_role ? isOrgManager(user.org_role) : false;
  const [templateId, setTemplateId] = useState('');
  const [status, setStatus] = useState<WorkflowInstanceStatus | ''>('');
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<WorkflowInstance | null>(null);
  const [error, setError] = useState<WorkflowInstance | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const templates = useWorkflowTemplates({ page: 1, pageSize: WORKFLOW_TEMPLATE_DROPDOWN_SIZE });
  const list = useWorkflowInstances({ page, templateId: templateId ? Number(templateId) : null, status });
  useAppEvents(['workflow.instance_changed'], () => void list.refetch({ cancelRefetch: false }));
  const move = useSetWorkflowInstanceStatus();
  const remove = useDeleteWorkflowInstance();
  const total = list.data?.total ?? 0;
  useKeepPageInRange(page, pageCount(total, WORKFLOW_PAGE_SIZE), setPage);
  const filtered = templateId !== '' || status !== '';

  const setStatusOf = (instance: WorkflowInstance, to: 'paused' | 'running' | 'cancelled') =>
    move.mutate(
      { id: instance.id, status: to },
      {
        onSuccess: () => notifications.show({ color: 'green', message: INSTANCE_TEXTS.statusUpdated(to) }),
        onError: (e) =>
          notifications.show({ color: 'red', message: errorText(e, INSTANCE_TEXTS.updateFailed) }),
        onSettled: () => setConfirming(null),
      },
    );
  const onAction = (instance: WorkflowInstance, action: InstanceAction) => {
    if (action === 'history') setHistory(instance);
    else if (action === 'error') setError(instance);
    else if (action === 'delete' || action === 'cancelled') setConfirming({ instance, action });
    else setStatusOf(instance, action);
  };
  const confirm = () => {
    if (!confirming) return;
    if (confirming.action === 'cancelled') return setStatusOf(confirming.instance, 'cancelled');
    remove.mutate(confirming.instance.id, {
      onSuccess: () => notifications.show({ color: 'green', message: INSTANCE_TEXTS.deleted }),
      onError: (e) =>
        notifications.show({ color: 'red', message: errorText(e, INSTANCE_TEXTS.deleteFailed) }),
      onSettled: () => setConfirming(null),
    });
  };

  const columns: DataTableColumn<WorkflowInstance>[] = [
    {
      key: 'workflow',
      header: 'Workflow',
      cell: (i) => (
        <Text size="sm" fw={500}>
          {i.workflow_name}
        </Text>
      ),
    },
    { key: 'member', header: 'Member', cell: (i) => i.member_name },
    { key: 'program', header: 'Program', cell: (i) => i.program_name ?? '—', hideOnPhone: true },
    { key: 'status', header: 'Status', cell: (i) => <InstanceStatusBadge status={i.status} /> },
    {
      key: 'progress',
      header: 'Progress',
      hideOnPhone: true,
      cell: (i) => (
        <Stack gap={2} miw={110}>
          <Progress
            value={i.progress}
            aria-label={`Progress of ${i.workflow_name} for ${i.member_name}: ${i.progress}%`}
          />
          <Text size="xs" c="dimmed">
            {i.current_step_name ? `Step ${i.current_step_order}: ${i.current_step_name}` : `${i.progress}%`}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'started',
      header: 'Started',
      cell: (i) => formatDateTime(i.started_at),
      nowrap: true,
      hideOnPhone: true,
    },
    {
      key: 'duration',
      header: 'Duration',
      cell: (i) => workflowDuration(i.started_at, i.completed_at),
      nowrap: true,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (i) => <InstanceRowActions instance={i} canManage={manager} onAction={(a) => onAction(i, a)} />,
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>Active Workflows</Title>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
        {WORKFLOW_INSTANCE_STATUSES.map((s) => (
          <UnstyledButton
            key={s}
            aria-pressed={status === s}
            aria-label={`${label(s)}: ${list.data?.counts[s] ?? 0} instances${status === s ? ' (shown)' : ''}`}
            onClick={() => {
              setStatus(status === s ? '' : s);
              setPage(1);
            }}
          >
            <Paper withBorder p="sm" bg={status === s ? 'var(--mantine-color-default-hover)' : undefined}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label(s)}
              </Text>
              <Text fw={700} size="xl">
                {list.data ? (list.data.counts[s] ?? 0).toLocaleString() : '…'}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label="Template"
          w={280}
          value={templateId}
          onChange={(e) => {
            setTemplateId(e.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: 'All templates' },
            ...(templates.data?.workflows ?? []).map((t) => ({ value: String(t.id), label: t.name })),
          ]}
        />
        <NativeSelect
          label="Status"
          w={180}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as WorkflowInstanceStatus | '');
            setPage(1);
          }}
          data={[
            { value: '', label: 'All statuses' },
            ...WORKFLOW_INSTANCE_STATUSES.map((s) => ({ value: s, label: label(s) })),
          ]}
        />
      </Group>
      <DataTable
        label="Workflow instances"
        columns={columns}
        rows={list.data?.instances}
        rowKey={(i) => i.id}
        fetching={list.isFetching}
        loadingLabel="Loading workflow instances"
        empty={
          <Stack gap={4} align="center">
            <Text fw={500}>{INSTANCE_TEXTS.empty}</Text>
            <Text size="sm" c="dimmed">
              {filtered ? INSTANCE_TEXTS.emptyFiltered : INSTANCE_TEXTS.emptyUnfiltered}
            </Text>
          </Stack>
        }
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{
          what: 'workflow instances',
          message: list.error ? errorText(list.error, INSTANCE_TEXTS.fetchFailed) : null,
        }}
      />
      {list.data && total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Showing {(page - 1) * WORKFLOW_PAGE_SIZE + 1} to {Math.min(page * WORKFLOW_PAGE_SIZE, total)} of{' '}
            {total} instances
          </Text>
          <PageControls
            page={page}
            pages={pageCount(total, WORKFLOW_PAGE_SIZE)}
            onChange={setPage}
            label="Workflow instance pages"
          />
        </Group>
      )}
      <InstanceHistoryModal instance={history} onClose={() => setHistory(null)} />
      <Modal opened={error !== null} onClose={() => setError(null)} title="Workflow error">
        <Alert color="red">{error?.error_message}</Alert>
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming?.action === 'delete' ? 'Delete workflow instance' : 'Cancel workflow instance'}
        message={
          confirming
            ? confirming.action === 'delete'
              ? `Delete ${confirming.instance.workflow_name} for ${confirming.instance.member_name}, with its history?`
              : `Cancel ${confirming.instance.workflow_name} for ${confirming.instance.member_name}? Its open tasks are closed and no further step runs.`
            : ''
        }
        confirmLabel={confirming?.action === 'delete' ? 'Delete' : 'Cancel workflow'}
        danger
        busy={move.isPending || remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
