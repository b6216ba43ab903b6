import { ActionIcon, Badge, Button, Group, NativeSelect, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconListDetails, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  isOrgManager,
  WORKFLOW_PAGE_SIZE,
  WORKFLOW_TRIGGER_LABELS,
  type WorkflowTemplate,
} from '@trust/domain';
import { useState } from 'react';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { errorText } from '../../api/errors.ts';
import { useDeleteWorkflowTemplate, useWorkflowTemplates } from '../../api/workflows/templates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { pageCount } from '../../components/data-table/list-pagination.tsx';
import { PageControls, useKeepPageInRange } from '../../components/data-table/page-controls.tsx';
import { TemplateFormModal } from './template-form-modal.tsx';
import { TEMPLATE_TEXTS } from './template-texts.ts';
import { WorkflowDesigner } from './workflow-designer.tsx';

const STATUS_FILTERS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/**
 * Workflow Templates (002 §2 "Workflows and automation"): the organization's templates filtered by program and
 * status on the server, 50 a page, with Create and Edit modals, delete and 'Design Steps'. Managers change them
 * (002 §6 "manager: manage programs, members, workflows"); everyone else reads.
 */
export function WorkflowTemplatesPage() {
  const { user } = useAuth();
  const manager = user?.org_role ? isOrgManager(user.org_role) : false;
  const [programId, setProgramId] = useState('');
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<WorkflowTemplate | 'new' | null>(null);
  const [designing, setDesigning] = useState<WorkflowTemplate | null>(null);
  const [deleting, setDeleting] = useState<WorkflowTemplate | null>(null);
  const programs = useProgramOptions();
  const list = useWorkflowTemplates({ page, programId: programId ? Number(programId) : null, status });
  const remove = useDeleteWorkflowTemplate();
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, WORKFLOW_PAGE_SIZE);
  useKeepPageInRange(page, pageCount(total, WORKFLOW_PAGE_SIZE), setPage);
  const filtered = programId !== '' || status !== '';

  const columns: DataTableColumn<WorkflowTemplate>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (t) => (
        <div>
          <Text fw={500} size="sm">
            {t.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {WORKFLOW_TRIGGER_LABELS[t.trigger_type]}
            {t.description ? ` · ${t.description}` : ''}
          </Text>
        </div>
      ),
    },
    {
      key: 'trigger',
      header: 'Trigger',
      cell: (t) => WORKFLOW_TRIGGER_LABELS[t.trigger_type],
      hideOnPhone: true,
    },
    { key: 'program', header: 'Program', cell: (t) => t.program_name ?? 'All Programs', hideOnPhone: true },
    { key: 'steps', header: 'Steps', cell: (t) => t.step_count, hideOnPhone: true },
    { key: 'version', header: 'Version', cell: (t) => `v${t.version}`, hideOnPhone: true },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (
        <Badge color={t.is_active ? 'green' : 'gray'} variant="light">
          {t.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconListDetails size={14} />}
            aria-label={`Design Steps of ${t.name}`}
            onClick={() => setDesigning(t)}
          >
            Design Steps
          </Button>
          {manager && (
            <>
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                  <IconEdit size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${t.name}`}
                  onClick={() => setDeleting(t)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifications.show({ color: 'green', message: TEMPLATE_TEXTS.deleted }),
      onError: (error) =>
        notifications.show({ color: 'red', message: errorText(error, TEMPLATE_TEXTS.deleteFailed) }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Workflow Templates</Title>
        {manager && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Create Template
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label="Program"
          w={260}
          value={programId}
          onChange={(e) => {
            setProgramId(e.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: 'All programs' },
            ...(programs.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
        />
        <NativeSelect
          label="Status"
          w={160}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as typeof status);
            setPage(1);
          }}
          data={STATUS_FILTERS}
        />
      </Group>
      <DataTable
        label="Workflow templates"
        columns={columns}
        rows={list.data?.workflows}
        rowKey={(t) => t.id}
        fetching={list.isFetching}
        loadingLabel="Loading workflow templates"
        empty={
          <Stack gap={4} align="center">
            <Text fw={500}>No workflow templates found</Text>
            <Text size="sm" c="dimmed">
              {filtered
                ? 'No templates match the current filters.'
                : 'Create a template, then design its steps.'}
            </Text>
          </Stack>
        }
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{
          what: 'workflow templates',
          message: list.error ? errorText(list.error, TEMPLATE_TEXTS.fetchFailed) : null,
        }}
      />
      {list.data && total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Showing {(page - 1) * WORKFLOW_PAGE_SIZE + 1} to {Math.min(page * WORKFLOW_PAGE_SIZE, total)} of{' '}
            {total} templates
          </Text>
          <PageControls page={page} pages={pages} onChange={setPage} label="Workflow template pages" />
        </Group>
      )}
      <TemplateFormModal
        opened={editing !== null}
        template={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={(t) => setDesigning(t)}
      />
      <WorkflowDesigner template={designing} canEdit={manager} onClose={() => setDesigning(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete workflow template"
        message={
          deleting
            ? `Delete "${deleting.name}"? Its steps, and every workflow started from it with its history, are deleted too.`
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
