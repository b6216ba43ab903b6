import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconTrash, IconUserPlus, IconX } from '@tabler/icons-react';
import {
  type Invitation,
  ORG_ADMIN_ROLES,
  ORG_ROLES,
  type OrgRole,
  type OrgUser,
  orgRoleLabel,
  USER_MANAGEMENT_MESSAGES as UM,
} from '@trust/domain';
import { useState } from 'react';
import { useCancelInvitation, useInvitations } from '../../api/admin/invitations.ts';
import {
  useChangeUserRole,
  useOrganizationUsers,
  useRemoveOrganizationUser,
} from '../../api/admin/organization-users.ts';
import { errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePaging,
} from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { InviteUserModal } from './invite-user-modal.tsx';

const PAGE_SIZE = 50;

const ROLE_COLORS: Record<string, string> = {
  super_admin: 'red',
  org_admin: 'orange',
  manager: 'blue',
  staff: 'teal',
  viewer: 'gray',
};

const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  accepted: 'green',
  expired: 'gray',
  cancelled: 'red',
};

export function UserManagementPage() {
  const { user } = useAuth();
  if (!user?.active_cbo_id || !user.org_role) {
    return (
      <Stack>
        <Title order={2}>User Management</Title>
        <Alert color="yellow">Select an organization to manage its users.</Alert>
      </Stack>
    );
  }
  return <UserManagementScreen cboId={user.active_cbo_id} orgRole={user.org_role} currentUserId={user.id} />;
}

/** 002 §2 "User management (per organization)": the active organization's users and invitations. */
export function UserManagementScreen({
  cboId,
  orgRole,
  currentUserId,
}: {
  cboId: number;
  orgRole: OrgRole;
  currentUserId: number;
}) {
  // 002 §6: only super_admin and org_admin see invitations and Invite User, remove users, cancel invitations.
  const isAdmin = ORG_ADMIN_ROLES.includes(orgRole);
  const [tab, setTab] = useState<string | null>('users');
  const [inviting, setInviting] = useState(false);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);

  const users = useOrganizationUsers(cboId, { page, pageSize: PAGE_SIZE, search: debouncedSearch });
  const invitations = useInvitations(cboId, null, isAdmin);
  const pendingCount = invitations.data?.invitations.filter((i) => i.status === 'pending').length ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>User Management</Title>
        {isAdmin && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite User
          </Button>
        )}
      </Group>

      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="users">Active Users ({users.data?.total ?? 0})</Tabs.Tab>
          {isAdmin && <Tabs.Tab value="invitations">Pending Invitations ({pendingCount})</Tabs.Tab>}
        </Tabs.List>

        <Tabs.Panel value="users" pt="md">
          <Stack gap="sm">
            <TextInput
              aria-label="Search users"
              placeholder="Search by name or email"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
            />
            <UsersTable
              cboId={cboId}
              query={users}
              isAdmin={isAdmin}
              canGrantSuperAdmin={orgRole === 'super_admin'}
              currentUserId={currentUserId}
              paging={{ page, pageSize: PAGE_SIZE, total: users.data?.total ?? 0, onPageChange: setPage }}
            />
          </Stack>
        </Tabs.Panel>

        {isAdmin && (
          <Tabs.Panel value="invitations" pt="md">
            <InvitationsTable cboId={cboId} query={invitations} />
          </Tabs.Panel>
        )}
      </Tabs>

      {isAdmin && (
        <InviteUserModal
          cboId={cboId}
          opened={inviting}
          canGrantSuperAdmin={orgRole === 'super_admin'}
          onClose={() => setInviting(false)}
        />
      )}
    </Stack>
  );
}

