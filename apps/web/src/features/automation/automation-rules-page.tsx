import { ActionIcon, Badge, Button, Group, NativeSelect, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconFlask, IconListDetails, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  AUTOMATION_PAGE_SIZE,
  AUTOMATION_TRIGGER_LABELS,
  type AutomationRule,
  isOrgManager,
} from '@trust/domain';
import { useState } from 'react';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { errorText } from '../../api/errors.ts';
import { useAutomationRules, useDeleteAutomationRule } from '../../api/workflows/rules.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { pageCount } from '../../components/data-table/list-pagination.tsx';
import { PageControls, useKeepPageInRange } from '../../components/data-table/page-controls.tsx';
import { RuleFormModal } from './rule-form-modal.tsx';
import { RuleRunsModal } from './rule-runs-modal.tsx';
import { RULE_TEXTS } from './rule-texts.ts';
import { TestRuleModal } from './test-rule-modal.tsx';

/**
 * Automation Rules (002 §2 "Automation Rules"): the organization's rules filtered by program and status on the
 * server, 50 a page, with create and edit modals and delete for managers, and for everyone each rule's run log;
 * managers also test a rule against a recent event.
 */
export function AutomationRulesPage() {
  const { user } = useAuth();
  const manager = user?.org_role ? isOrgManager(user.org_role) : false;
  const [programId, setProgramId] = useState('');
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AutomationRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const [runs, setRuns] = useState<AutomationRule | null>(null);
  const [testing, setTesting] = useState<AutomationRule | null>(null);
  const programs = useProgramOptions();
  const list = useAutomationRules({ page, programId: programId ? Number(programId) : null, status });
  const remove = useDeleteAutomationRule();
  const total = list.data?.total ?? 0;
  useKeepPageInRange(page, pageCount(total, AUTOMATION_PAGE_SIZE), setPage);
  const filtered = programId !== '' || status !== '';

  const columns: DataTableColumn<AutomationRule>[] = [
    {
      key: 'name',
      header: 'Rule Name',
      cell: (r) => (
        <Text fw={500} size="sm">
          {r.rule_name}
        </Text>
      ),
    },
    { key: 'trigger', header: 'Trigger', cell: (r) => AUTOMATION_TRIGGER_LABELS[r.trigger_type] },
    {
      key: 'conditions',
      header: 'Conditions',
      cell: (r) => Object.keys(r.trigger_conditions).length,
      hideOnPhone: true,
    },
    { key: 'actions-count', header: 'Actions', cell: (r) => r.actions.length, hideOnPhone: true },
    { key: 'program', header: 'Program', cell: (r) => r.program_name ?? 'All Programs', hideOnPhone: true },
    { key: 'priority', header: 'Priority', cell: (r) => r.priority, hideOnPhone: true },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <Badge color={r.is_active ? 'green' : 'gray'} variant="light">
          {r.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'edit',
      header: 'Edit/Delete',
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Runs">
            <ActionIcon variant="subtle" aria-label={`Runs of ${r.rule_name}`} onClick={() => setRuns(r)}>
              <IconListDetails size={16} />
            </ActionIcon>
          </Tooltip>
          {manager && (
            <>
              <Tooltip label="Test rule">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Test rule ${r.rule_name}`}
                  onClick={() => setTesting(r)}
                >
                  <IconFlask size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" aria-label={`Edit ${r.rule_name}`} onClick={() => setEditing(r)}>
                  <IconEdit size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${r.rule_name}`}
                  onClick={() => setDeleting(r)}
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
      onSuccess: () => notifications.show({ color: 'green', message: RULE_TEXTS.deleted }),
      onError: (e) => notifications.show({ color: 'red', message: errorText(e, RULE_TEXTS.deleteFailed) }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={2}>Automation Rules</Title>
          <Text size="sm" c="dimmed">
            When something happens to an enrollment, rules act on it: in priority order, 1 first.
          </Text>
        </div>
        {manager && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Create Rule
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
          data={[
            { value: '', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
      </Group>
      <DataTable
        label="Automation rules"
        columns={columns}
        rows={list.data?.rules}
        rowKey={(r) => r.id}
        fetching={list.isFetching}
        loadingLabel="Loading automation rules"
        empty={
          <Stack gap={6} align="center">
            <Text fw={500}>{RULE_TEXTS.empty}</Text>
            {filtered ? (
              <Text size="sm" c="dimmed">
                No rules match these filters.
              </Text>
            ) : (
              manager && (
                <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
                  Create First Rule
                </Button>
              )
            )}
          </Stack>
        }
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{
          what: 'automation rules',
          message: list.error ? errorText(list.error, RULE_TEXTS.fetchFailed) : null,
        }}
      />
      {list.data && total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Showing {(page - 1) * AUTOMATION_PAGE_SIZE + 1} to {Math.min(page * AUTOMATION_PAGE_SIZE, total)}{' '}
            of {total} rules
          </Text>
          <PageControls
            page={page}
            pages={pageCount(total, AUTOMATION_PAGE_SIZE)}
            onChange={setPage}
            label="Automation rule pages"
          />
        </Group>
      )}
      <RuleFormModal
        opened={editing !== null}
        rule={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <RuleRunsModal rule={runs} onClose={() => setRuns(null)} />
      <TestRuleModal rule={testing} onClose={() => setTesting(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete automation rule"
        message={deleting ? `Delete "${deleting.rule_name}"? Its run log goes with it.` : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
