import { ActionIcon, Badge, Button, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CUSTOM_FIELD_MESSAGES,
  CUSTOM_FIELD_TYPE_LABELS,
  type CustomField,
  isOrgManager,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import {
  useCustomFieldCategories,
  useCustomFields,
  useDeleteCustomField,
} from '../../api/members/custom-fields.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { BulkImportModal } from './bulk-import-modal.tsx';
import { CustomFieldModal } from './custom-field-modal.tsx';

/** Custom Field Configuration (002 §2, §3, §5): the organization's own member fields, by category. */
export function FieldConfigPage() {
  const { user } = useAuth();
  const canManage = isOrgManager(user?.org_role);
  const [category, setCategory] = useState('');
  const [editing, setEditing] = useState<CustomField | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const fields = useCustomFields(category);
  const categories = useCustomFieldCategories();
  const remove = useDeleteCustomField();

  const columns: DataTableColumn<CustomField>[] = [
    {
      key: 'name',
      header: 'Field',
      cell: (f) => (
        <>
          <Text fw={500} size="sm">
            {f.friendly_name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {f.name}
          </Text>
        </>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      cell: (f) => CUSTOM_FIELD_TYPE_LABELS[f.type] + (f.type === 'str' ? ` (${f.str_len})` : ''),
    },
    { key: 'category', header: 'Category', cell: (f) => f.category ?? '—', hideOnPhone: true },
    { key: 'default', header: 'Default', cell: (f) => f.default_value ?? '—', hideOnPhone: true },
    {
      key: 'flags',
      header: 'Rules',
      cell: (f) => (
        <Group gap={4}>
          {f.mandatory && (
            <Badge color="red" variant="light">
              Mandatory
            </Badge>
          )}
          {!f.nullable && <Badge variant="light">Not empty</Badge>}
          {f.hidden && (
            <Badge color="gray" variant="light">
              Hidden
            </Badge>
          )}
        </Group>
      ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: 'Actions',
            headerHidden: true,
            cell: (f: CustomField) => (
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${f.friendly_name}`}
                    onClick={() => setEditing(f)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${f.friendly_name}`}
                    onClick={() => setDeleting(f)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]
      : []),
  ];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (result) => {
        notifications.show({
          color: 'green',
          message: `${deleting.friendly_name} deleted${result.members_updated ? `; removed from ${result.members_updated} member${result.members_updated === 1 ? '' : 's'}` : ''}.`,
        });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorText(error, CUSTOM_FIELD_MESSAGES.deleteFailed) });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Custom Field Configuration</Title>
        {canManage && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setBulkOpen(true)}
            >
              Bulk Import
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Add Field
            </Button>
          </Group>
        )}
      </Group>
      <Select
        label="Category"
        placeholder="All categories"
        data={categories.data ?? []}
        clearable
        value={category || null}
        onChange={(v) => setCategory(v ?? '')}
        maw={320}
      />
      <DataTable
        label="Custom fields"
        columns={columns}
        rows={fields.data}
        rowKey={(f) => f.id}
        fetching={fields.isFetching}
        loadingLabel="Loading custom fields"
        empty={category ? 'No custom fields in this category.' : 'No custom fields yet.'}
        error={fields.error}
        onRetry={() => void fields.refetch()}
        errorAlert={{
          what: 'custom fields',
          message: fields.error ? errorText(fields.error, CUSTOM_FIELD_MESSAGES.fetchFailed) : null,
        }}
      />
      <CustomFieldModal
        opened={editing !== undefined}
        field={editing ?? null}
        categories={categories.data ?? []}
        onClose={() => setEditing(undefined)}
        onSaved={(f) =>
          notifications.show({
            color: 'green',
            message: `${f.friendly_name} ${editing ? 'updated' : 'added'}.`,
          })
        }
      />
      <BulkImportModal
        opened={bulkOpen}
        onClose={() => setBulkOpen(false)}
        onCreated={(message) => notifications.show({ color: 'green', message })}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete custom field"
        message={deleting ? CUSTOM_FIELD_MESSAGES.deleteConfirm(deleting.friendly_name) : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
