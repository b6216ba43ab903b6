import { Alert, Button, Group, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory, IconPlayerPlay } from '@tabler/icons-react';
import { type Enrollment, type WorkflowInstance, workflowDuration } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useAppEvents } from '../../api/events/use-app-events.ts';
import { useWorkflowTemplates } from '../../api/workflows/templates.ts';
import { useStartWorkflowInstance, useWorkflowInstances } from '../../api/workflows/workflow-instances.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { InstanceHistoryModal } from '../../components/workflows/instance-history-modal.tsx';
import { InstanceStatusBadge } from '../../components/workflows/instance-status-badge.tsx';
import { INSTANCE_TEXTS } from '../../components/workflows/instance-texts.ts';

/** How many of an enrollment's workflows the tab reads (an enrollment runs a handful over its life). */
const READ = 50;

/** The enrollment's workflows, newest first (the tab and its count share the one query). */
export function useEnrollmentWorkflows(enrollmentId: number) {
  return useWorkflowInstances({ page: 1, pageSize: READ, enrollmentId });
}

/**
 * The Workflows tab of Enrollment Details (issue #17 item 2, the manual trigger): the workflows this enrollment
 * runs or ran, live as their steps move, each with its history; and Start workflow with any active template.
 */
export function EnrollmentWorkflows({ enrollment, canStart }: { enrollment: Enrollment; canStart: boolean }) {
  const list = useEnrollmentWorkflows(enrollment.id);
  const templates = useWorkflowTemplates({ page: 1, pageSize: 100, status: 'active' });
  const start = useStartWorkflowInstance();
  const [templateId, setTemplateId] = useState('');
  const [history, setHistory] = useState<WorkflowInstance | null>(null);
  useAppEvents(['workflow.instance_changed'], (event) => {
    if ((event.data as { enrollment_id?: number }).enrollment_id === enrollment.id)
      void list.refetch({ cancelRefetch: false });
  });

  const startChosen = () =>
    start.mutate(
      { workflow_template_id: Number(templateId), enrollment_id: enrollment.id },
      {
        onSuccess: (instance) => {
          notifications.show({ color: 'green', message: `${instance.workflow_name} started.` });
          setTemplateId('');
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: errorText(error, INSTANCE_TEXTS.createFailed),
          }),
      },
    );

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
    {
      key: 'status',
      header: 'Status',
      cell: (i) => <InstanceStatusBadge status={i.status} />,
    },
    {
      key: 'step',
      header: 'Progress',
      hideOnPhone: true,
      cell: (i) => (
        <Stack gap={2} miw={120}>
          <Progress value={i.progress} aria-label={`${i.workflow_name}: ${i.progress}% done`} />
          <Text size="xs" c="dimmed">
            {i.status === 'completed'
              ? 'All steps done'
              : `Step ${i.current_step_order}: ${i.current_step_name ?? '—'}`}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'started',
      header: 'Started',
      cell: (i) => formatDateTime(i.started_at),
      hideOnPhone: true,
      nowrap: true,
    },
    {
      key: 'duration',
      header: 'Duration',
      cell: (i) => workflowDuration(i.started_at, i.completed_at),
      hideOnPhone: true,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (i) => (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconHistory size={14} />}
          aria-label={`History of ${i.workflow_name}`}
          onClick={() => setHistory(i)}
        >
          History
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      {canStart && (
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label="Start a workflow"
            w={320}
            value={templateId}
            onChange={(e) => setTemplateId(e.currentTarget.value)}
            data={[
              { value: '', label: templates.isLoading ? 'Loading…' : 'Choose a workflow' },
              ...(templates.data?.workflows ?? [])
                .filter((t) => t.program_id === null || t.program_id === enrollment.program_id)
                .map((t) => ({ value: String(t.id), label: t.name })),
            ]}
          />
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={!templateId}
            loading={start.isPending}
            onClick={startChosen}
          >
            Start workflow
          </Button>
        </Group>
      )}
      {list.data && list.data.total > READ && (
        <Alert color="blue">
          The newest {READ} of {list.data.total} workflows; Active Workflows lists them all.
        </Alert>
      )}
      <DataTable
        label="Workflows of this enrollment"
        columns={columns}
        rows={list.data?.instances}
        rowKey={(i) => i.id}
        fetching={list.isFetching}
        loadingLabel="Loading workflows"
        empty={<Text c="dimmed">No workflow has run for this enrollment yet.</Text>}
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{
          what: 'workflows',
          message: list.error ? errorText(list.error, INSTANCE_TEXTS.fetchFailed) : null,
        }}
      />
      <InstanceHistoryModal instance={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