function UsersTable({
  cboId,
  query,
  isAdmin,
  canGrantSuperAdmin,
  currentUserId,
  paging,
}: {
  cboId: number;
  query: ReturnType<typeof useOrganizationUsers>;
  isAdmin: boolean;
  canGrantSuperAdmin: boolean;
  currentUserId: number;
  paging: DataTablePaging;
}) {
  const [removing, setRemoving] = useState<OrgUser | null>(null);
  const remove = useRemoveOrganizationUser(cboId);
  const changeRole = useChangeUserRole(cboId);
  const roles = ORG_ROLES.filter((r) => canGrantSuperAdmin || r !== 'super_admin');

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${removing.name} was removed.` });
        setRemoving(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorText(error, UM.removeUserFailed) });
        setRemoving(null);
      },
    });
  };

  const onRoleChange = (u: OrgUser, role: string | null) => {
    if (!role || role === u.user_org_role) return;
    changeRole.mutate(
      { userId: u.id, role: role as OrgRole },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `${u.name} is now ${orgRoleLabel(role)}.` }),
        onError: (error) =>
          notifications.show({ color: 'red', message: errorText(error, UM.updateRoleFailed) }),
      },
    );
  };

  // The primary user's role and membership are fixed (002 §6); nobody edits their own.
  const locked = (u: OrgUser) =>
    u.is_primary || u.id === currentUserId || (!canGrantSuperAdmin && u.user_org_role === 'super_admin');

  const columns: DataTableColumn<OrgUser>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (u) => (
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {u.name}
          </Text>
          {u.is_primary && (
            <Badge size="xs" variant="light">
              Primary
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'email', header: 'Email', cell: (u) => u.email },
    {
      key: 'role',
      header: 'Role',
      cell: (u) => (
        <Badge color={ROLE_COLORS[u.user_org_role] ?? 'gray'} variant="light">
          {orgRoleLabel(u.user_org_role)}
        </Badge>
      ),
    },
    { key: 'phone', header: 'Phone', nowrap: true, cell: (u) => u.phone_number ?? '—' },
    { key: 'last-login', header: 'Last Login', cell: (u) => formatDateTime(u.last_login, 'Never') },
    {
      key: 'compliance',
      header: 'Compliance',
      cell: (u) => (
        <Group gap={4}>
          <Badge size="sm" color={u.terms_accepted ? 'green' : 'red'} variant="light">
            ToS
          </Badge>
          <Badge size="sm" color={u.hipaa_accepted ? 'green' : 'red'} variant="light">
            HIPAA
          </Badge>
        </Group>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) =>
        isAdmin && !locked(u) ? (
          <Group gap={4} wrap="nowrap">
            <Select
              size="xs"
              w={190}
              aria-label={`Role of ${u.name}`}
              allowDeselect={false}
              data={roles.map((r) => ({ value: r, label: orgRoleLabel(r) }))}
              value={u.user_org_role}
              onChange={(v) => onRoleChange(u, v)}
              disabled={changeRole.isPending}
            />
            <Tooltip label="Remove">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${u.name}`}
                onClick={() => setRemoving(u)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
  ];

  return (
    <>
      <DataTable<OrgUser>
        label="Users"
        columns={columns}
        rows={query.data?.users}
        rowKey={(u) => u.id}
        loadingLabel="Loading users"
        fetching={query.isFetching}
        empty={UM.noUsers}
        error={query.error}
        onRetry={() => void query.refetch()}
        errorAlert={{ what: 'users', message: errorText(query.error, UM.loadUsersFailed) }}
        paging={paging}
        minWidth={900}
        tableProps={{ striped: true, highlightOnHover: true }}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove user"
        message={`Remove ${removing?.name ?? ''} from this organization?`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function InvitationsTable({ cboId, query }: { cboId: number; query: ReturnType<typeof useInvitations> }) {
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const cancel = useCancelInvitation(cboId);

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: `The invitation to ${cancelling.email} was cancelled.`,
        });
        setCancelling(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorText(error, UM.cancelInvitationFailed) });
        setCancelling(null);
      },
    });
  };

  const columns: DataTableColumn<Invitation>[] = [
    { key: 'name', header: 'Name', cell: (inv) => inv.name },
    { key: 'email', header: 'Email', cell: (inv) => inv.email },
    { key: 'role', header: 'Role', cell: (inv) => orgRoleLabel(inv.role) },
    { key: 'invited-by', header: 'Invited By', cell: (inv) => inv.invited_by_name ?? '—' },
    {
      key: 'status',
      header: 'Status',
      cell: (inv) => (
        <Badge color={STATUS_COLORS[inv.status] ?? 'gray'} variant="light">
          {inv.status}
        </Badge>
      ),
    },
    { key: 'expires', header: 'Expires', cell: (inv) => formatDateTime(inv.expires_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (inv) =>
        inv.status === 'pending' ? (
          <Tooltip label="Cancel invitation">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Cancel invitation for ${inv.email}`}
              onClick={() => setCancelling(inv)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
  ];

  return (
    <>
      <DataTable<Invitation>
        label="Invitations"
        columns={columns}
        rows={query.data?.invitations}
        rowKey={(inv) => inv.id}
        loadingLabel="Loading invitations"
        fetching={query.isFetching}
        empty={UM.noInvitations}
        error={query.error}
        onRetry={() => void query.refetch()}
        errorAlert={{ what: 'invitations', message: errorText(query.error, 'Failed to load invitations') }}
        minWidth={900}
        tableProps={{ striped: true, highlightOnHover: true }}
      />
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel invitation"
        message={`Cancel the invitation to ${cancelling?.email ?? ''}?`}
        confirmLabel="Cancel Invitation"
        danger
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}
