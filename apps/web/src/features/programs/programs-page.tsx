import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconReceipt, IconSearch, IconTrash } from '@tabler/icons-react';
import {
  isOrgManager,
  optionLabel,
  PROGRAM_MESSAGES,
  PROGRAM_TYPE_OPTIONS,
  type Program,
  type ProgramType,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { usePrograms } from '../../api/programs/get-programs.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatCalendarDate } from '../../components/format-date.ts';
import { BillingActivitiesModal } from './billing-activities-modal.tsx';
import { DeleteProgramDialog } from './delete-program-dialog.tsx';
import { ProgramFormModal } from './program-form-modal.tsx';

const PAGE_SIZE = 25;

function StatCard({ label, value }: { label: string; value: number | string | undefined }) {
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

function Enrollment({ program }: { program: Program }) {
  if (program.capacity === null) {
    return <Text size="sm">{program.current_enrollment} active · no limit</Text>;
  }
  const percent = program.capacity === 0 ? 100 : (program.current_enrollment / program.capacity) * 100;
  return (
    <Stack gap={4} miw={120}>
      <Text size="sm">
        {program.current_enrollment} / {program.capacity}
      </Text>
      <Progress
        value={Math.min(percent, 100)}
        color={percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'teal'}
        size="sm"
        aria-label={`${program.current_enrollment} of ${program.capacity} places taken`}
      />
    </Stack>
  );
}

function dates(p: Program): string {
  if (!p.start_date && !p.end_date) return '—';
  return `${formatCalendarDate(p.start_date, '…')} – ${formatCalendarDate(p.end_date, 'ongoing')}`;
}

/** Program Management (002 §2 "programs"): the active organization's programs, for its role (002 §6). */
export function ProgramsPage() {
  const { user } = useAuth();
  return <ProgramsScreen canManage={isOrgManager(user?.org_role)} />;
}

/**
 * Type and status filters and a name search (on the server), the statistics, the list with current enrollment
 * against capacity, the add/edit form, the delete confirmation that says how many enrollments go with a program,
 * and each program's Billing Activities. `canManage`: super_admin, org_admin and manager see the write actions;
 * the server refuses everyone else anyway.
 */
export function ProgramsScreen({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [programType, setProgramType] = useState<ProgramType | ''>('');
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Program | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Program | null>(null);
  const [billingOf, setBillingOf] = useState<Program | null>(null);

  const list = usePrograms({ page, pageSize: PAGE_SIZE, search: debouncedSearch, programType, status });
  const stats = list.data?.stats;

  const columns: DataTableColumn<Program>[] = [
    {
      key: 'name',
      header: 'Program',
      cell: (p) => (
        <>
          <Text fw={500}>{p.name}</Text>
          <Text size="xs" c="dimmed">
            {optionLabel(PROGRAM_TYPE_OPTIONS, p.program_type)}
          </Text>
          {p.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {p.description}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <Badge color={p.is_active ? 'green' : 'gray'} variant="light">
          {p.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    { key: 'enrollment', header: 'Enrollment', cell: (p) => <Enrollment program={p} /> },
    { key: 'dates', header: 'Dates', cell: dates, nowrap: true, hideOnPhone: true },
    {
      key: 'manager',
      header: 'Manager',
      hideOnPhone: true,
      cell: (p) => (
        <>
          <Text size="sm">{p.program_manager_name ?? '—'}</Text>
          {p.program_manager_email && (
            <Text size="xs" c="dimmed">
              {p.program_manager_email}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (p) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Billing activities">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconReceipt size={14} />}
              // The visible count starts the name (axe label-content-name-mismatch).
              aria-label={`${p.billing_activity_count} billing activities of ${p.name}`}
              onClick={() => setBillingOf(p)}
            >
              {p.billing_activity_count}
            </Button>
          </Tooltip>
          {canManage && (
            <>
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${p.name}`}
                  onClick={() => setDeleting(p)}
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

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={2}>Programs</Title>
          <Text size="sm" c="dimmed">
            {PROGRAM_MESSAGES.title}: programs, capacity and billing activities
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            Add Program
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Programs" value={stats?.total} />
        <StatCard label="Active" value={stats?.active} />
        <StatCard label="Total capacity" value={stats?.total_capacity} />
        <StatCard label="Current enrollment" value={stats?.current_enrollment} />
      </SimpleGrid>

      <Group align="flex-end">
        <TextInput
          aria-label="Search programs"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <NativeSelect
          aria-label="Program type"
          w={260}
          value={programType}
          data={[
            { value: '', label: 'All types' },
            ...PROGRAM_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
          ]}
          onChange={(e) => {
            setProgramType(e.currentTarget.value as ProgramType | '');
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

      <DataTable<Program>
        label="Programs"
        columns={columns}
        rows={list.data?.programs}
        rowKey={(p) => p.id}
        loadingLabel="Loading programs"
        fetching={list.isFetching}
        empty={
          debouncedSearch || programType || status ? 'No programs match these filters' : 'No programs yet'
        }
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{ what: 'programs', message: errorText(list.error, PROGRAM_MESSAGES.fetchFailed) }}
        tableProps={{ highlightOnHover: true }}
        paging={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
      />

      <ProgramFormModal
        opened={editing !== undefined}
        program={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <DeleteProgramDialog program={deleting} onClose={() => setDeleting(null)} />
      <BillingActivitiesModal program={billingOf} canManage={canManage} onClose={() => setBillingOf(null)} />
    </Stack>
  );
}
