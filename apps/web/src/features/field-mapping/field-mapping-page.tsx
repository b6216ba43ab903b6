import {
  ActionIcon,
  Alert,
  Button,
  Group,
  List,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CORE_MEMBER_FIELD_LABELS,
  CORE_MEMBER_FIELDS,
  FIELD_MAPPING_MESSAGES,
  type FieldMapping,
  isOrgManager,
} from '@trust/domain';
import { useMemo, useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useCustomFields } from '../../api/members/custom-fields.ts';
import {
  useDeleteFieldMapping,
  useFieldMappings,
  useToggleFieldMapping,
} from '../../api/members/field-mappings.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { MappingModal } from './mapping-modal.tsx';

/**
 * Field Mapping Configuration (002 §2, §3): which member field each plan's column name fills, per source system.
 * Member imports match a file's headers through the active mappings first; inactive ones are shown dimmed.
 */
export function FieldMappingPage() {
  const { user } = useAuth();
  const canManage = isOrgManager(user?.org_role);
  const [column, setColumn] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<FieldMapping | null>(null);
  const mappings = useFieldMappings(column);
  const all = useFieldMappings();
  const custom = useCustomFields();
  const toggle = useToggleFieldMapping();
  const remove = useDeleteFieldMapping();

  const columns = useMemo(
    () => [
      ...CORE_MEMBER_FIELDS.map((c) => ({ value: c, label: CORE_MEMBER_FIELD_LABELS[c] })),
      ...(custom.data ?? []).map((f) => ({ value: f.name, label: `${f.friendly_name} (custom)` })),
    ],
    [custom.data],
  );
  const labelOf = (dbColumn: string) => columns.find((c) => c.value === dbColumn)?.label ?? dbColumn;
  const sourceSystems = [...new Set((all.data ?? []).map((m) => m.source_system).filter(Boolean))];

  const tableColumns: DataTableColumn<FieldMapping>[] = [
    { key: 'column', header: 'Member field', cell: (m) => labelOf(m.db_column) },
    {
      key: 'alternative',
      header: 'External name',
      cell: (m) => (
        <Text ff="monospace" size="sm">
          {m.alternative}
        </Text>
      ),
    },
    { key: 'source', header: 'Source system', cell: (m) => m.source_system || 'Any source' },
    { key: 'description', header: 'Description', cell: (m) => m.description ?? '—', hideOnPhone: true },
    {
      key: 'active',
      header: 'Active',
      cell: (m) => (
        <Switch
          checked={m.is_active}
          disabled={!canManage || toggle.isPending}
          aria-label={`${m.is_active ? 'Turn off' : 'Turn on'} ${m.alternative}`}
          onChange={(e) =>
            toggle.mutate(
              { id: m.id, isActive: e.currentTarget.checked },
              {
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    message: errorText(error, 'Failed to update field mapping'),
                  }),
              },
            )
          }
        />
      ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: 'Actions',
            headerHidden: true,
            cell: (m: FieldMapping) => (
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete mapping ${m.alternative}`}
                  onClick={() => setDeleting(m)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Field Mapping Configuration</Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Mapping
          </Button>
        )}
      </Group>
      <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light" title="How mappings are used">
        <List size="sm" spacing={2}>
          <List.Item>Each health plan or agency sends member files with its own column names.</List.Item>
          <List.Item>
            A mapping says which member field a column fills: e.g.{' '}
            <Text span ff="monospace">
              MBR_FIRST_NM
            </Text>{' '}
            → First name, for the source system that uses it.
          </List.Item>
          <List.Item>
            When you import a file, its columns are matched through the active mappings of the source you pick
            first, then by similar names; you can still change every match before importing.
          </List.Item>
          <List.Item>Turn a mapping off to keep it without using it (it is shown dimmed).</List.Item>
        </List>
      </Alert>
      <Select
        label="Member field"
        placeholder="All member fields"
        data={columns}
        searchable
        clearable
        value={column || null}
        onChange={(v) => setColumn(v ?? '')}
        maw={320}
      />
      <DataTable
        label="Field mappings"
        columns={tableColumns}
        rows={mappings.data}
        rowKey={(m) => m.id}
        rowProps={(m) => ({ style: { opacity: m.is_active ? 1 : 0.55 }, 'data-active': String(m.is_active) })}
        fetching={mappings.isFetching}
        loadingLabel="Loading field mappings"
        empty={column ? 'No mappings for this field.' : 'No field mappings yet.'}
        error={mappings.error}
        onRetry={() => void mappings.refetch()}
        errorAlert={{
          what: 'field mappings',
          message: mappings.error ? errorText(mappings.error, FIELD_MAPPING_MESSAGES.fetchFailed) : null,
        }}
      />
      <MappingModal
        opened={adding}
        columns={columns}
        sourceSystems={sourceSystems}
        onClose={() => setAdding(false)}
        onSaved={() => notifications.show({ color: 'green', message: 'Field mapping added.' })}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete field mapping"
        message={
          deleting ? `Delete the mapping of "${deleting.alternative}" to ${labelOf(deleting.db_column)}?` : ''
        }
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: 'Field mapping deleted.' });
              setDeleting(null);
            },
            onError: (error) => {
              notifications.show({
                color: 'red',
                message: errorText(error, FIELD_MAPPING_MESSAGES.deleteFailed),
              });
              setDeleting(null);
            },
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
