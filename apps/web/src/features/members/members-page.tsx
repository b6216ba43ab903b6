import { ActionIcon, Button, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEye, IconFileImport, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { isOrgManager, MEMBER_MESSAGES, MEMBER_PAGE_SIZE, type Member } from '@trust/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/errors.ts';
import { useDeleteMember, useMembers } from '../../api/members/members.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatCalendarDate } from '../../components/format-date.ts';
import { memberName } from './member-format.ts';

/**
 * Members (002 §2): the organization's member registry, searched and paged on the server (50 a page). Staff see
 * the members they added or manage; viewers read only (the server decides both; `can_edit`/`can_delete` say so).
 * The search term is PHI: it stays out of the URL.
 */
export function MembersPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const list = useMembers(page, MEMBER_PAGE_SIZE, debounced);
  const remove = useDeleteMember();
  const canAdd = user?.org_role != null && user.org_role !== 'viewer';

  const columns: DataTableColumn<Member>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (m) => (
        <Text fw={500} size="sm">
          {m.last_name}, {m.first_name}
        </Text>
      ),
    },
    { key: 'medicaid', header: 'Medicaid ID', cell: (m) => m.medicaid_id ?? '—', nowrap: true },
    {
      key: 'patient',
      header: 'Patient No.',
      cell: (m) => m.patient_no ?? '—',
      nowrap: true,
      hideOnPhone: true,
    },
    {
      key: 'dob',
      header: 'Date of Birth',
      cell: (m) => formatCalendarDate(m.dob),
      nowrap: true,
      hideOnPhone: true,
    },
    { key: 'phone', header: 'Phone', cell: (m) => m.phone_no ?? '—', nowrap: true, hideOnPhone: true },
    { key: 'language', header: 'Language', cell: (m) => m.language ?? '—', hideOnPhone: true },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (m) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="View">
            <ActionIcon
              variant="subtle"
              aria-label={`View ${memberName(m)}`}
              onClick={() => navigate(tabPath('members-view', m.id))}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          {m.can_edit && (
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                aria-label={`Edit ${memberName(m)}`}
                onClick={() => navigate(tabPath('members-edit', m.id))}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {m.can_delete && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${memberName(m)}`}
                onClick={() => setDeleting(m)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MEMBER_MESSAGES.deleted });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorText(error, MEMBER_MESSAGES.deleteFailed) });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Members</Title>
        <Group gap="xs">
          {isOrgManager(user?.org_role) && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => navigate(tabPath('members-import'))}
            >
              Import Members
            </Button>
          )}
          {canAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(tabPath('members-new'))}>
              Add Member
            </Button>
          )}
        </Group>
      </Group>
      <TextInput
        label="Search members"
        placeholder="Name, Medicaid ID, patient number, phone or email"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={480}
      />
      <DataTable
        label="Members"
        columns={columns}
        rows={list.data?.members}
        rowKey={(m) => m.id}
        onRowClick={(m) => navigate(tabPath('members-view', m.id))}
        rowLabel={(m) => `Open ${memberName(m)}`}
        fetching={list.isFetching}
        loadingLabel="Loading members"
        empty={debounced ? 'No members match this search.' : 'No members yet.'}
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{
          what: 'members',
          message: list.error ? errorText(list.error, MEMBER_MESSAGES.fetchFailed) : null,
        }}
        paging={
          list.data && {
            page,
            pageSize: MEMBER_PAGE_SIZE,
            total: list.data.total,
            onPageChange: setPage,
            label: 'Member pages',
            summary: `${list.data.total.toLocaleString()} member${list.data.total === 1 ? '' : 's'}`,
          }
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete member"
        message={
          deleting
            ? `Delete ${memberName(deleting)}? Their enrollments, activities, notes, goals and documents are deleted too. This cannot be undone.`
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
