import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCopy,
  IconEye,
  IconHistory,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import {
  FORM_MESSAGES,
  FORM_TEMPLATE_PAGE_SIZE,
  FORM_TYPE_LABELS,
  FORM_TYPES,
  type FormTemplate,
  type FormType,
  isOrgManager,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useFormTemplates } from '../../api/forms/templates.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDate } from '../../components/format-date.ts';
import { DeleteTemplateDialog } from './delete-template-dialog.tsx';
import { draftOf, duplicateDraft, newDraft, type TemplateDraft } from './template-draft.ts';
import { TemplateEditor } from './template-editor.tsx';
import { TemplatePreviewModal } from './template-preview-modal.tsx';
import { VersionHistoryModal } from './version-history-modal.tsx';

const TYPE_FILTER = [
  { value: '', label: 'All types' },
  ...FORM_TYPES.map((t) => ({ value: t, label: FORM_TYPE_LABELS[t] })),
];

type Editing = { templateId: number | null; initial: TemplateDraft; heading: string; key: string };

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value ?? '—'}
      </Text>
    </Card>
  );
}

/** Form Templates (002 §2 "Form Templates manager"): every member reads; managers and admins change (issue #16). */
export function FormTemplatesPage() {
  const { user } = useAuth();
  return <FormTemplatesScreen canManage={isOrgManager(user?.org_role)} />;
}

/**
 * The list of the organization's templates (searched, filtered by type and status and paged on the server, 50
 * a page per 002 §9) with Preview and Version History for everyone, and for managers Create Template, Edit,
 * Duplicate and Delete; the editor takes the screen's place while a template is created or changed.
 */
export function FormTemplatesScreen({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [formType, setFormType] = useState<FormType | ''>('');
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [previewing, setPreviewing] = useState<FormTemplate | null>(null);
  const [historyOf, setHistoryOf] = useState<FormTemplate | null>(null);
  const [deleting, setDeleting] = useState<FormTemplate | null>(null);

  const list = useFormTemplates({
    page,
    pageSize: FORM_TEMPLATE_PAGE_SIZE,
    search: debouncedSearch,
    formType,
    status,
  });
  const stats = list.data?.stats;

  if (editing) {
    return (
      <TemplateEditor
        key={editing.key}
        templateId={editing.templateId}
        initial={editing.initial}
        heading={editing.heading}
        onClose={() => setEditing(null)}
      />
    );
  }

  const create = () =>
    setEditing({
      templateId: null,
      initial: newDraft(),
      heading: 'Create Template',
      key: `new-${Date.now()}`,
    });
  const edit = (t: FormTemplate) =>
    setEditing({
      templateId: t.id,
      initial: draftOf(t),
      heading: `Edit Template: ${t.name}`,
      key: `edit-${t.id}`,
    });
  const duplicate = (t: FormTemplate) =>
    setEditing({
      templateId: null,
      initial: duplicateDraft(t),
      heading: `Duplicate Template: ${t.name}`,
      key: `copy-${t.id}-${Date.now()}`,
    });

  const columns: DataTableColumn<FormTemplate>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (t) => (
        <>
          <Text fw={500}>{t.name}</Text>
          {t.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {t.description}
            </Text>
          )}
          {t.program_name && (
            <Text size="xs" c="dimmed">
              {t.program_name}
            </Text>
          )}
        </>
      ),
    },
    { key: 'type', header: 'Type', cell: (t) => FORM_TYPE_LABELS[t.form_type], nowrap: true },
    { key: 'sections', header: 'Sections', cell: (t) => t.sections.length, hideOnPhone: true },
    { key: 'version', header: 'Version', cell: (t) => `v${t.version}`, nowrap: true },
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
      key: 'created',
      header: 'Created',
      cell: (t) => formatDate(t.created_ts),
      nowrap: true,
      hideOnPhone: true,
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (t) => (
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Preview">
            <ActionIcon variant="subtle" aria-label={`Preview ${t.name}`} onClick={() => setPreviewing(t)}>
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          {canManage && (
            <>
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" aria-label={`Edit ${t.name}`} onClick={() => edit(t)}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Duplicate">
                <ActionIcon variant="subtle" aria-label={`Duplicate ${t.name}`} onClick={() => duplicate(t)}>
                  <IconCopy size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Tooltip label="Version history">
            <ActionIcon
              variant="subtle"
              aria-label={`Version history of ${t.name}`}
              onClick={() => setHistoryOf(t)}
            >
              <IconHistory size={16} />
            </ActionIcon>
          </Tooltip>
          {canManage && (
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
          )}
        </Group>
      ),
    },
  ];

  const filtered = Boolean(debouncedSearch.trim() || formType || status);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={2}>Form Templates</Title>
          <Text size="sm" c="dimmed">
            The forms your organization fills: assessments, intakes, consents, care plans and more
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Create Template
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Total Templates" value={stats?.total_templates} />
        <StatCard label="Active Templates" value={stats?.active_templates} />
        <StatCard label="Total Forms" value={stats?.total_forms} />
        <StatCard label="Completed Forms" value={stats?.completed_forms} />
      </SimpleGrid>

      <Group align="flex-end">
        <TextInput
          aria-label="Search templates"
          placeholder="Search by name or description"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <NativeSelect
          aria-label="Form type"
          w={200}
          value={formType}
          data={TYPE_FILTER}
          onChange={(e) => {
            setFormType(e.currentTarget.value as FormType | '');
            setPage(1);
          }}
        />
        <SegmentedControl
          aria-label="Status filter"
          value={status}
          onChange={(v) => {
            setStatus(v as typeof status);
            setPage(1);
          }}
          data={[
            { value: '', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
      </Group>

      <DataTable<FormTemplate>
        label="Form templates"
        columns={columns}
        rows={list.data?.templates}
        rowKey={(t) => t.id}
        loadingLabel="Loading form templates"
        fetching={list.isFetching}
        empty={
          <Stack gap={2} align="center">
            <Text fw={600} size="sm">
              No Templates Found
            </Text>
            <Text size="xs" c="dimmed">
              {filtered
                ? 'No template matches these filters.'
                : canManage
                  ? 'Create a template to start building forms.'
                  : 'Templates appear here when a manager creates them.'}
            </Text>
          </Stack>
        }
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{
          what: 'form templates',
          title: 'Error:',
          message: errorText(list.error, FORM_MESSAGES.fetchTemplatesFailed),
        }}
        tableProps={{ highlightOnHover: true }}
        minWidth={560}
        paging={{
          page,
          pageSize: FORM_TEMPLATE_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: setPage,
          summary: list.data
            ? `${list.data.total} ${list.data.total === 1 ? 'template' : 'templates'}`
            : undefined,
        }}
      />

      <TemplatePreviewModal
        opened={previewing !== null}
        title={`Preview: ${previewing?.name ?? ''}`}
        sections={previewing?.sections}
        onClose={() => setPreviewing(null)}
      />
      <VersionHistoryModal template={historyOf} onClose={() => setHistoryOf(null)} />
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
