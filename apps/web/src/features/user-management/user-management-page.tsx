import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
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

function formatDateTime(value: string | null): string {
  return value ? new Date(value).toLocaleString() : 'Never';
}

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
            {users.isError && (
              <Alert color="red" role="alert">
                {errorText(users.error, UM.loadUsersFailed)}
              </Alert>
            )}
            {users.isPending ? (
              <Loader />
            ) : (
              <UsersTable
                cboId={cboId}
                users={users.data?.users ?? []}
                isAdmin={isAdmin}
                canGrantSuperAdmin={orgRole === 'super_admin'}
                currentUserId={currentUserId}
              />
            )}
            {(users.data?.total ?? 0) > PAGE_SIZE && (
              <Pagination
                value={page}
                onChange={setPage}
                total={Math.ceil((users.data?.total ?? 0) / PAGE_SIZE)}
              />
            )}
          </Stack>
        </Tabs.Panel>

        {isAdmin && (
          <Tabs.Panel value="invitations" pt="md">
            {invitations.isError && (
              <Alert color="red" role="alert">
                {errorText(invitations.error, 'Failed to load invitations')}
              </Alert>
            )}
            {invitations.isPending ? (
              <Loader />
            ) : (
              <InvitationsTable cboId={cboId} invitations={invitations.data?.invitations ?? []} />
            )}
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
  users,
  isAdmin,
  canGrantSuperAdmin,
  currentUserId,
}: {
  cboId: number;
  users: OrgUser[];
  isAdmin: boolean;
  canGrantSuperAdmin: boolean;
  currentUserId: number;
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

  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Last Login</Table.Th>
              <Table.Th>Compliance</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center">
                    {UM.noUsers}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {users.map((u) => {
              // The primary user's role and membership are fixed (002 §6); nobody edits their own.
              const locked =
                u.is_primary ||
                u.id === currentUserId ||
                (!canGrantSuperAdmin && u.user_org_role === 'super_admin');
              return (
                <Table.Tr key={u.id}>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>
                    <Badge color={ROLE_COLORS[u.user_org_role] ?? 'gray'} variant="light">
                      {orgRoleLabel(u.user_org_role)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{u.phone_number ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(u.last_login)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge size="sm" color={u.terms_accepted ? 'green' : 'red'} variant="light">
                        ToS
                      </Badge>
                      <Badge size="sm" color={u.hipaa_accepted ? 'green' : 'red'} variant="light">
                        HIPAA
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {isAdmin && !locked ? (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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

function InvitationsTable({ cboId, invitations }: { cboId: number; invitations: Invitation[] }) {
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

  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Invited By</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center">
                    {UM.noInvitations}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {invitations.map((inv) => (
              <Table.Tr key={inv.id}>
                <Table.Td>{inv.name}</Table.Td>
                <Table.Td>{inv.email}</Table.Td>
                <Table.Td>{orgRoleLabel(inv.role)}</Table.Td>
                <Table.Td>{inv.invited_by_name ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[inv.status] ?? 'gray'} variant="light">
                    {inv.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{new Date(inv.expires_at).toLocaleString()}</Table.Td>
                <Table.Td>
                  {inv.status === 'pending' ? (
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
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
