import { ActionIcon, Button, Group, NativeSelect, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ENROLLMENT_MESSAGES,
  ENROLLMENT_PAGE_SIZE,
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_STATUSES,
  type Enrollment,
  isOrgManager,
} from '@trust/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteEnrollment, useEnrollments } from '../../api/enrollments/enrollments.ts';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { pageCount } from '../../components/data-table/list-pagination.tsx';
import { PageControls } from '../../components/data-table/page-controls.tsx';
import { EnrollMemberModal } from '../../components/enrollments/enroll-member-modal.tsx';
import { EnrollmentStatusBadge } from '../../components/enrollments/enrollment-status-badge.tsx';
import { formatCalendarDate } from '../../components/format-date.ts';

/**
 * Member Enrollments (002 §2 "Enrollments"): the organization's enrollments (staff: those they manage, the
 * server decides) filtered by program and status on the server, 50 a page, with View and Delete, and New
 * Enrollment.
 */
export function EnrollmentsPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const role = user?.org_role ?? null;
  const canWrite = role !== null && role !== 'viewer';
  const manager = role !== null && isOrgManager(role);
  const [programId, setProgramId] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Enrollment | null>(null);
  const [creating, setCreating] = useState(false);
  const programs = useProgramOptions();
  const list = useEnrollments({
    page,
    pageSize: ENROLLMENT_PAGE_SIZE,
    programId: programId ? Number(programId) : null,
    status: status || null,
  });
  const remove = useDeleteEnrollment();
  const filtered = programId !== '' || status !== '';
  const pages = pageCount(list.data?.total ?? 0, ENROLLMENT_PAGE_SIZE);

  const columns: DataTableColumn<Enrollment>[] = [
    {
      key: 'member',
      header: 'Member Name',
      cell: (e) => (
        <Text fw={500} size="sm">
          {e.member_name}
        </Text>
      ),
    },
    { key: 'program', header: 'Program', cell: (e) => e.program_name },
    { key: 'status', header: 'Status', cell: (e) => <EnrollmentStatusBadge status={e.status} /> },
    {
      key: 'date',
      header: 'Enrollment Date',
      cell: (e) => formatCalendarDate(e.enrollment_date),
      nowrap: true,
    },
    { key: 'manager', header: 'Case Manager', cell: (e) => e.case_manager_name ?? '—', hideOnPhone: true },
    {
      key: 'actions',
      header: 'Actions',
      cell: (e) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="View">
            <ActionIcon
              variant="subtle"
              aria-label={`View enrollment of ${e.member_name} in ${e.program_name}`}
              onClick={() => navigate(tabPath('enrollments-view', e.id))}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
          {e.can_delete && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete enrollment of ${e.member_name} in ${e.program_name}`}
                onClick={() => setDeleting(e)}
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
        notifications.show({ color: 'green', message: ENROLLMENT_MESSAGES.deleted });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorText(error, ENROLLMENT_MESSAGES.deleteFailed) });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Member Enrollments</Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Enrollment
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
          w={200}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: 'All statuses' },
            ...ENROLLMENT_STATUSES.map((s) => ({ value: s, label: ENROLLMENT_STATUS_LABELS[s] })),
          ]}
        />
      </Group>
      <DataTable
        label="Enrollments"
        columns={columns}
        rows={list.data?.enrollments}
        rowKey={(e) => e.id}
        fetching={list.isFetching}
        loadingLabel="Loading enrollments"
        empty={
          <Stack gap={4} align="center">
            <Text fw={500}>{ENROLLMENT_MESSAGES.emptyList}</Text>
            <Text size="sm" c="dimmed">
              {filtered
                ? 'No enrollments match these filters.'
                : 'Enroll a member in a program to see the enrollment here.'}
            </Text>
          </Stack>
        }
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{
          what: 'enrollments',
          message: list.error ? errorText(list.error, ENROLLMENT_MESSAGES.fetchFailed) : null,
        }}
      />
      {list.data && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {list.data.total.toLocaleString()} enrollment{list.data.total === 1 ? '' : 's'}
          </Text>
          <PageControls page={page} pages={pages} onChange={setPage} label="Enrollment pages" />
        </Group>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete enrollment"
        message={
          deleting
            ? `${ENROLLMENT_MESSAGES.confirmDelete} (${deleting.member_name}, ${deleting.program_name})`
            : ''
        }
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <EnrollMemberModal
        opened={creating}
        onClose={() => setCreating(false)}
        canOverrideCapacity={manager}
        onEnrolled={(e) => navigate(tabPath('enrollments-view', e.id))}
      />
    </Stack>
  );
}
