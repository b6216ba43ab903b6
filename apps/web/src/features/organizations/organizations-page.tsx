import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconPower, IconSearch, IconTrash } from '@tabler/icons-react';
import { type Membership, ORG_MESSAGES, type Organization } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useMyOrganizations } from '../../api/orgs/get-my-organizations.ts';
import { useOrganizationStats } from '../../api/orgs/get-organization-stats.ts';
import { useOrganizations } from '../../api/orgs/get-organizations.ts';
import { useDeleteOrganization, useSaveOrganization } from '../../api/orgs/save-organization.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { OrganizationFormModal } from './organization-form-modal.tsx';

const PAGE_SIZE = 20;

export interface OrganizationPermissions {
  /** New Organization (platform operators only, issue #12; the server decides again). */
  canCreate: boolean;
  canToggle: (org: Organization) => boolean;
  canDelete: boolean;
}

/**
 * 002 §2/§6: platform operators (`Me.is_platform_operator`) create and delete organizations; an organization's
 * admins toggle only their own. The product roles admin/administrator grant nothing here (issue #12).
 */
export function organizationPermissions(
  platformOperator: boolean,
  memberships: Membership[],
): OrganizationPermissions {
  const adminOf = new Set(memberships.filter((m) => m.role === 'org_admin').map((m) => m.cbo_id));
  return {
    canCreate: platformOperator,
    canToggle: (org) => platformOperator || adminOf.has(org.id),
    canDelete: platformOperator,
  };
}

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

export function OrganizationsPage() {
  const { user } = useAuth();
  const memberships = useMyOrganizations(user !== null);
  const permissions = organizationPermissions(user?.is_platform_operator ?? false, memberships.data ?? []);
  return <OrganizationsScreen permissions={permissions} activeCboId={user?.active_cbo_id ?? null} />;
}

export function OrganizationsScreen({
  permissions,
  activeCboId,
}: {
  permissions: OrganizationPermissions;
  activeCboId: number | null;
}) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Organization | null | undefined>(undefined);
  const [toggling, setToggling] = useState<Organization | null>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);

  const list = useOrganizations({ page, pageSize: PAGE_SIZE, search: debouncedSearch, status });
  const stats = useOrganizationStats(activeCboId);
  const save = useSaveOrganization();
  const remove = useDeleteOrganization();

  const columns: DataTableColumn<Organization>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (org) => (
        <>
          <Text fw={500}>{org.name || `Organization ${org.id}`}</Text>
          {org.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {org.description}
            </Text>
          )}
        </>
      ),
    },
    { key: 'email', header: 'Email', cell: (org) => org.contact_email ?? '—' },
    { key: 'phone', header: 'Phone', cell: (org) => org.contact_phone ?? '—' },
    {
      key: 'status',
      header: 'Status',
      cell: (org) => <Badge color={org.status === 'active' ? 'green' : 'gray'}>{org.status}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (org) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit ${org.name}`} onClick={() => setEditing(org)}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          {permissions.canToggle(org) && (
            <Tooltip label={org.status === 'active' ? 'Deactivate' : 'Activate'}>
              <ActionIcon
                variant="subtle"
                color={org.status === 'active' ? 'orange' : 'green'}
                aria-label={`${org.status === 'active' ? 'Deactivate' : 'Activate'} ${org.name}`}
                onClick={() => setToggling(org)}
              >
                <IconPower size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {permissions.canDelete && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${org.name}`}
                onClick={() => setDeleting(org)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  const confirmToggle = () => {
    if (!toggling) return;
    const next = toggling.status === 'active' ? 'inactive' : 'active';
    save.mutate(
      { id: toggling.id, body: { status: next } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${toggling.name} is now ${next}.` });
          setToggling(null);
        },
        onError: (error) => {
          notifications.show({ color: 'red', message: errorText(error, ORG_MESSAGES.updateFailed) });
          setToggling(null);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${deleting.name} was deleted.` });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorText(error, ORG_MESSAGES.deleteFailed) });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Organizations</Title>
        {permissions.canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            New Organization
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Organizations" value={list.data?.counts.all} />
        <StatCard label="Active" value={list.data?.counts.active} />
        <StatCard label="Inactive" value={list.data?.counts.inactive} />
        <StatCard label="Members (active organization)" value={stats.data?.members_total} />
      </SimpleGrid>

      <Group>
        <TextInput
          aria-label="Search organizations"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1 }}
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

      <DataTable<Organization>
        label="Organizations"
        columns={columns}
        rows={list.data?.cbos}
        rowKey={(org) => org.id}
        loadingLabel="Loading organizations"
        fetching={list.isFetching}
        empty="No organizations found"
        error={list.error}
        onRetry={() => void list.refetch()}
        errorAlert={{ what: 'organizations', message: errorText(list.error, ORG_MESSAGES.fetchFailed) }}
        tableProps={{ striped: true, highlightOnHover: true }}
        paging={{ page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onPageChange: setPage }}
      />

      <OrganizationFormModal
        opened={editing !== undefined}
        organization={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.status === 'active' ? 'Deactivate organization' : 'Activate organization'}
        message={`Set ${toggling?.name ?? ''} to ${toggling?.status === 'active' ? 'inactive' : 'active'}?`}
        confirmLabel={toggling?.status === 'active' ? 'Deactivate' : 'Activate'}
        busy={save.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete organization"
        message={`Delete ${deleting?.name ?? ''}? This cannot be undone.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
